/**
 * The visitor's own temp enrollment and the facts it is priced on. An enrollment is only
 * ever reached through the tempId in this visitor's signed session.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { ageOn, todayIso } from "~/domain/dates";
import { effectiveDateOptions } from "~/domain/effective-dates";
import type { QuoteFacts } from "~/domain/pricing";
import { isTier, tierLabelKey } from "~/domain/tiers";
import { loadCatalog } from "../repositories/catalog";
import { activePlanIds, planAnswerOutcomes } from "../repositories/cart";
import { findGroup, findMember, findPortal } from "../repositories/entry";
import { isoToUsDate } from "~/domain/dates";
import type { FilterSummary, SelectionBanner } from "~/views/shopping";
import { cartLinesOnce, enrollmentOnce } from "./page-reads";
import { referenceData } from "../repositories/reference-data";
import type { Locale } from "~/domain/locale";
import type { RequestContext } from "../platform/request-context";
import { portalName } from "~/domain/portal";

/** An enrollment still being shopped for or checked out (a completed or cancelled one opens nothing). */
export const OPEN_STATUSES: ReadonlySet<string> = new Set(["shopping", "checked_out"]);

/** The session's enrollment while it can still be shopped or enrolled; otherwise none. */
export async function currentEnrollment(services: Services, session: StoreSession): Promise<Enrollment | null> {
  const id = session.get("tempId");
  if (!id) return null;
  const enrollment = await enrollmentOnce(services, id);
  if (!enrollment || !OPEN_STATUSES.has(enrollment.status)) {
    session.unset("tempId");
    return null;
  }
  return enrollment;
}

export async function effectiveDateRule(services: Services, groupId: number | null) {
  const { effectiveDateRules: rules } = await referenceData(services.db);
  return (
    rules.find((r) => groupId !== null && r.group_id === groupId) ??
    rules.find((r) => r.group_id === null) ?? { days_of_month: "1", months_ahead: 3, min_days_ahead: 1 }
  );
}

/**
 * The catalog in force for this enrollment's coverage (its pricing date: ADR 022), or today's for
 * a visitor without one. Plan attributes are the same in every version; prices and whether a plan
 * is offered are not.
 */
export async function catalogFor(services: Services, enrollment: Enrollment | null) {
  return loadCatalog(services.db, enrollment ? await pricingDate(services, enrollment) : todayIso(services.now()));
}

/** Today's catalog: what a visitor without a quote browses (names, questions, categories). */
export function catalogToday(services: Services) {
  return loadCatalog(services.db, todayIso(services.now()));
}

/** The date coverage would start: the one chosen at checkout, else the first one offered. */
export async function pricingDate(services: Services, enrollment: Enrollment) {
  if (enrollment.effective_date) return enrollment.effective_date;
  const rule = await effectiveDateRule(services, enrollment.group_id);
  return effectiveDateOptions(rule, todayIso(services.now()))[0] ?? todayIso(services.now());
}

export async function quoteFacts(services: Services, enrollment: Enrollment): Promise<QuoteFacts> {
  const on = await pricingDate(services, enrollment);
  return {
    state: enrollment.state,
    zip: enrollment.zip,
    age: enrollment.birthdate ? ageOn(enrollment.birthdate, on) : null,
    tier: isTier(enrollment.tier) ? enrollment.tier : null,
    gender: enrollment.gender,
    smoker: enrollment.is_smoker,
    annualIncome: enrollment.annual_income,
    workingHours: enrollment.working_hours,
  };
}

/** Has this enrollment got the quote details pricing needs? */
export function isQuoted(enrollment: Enrollment | null): enrollment is Enrollment {
  return Boolean(enrollment && enrollment.zip && enrollment.birthdate && enrollment.tier && enrollment.gender !== null);
}

/** Everything a plan screen needs about the visitor's quote and cart, in a few queries (the session and language from the request's context). */
export async function shoppingContext(ctx: RequestContext) {
  const { services } = ctx;
  const session = await ctx.session;
  const enrollment = await currentEnrollment(services, session);
  const quoted = isQuoted(enrollment) ? enrollment : null;
  const locale = await ctx.locale;
  const [catalog, facts, lines, outcome, banner, active] = await Promise.all([
    catalogFor(services, quoted),
    quoted ? quoteFacts(services, quoted) : Promise.resolve(null),
    enrollment ? cartLinesOnce(services, enrollment.id) : Promise.resolve([]),
    enrollment ? planAnswerOutcomes(services.db, services.cipher, enrollment.id) : Promise.resolve(() => null),
    selectionBanner(services, session, enrollment, locale),
    // a current member's active plans: one read per page (none for anyone else), never per card
    enrollment?.member_id ? activePlanIds(services.db, enrollment.member_id) : Promise.resolve([]),
  ]);
  const premierInCart = lines.some((l) => catalog.plans.get(l.plan_id)?.is_premier === 1);
  const filter = filterSummary(quoted, premierInCart);
  return {
    session,
    enrollment,
    quoted,
    facts,
    locale,
    over65: session.get("over65") ?? false,
    catalog,
    lines,
    cartPlanIds: new Set(lines.map((l) => l.plan_id)),
    /** a current member's plans held active: shown as their current plan, never with an add (issue 26 #8) */
    activePlanIds: new Set(active) as ReadonlySet<number>,
    /** a premier plan is in the cart: IC is labelled 'Member + 1 Child' (storefront §3) */
    premierInCart,
    outcome: outcome as (planId: number, kind: "eligibility" | "enroll") => "accepted" | "declined" | null,
    filter,
    banner,
  };
}

/** What the filter bar and the Basic Details form show for an enrollment. */
export function filterSummary(enrollment: Enrollment | null, premierInCart = false): FilterSummary | null {
  if (!enrollment || !enrollment.zip || !enrollment.birthdate) return null;
  return {
    zip: enrollment.zip,
    state: enrollment.state,
    gender: enrollment.gender,
    smoker: enrollment.is_smoker,
    tier: enrollment.tier,
    tierLabelKey: isTier(enrollment.tier) ? tierLabelKey(enrollment.tier, { premierInCart }) : null,
    dob: isoToUsDate(enrollment.birthdate),
    spouseDob: isoToUsDate(enrollment.spouse_birthdate),
    childCount: enrollment.child_count ?? 0,
    annualIncome: enrollment.annual_income,
    workingHours: enrollment.working_hours,
    category: enrollment.category,
  };
}

/**
 * The selected group (with code), the member (existing member) and the portal (with code). A
 * group's own plans (a new group member, or a group admin's "View Plans") show the group.
 */
export async function selectionBanner(
  services: Services,
  session: StoreSession,
  enrollment: Enrollment | null,
  locale: Locale,
): Promise<SelectionBanner> {
  const s = session.all();
  const groupId = enrollment?.group_id ?? (s.enrollType === "new-group-member" || s.groupViewPlans ? s.groupId : undefined);
  const portalId = enrollment?.portal_id ?? s.portalId;
  const memberId = enrollment?.member_id ?? (s.enrollType === "existing-member" ? s.memberId : undefined);
  const [group, portal, member] = await Promise.all([
    groupId ? findGroup(services.db, groupId) : undefined,
    portalId ? findPortal(services.db, portalId) : undefined,
    memberId ? findMember(services.db, memberId) : undefined,
  ]);
  return {
    group: group ? { name: group.company_name, code: group.group_code } : null,
    portal: portal ? { name: portalName(portal, locale), code: portal.code } : null,
    member: member ? { name: `${member.first_name} ${member.last_name}` } : null,
    /** where "Current Member" in the breadcrumb leads: the rep's or the group's member list */
    /** (only for a verified rep or group admin: the list is theirs alone, issue 15) */
    membersHref:
      session.staff?.kind === "rep" ? "/agent-select-member" : session.staff?.kind === "group_admin" ? "/group-select-member" : null,
  };
}
