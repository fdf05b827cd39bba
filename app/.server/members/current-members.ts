/**
 * The current-member screens (/agent-select-member, /group-select-member): a searchable,
 * paged table of the visitor's members and Enroll Now → Choose Tier → (dependents) → /plans.
 * The two routes differ only in whose members they list; both call these.
 */
import { redirect, type TypedResponse } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { validationError } from "remix-validated-form";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { field } from "../platform/request";
import { redirectWithSession } from "../platform/respond";
import { startExistingMemberEnrollment } from "./existing-member";
import { findMemberInScope, normaliseMemberQuery, searchMembers, type MemberScope } from "../repositories/members";
import { dependentsInfoValidator, tierChoiceValidator } from "~/forms/quote";
import { isTier, needsChildren, needsSpouse } from "~/domain/tiers";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";
import { isLocale } from "~/i18n";
import { resendSignatureRequest } from "../wizard/text-signature";
import { latestEnrollmentsOfMembers } from "../repositories/enrollments";
import { actorOf, audit } from "../platform/audit";
import { listHref } from "~/utils/current-members";
import type { CurrentMembersData, EnrollMemberDialog } from "~/views/members";
import { carrierStatusOf } from "../carriers/status";
import { recordIdFrom } from "~/domain/record-id";

export type { CurrentMembersData } from "~/views/members";

/** Members table: 5 rows per page (storefront §9). */
export const MEMBERS_PAGE_SIZE = 5;

/** The list state carried in the address: search text and page (dialog keys are dropped). */
export function listParams(url: URL) {
  const q = normaliseMemberQuery(url.searchParams.get("q") ?? "");
  const raw = url.searchParams.get("page") ?? "";
  const page = /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : 1;
  return { q, page };
}

function memberIdFrom(value: string | null) {
  return recordIdFrom(value);
}

const SIGNATURE_NOTICES = ["sent", "limited", "notAwaiting"] as const;
function signatureNotice(value: string | null) {
  return SIGNATURE_NOTICES.find((n) => n === value) ?? null;
}

function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "member-not-found" });
}

/** The list as JSON: every value in it is already JSON (no dates, no undefined), so what the screen reads is exactly `CurrentMembersData`. */
export async function currentMembersData(
  services: Services,
  request: Request,
  session: StoreSession,
  scope: MemberScope,
  basePath: string,
): Promise<TypedResponse<CurrentMembersData>> {
  const url = new URL(request.url);
  const list = listParams(url);
  const lng = await services.i18n.getLocale(request);
  const locale = isLocale(lng) ? lng : "en";
  const result = await searchMembers(services.db, scope, list.q, list.page, MEMBERS_PAGE_SIZE, locale);
  const pageCount = Math.max(1, Math.ceil(result.total / MEMBERS_PAGE_SIZE));
  const histories = await latestEnrollmentsOfMembers(
    services.db,
    result.rows.map((m) => m.id),
    scope,
  );
  // where each plan stands at its carrier (issue 29)
  const carrier = new Map(
    (await carrierStatusOf(services.db, [...new Set(result.rows.flatMap((m) => m.plans.map((p) => p.policyId)))], locale)).map((c) => [
      `${c.policyId}:${c.planId}`,
      { state: c.state, on: c.on },
    ]),
  );
  // Viewing the list is on the audit trail (never what was searched for: it may be a name).
  await audit(services, session, { kind: "members.view" });

  // Enroll Now: ?member=ID&step=tier, then ?member=ID&step=dependents&tier=IS|IC|IF
  let dialog: EnrollMemberDialog | null = null;
  const step = url.searchParams.get("step");
  if (step === "tier" || step === "dependents") {
    const memberId = memberIdFrom(url.searchParams.get("member"));
    const member = memberId ? await findMemberInScope(services.db, memberId, scope) : undefined;
    if (!member) notFound();
    const tier = url.searchParams.get("tier");
    const dependents = step === "dependents" && isTier(tier) && (needsSpouse(tier) || needsChildren(tier));
    dialog = {
      step: dependents ? "dependents" : "tier",
      memberId: member.id,
      memberName: `${member.first_name} ${member.last_name}`,
      tier: dependents ? tier : null,
    };
  }

  return json<CurrentMembersData>({
    basePath,
    q: list.q,
    page: result.page,
    pageCount,
    total: result.total,
    members: result.rows.map((m) => ({
      id: m.id,
      name: `${m.first_name} ${m.last_name}`,
      dob: isoToUsDate(m.birthdate),
      email: m.email,
      ssn: maskSsn(m.ssn_last4) || null,
      groupName: m.group_name,
      plans: m.plans.map((p) => ({
        name: p.name,
        inactive: p.status === "INACTIVE",
        awaitingSignature: p.awaitingSignature,
        carrier: carrier.get(`${p.policyId}:${p.planId}`) ?? { state: "waiting" as const, on: null },
      })),
      awaitingSignature: m.plans.some((p) => p.awaitingSignature),
      historyHref: histories.has(m.id) ? `/enrollment-history/${histories.get(m.id)}` : null,
    })),
    dialog,
    // after "Send the signature link again": sent, limited or notAwaiting
    signature: signatureNotice(url.searchParams.get("signature")),
  });
}

/**
 * The actions on a current member — Enroll Now, or sending the signature link again. Enroll
 * Now for a member: the member must be in the visitor's scope (a tampered id is a
 * 404 and nothing is created), then the tier, then the dependents when the tier needs them.
 */
export async function enrollCurrentMember(
  services: Services,
  request: Request,
  session: StoreSession,
  form: FormData,
  scope: MemberScope,
  basePath: string,
) {
  const memberId = memberIdFrom(field(form, "memberId", 12));
  const member = memberId ? await findMemberInScope(services.db, memberId, scope) : undefined;
  if (!member) {
    services.log.warn("current member refused", { path: basePath });
    notFound();
  }
  const list = listParams(new URL(request.url));
  const intent = field(form, "intent", 20);
  if (intent === "resend-signature") {
    const lng = await services.i18n.getLocale(request);
    const sent = await resendSignatureRequest(services, member.id, isLocale(lng) ? lng : "en", actorOf(session));
    return redirect(listHref(basePath, list, { signature: sent }));
  }
  if (intent === "dependents") {
    const result = await dependentsInfoValidator(todayIso(services.now())).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const enrollmentId = await startExistingMemberEnrollment(services, request, session, member, result.data);
    await audit(services, session, { kind: "member.enroll", enrollmentId, memberId: member.id });
    return redirectWithSession(services, session, "/plans");
  }
  const result = await tierChoiceValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const { tier } = result.data;
  if (needsSpouse(tier) || needsChildren(tier))
    return redirect(listHref(basePath, list, { member: String(member.id), step: "dependents", tier }));
  const enrollmentId = await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  await audit(services, session, { kind: "member.enroll", enrollmentId, memberId: member.id });
  return redirectWithSession(services, session, "/plans");
}
