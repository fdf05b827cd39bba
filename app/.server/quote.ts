/**
 * The quote: validate, check the ZIP against the bundled table, then create the temp
 * enrollment (first time) or update it, re-price the cart, and redirect.
 */
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Services } from "./services";
import type { StoreSession } from "./session";
import { zipLookup } from "./adapters/zip";
import { createEnrollment, updateEnrollment } from "./repositories/enrollments";
import { loadCatalog } from "./repositories/catalog";
import { findGroup, findMember, findPortal, findReferral } from "./repositories/entry";
import { hostOf, siteForHost } from "./repositories/sites";
import { currentEnrollment } from "./shopping";
import { repriceCart } from "./cart";
import { quoteValidator, type QuoteInput } from "~/forms/quote";
import { todayIso, isoToUsDate } from "~/domain/dates";
import type { Enrollment } from "./db/schema";
import { isLocale } from "~/i18n";

export async function submitQuote(
  services: Services,
  request: Request,
  session: StoreSession,
  form: FormData,
  options: { requireCategory: boolean; next: (category: string | null) => string },
) {
  const result = await quoteValidator(todayIso(services.now()), options.requireCategory).validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const input: QuoteInput = result.data;
  const state = zipLookup.stateFor(input.zip);
  if (!state) return validationError({ fieldErrors: { zip: "validation.zipInvalid" }, formId: result.formId }, result.submittedData);
  if (input.category) {
    const catalog = await loadCatalog(services.db);
    if (!catalog.categories.some((c) => c.key === input.category)) return validationError({ fieldErrors: { category: "validation.chooseCategory" }, formId: result.formId }, result.submittedData);
  }

  await saveQuote(services, request, session, {
    zip: input.zip,
    state,
    birthdate: input.birthdate,
    gender: input.gender,
    tier: input.tier,
    is_smoker: input.smoker,
    spouse_birthdate: input.spouseBirthdate,
    child_count: input.childCount || null,
    ...(input.category ? { category: input.category } : {}),
  });
  return redirect(options.next(input.category), { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export type QuoteFilter = Partial<Pick<Enrollment, "zip" | "state" | "birthdate" | "gender" | "tier" | "is_smoker" | "spouse_birthdate" | "child_count" | "category">>;

/**
 * Creates the temp enrollment the first time (in the session's mode), or updates it and
 * re-prices the cart; plans the new details cannot buy leave the cart with a notice.
 */
export async function saveQuote(services: Services, request: Request, session: StoreSession, filter: QuoteFilter) {
  const lng = await services.i18n.getLocale(request);
  const locale = isLocale(lng) ? lng : "en";
  const existing = await currentEnrollment(services, session);
  if (existing) {
    await updateEnrollment(services.db, existing.id, { ...filter, locale }, services.now());
    const removed = await repriceCart(services, { ...existing, ...filter } as Enrollment, locale);
    if (removed.length) session.flash({ kind: "warning", key: "quote.removedFromCart", values: { plans: removed.join(", ") } });
    return existing.id;
  }
  const s = session.all();
  const site = await siteForHost(services.db, hostOf(request));
  const referral = s.referral ? await findReferral(services.db, s.referral) : undefined;
  const id = await createEnrollment(
    services.db,
    {
      tier: "IO",
      ...filter,
      locale,
      site_id: site.id,
      eprocess: s.eprocess ?? "applicant",
      open_type: s.openType ?? null,
      enroll_type: s.enrollType ?? "new-member",
      type: s.enrollType === "existing-member" ? "existing" : "new-user",
      agent_id: s.agentId ?? null,
      group_id: s.groupId ?? null,
      portal_id: s.portalId ?? null,
      member_id: s.enrollType === "existing-member" ? (s.memberId ?? null) : null,
      referral_id: referral?.id ?? null,
    },
    services.now(),
  );
  session.set("tempId", id);
  if (!s.enrollType) session.set("enrollType", "new-member");
  return id;
}

/** What the filter bar and the Basic Details form show for an enrollment. */
export function filterSummary(enrollment: Enrollment | null) {
  if (!enrollment || !enrollment.zip || !enrollment.birthdate) return null;
  return {
    zip: enrollment.zip,
    state: enrollment.state,
    gender: enrollment.gender,
    smoker: enrollment.is_smoker,
    tier: enrollment.tier,
    dob: isoToUsDate(enrollment.birthdate),
    spouseDob: isoToUsDate(enrollment.spouse_birthdate),
    childCount: enrollment.child_count ?? 0,
    annualIncome: enrollment.annual_income,
    workingHours: enrollment.working_hours,
    category: enrollment.category,
  };
}
export type FilterSummary = NonNullable<ReturnType<typeof filterSummary>>;

/** The selected group (with code), the member (existing member) and the portal (with code). */
export async function selectionBanner(services: Services, session: StoreSession, enrollment: Enrollment | null) {
  const s = session.all();
  const groupId = enrollment?.group_id ?? (s.enrollType === "new-group-member" ? s.groupId : undefined);
  const portalId = enrollment?.portal_id ?? s.portalId;
  const memberId = enrollment?.member_id ?? (s.enrollType === "existing-member" ? s.memberId : undefined);
  const [group, portal, member] = await Promise.all([
    groupId ? findGroup(services.db, groupId) : undefined,
    portalId ? findPortal(services.db, portalId) : undefined,
    memberId ? findMember(services.db, memberId) : undefined,
  ]);
  return {
    group: group ? { name: group.company_name, code: group.group_code } : null,
    portal: portal ? { name: portal.name, code: portal.code } : null,
    member: member ? { name: `${member.first_name} ${member.last_name}` } : null,
    /** where "Current Member" in the breadcrumb leads: the rep's or the group's member list */
    membersHref: s.eprocess === "rep" ? "/agent-select-member" : s.eprocess === "group" ? "/group-select-member" : null,
  };
}
export type SelectionBanner = Awaited<ReturnType<typeof selectionBanner>>;
