/** Starting an enrollment for an existing member (member home, current-member screens). */
import type { Services } from "./services";
import type { StoreSession } from "./session";
import { createEnrollment } from "./repositories/enrollments";
import { hostOf, siteForHost } from "./repositories/sites";
import { existingMemberEnrollment, type ExistingMemberChoice, type MemberFacts } from "~/domain/existing-member";
import { isLocale } from "~/i18n";

export async function startExistingMemberEnrollment(services: Services, request: Request, session: StoreSession, member: MemberFacts, choice: ExistingMemberChoice) {
  const site = await siteForHost(services.db, hostOf(request));
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
  session.set("memberId", member.id);
  if (member.portal_id) session.set("portalId", member.portal_id);
  if (member.group_id) session.set("groupId", member.group_id);
  return id;
}
