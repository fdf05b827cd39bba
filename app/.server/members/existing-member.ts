/** Starting an enrollment for an existing member (member home, current-member screens). */
import { employeeOnFile } from "../employers/invitations";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { createEnrollment } from "../repositories/enrollments";
import { findMember } from "../repositories/entry";
import { memberIdentity } from "../repositories/members-identity";
import { siteOf } from "../store/site";
import { existingMemberEnrollment, type ExistingMemberChoice, type MemberFacts } from "~/domain/existing-member";
import { isLocale } from "~/i18n";

export async function startExistingMemberEnrollment(
  services: Services,
  request: Request,
  session: StoreSession,
  member: MemberFacts,
  choice: ExistingMemberChoice,
) {
  const site = await siteOf(services, request);
  const lng = await services.i18n.getLocale(request);
  const s = session.all();
  const values = existingMemberEnrollment(member, choice, {
    eprocess: s.eprocess ?? "applicant",
    openType: s.openType,
    agentId: s.agentId,
    locale: isLocale(lng) ? lng : "en",
    siteId: site.id,
  });
  const id = await createEnrollment(services.db, values, services.now());
  session.set("tempId", id);
  session.set("enrollType", "existing-member");
  // another member than the link's this browser came in by: that link no longer speaks for the session
  if (session.get("memberId") !== member.id) session.unset("memberLinkUntil");
  session.set("memberId", member.id);
  if (member.portal_id) session.set("portalId", member.portal_id);
  if (member.group_id) session.set("groupId", member.group_id);
  return id;
}

/** The member the session shops for (member home, a plan's tier choice), if any. */
export async function sessionMember(services: Services, session: StoreSession) {
  const memberId = session.get("memberId");
  return memberId ? findMember(services.db, memberId) : undefined;
}

/** An existing member's identity on file, to prefill the wizard (SSN decrypted); null for a new member. */
export async function memberOnFile(
  services: Services,
  enrollment: Pick<Enrollment, "member_id" | "id" | "group_id">,
  session: StoreSession,
) {
  // an employee's invitation started it: their roster row (name; e-mail and address once this
  // browser proved it is theirs; never the SSN) (issue 28, ADR 023 addendum w8). Only a group's
  // enrollment can have one: no query for anyone else (ADR 016).
  if (!enrollment.member_id) return enrollment.group_id ? employeeOnFile(services, enrollment.id, session) : null;
  const member = await memberIdentity(services.db, services.cipher, enrollment.member_id);
  if (member?.ssnUnreadable)
    services.log.warn("member SSN sealed with a key no longer configured: asked again", { memberId: enrollment.member_id! });
  return member;
}
