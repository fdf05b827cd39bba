/**
 * What a quote link opens (issue 23, ADR 003): a COPY of the quoted cart in a new shopping
 * enrollment — the facts that price the cart and the site/brand it was made in — never the
 * enrollment behind the link, and nothing that left the cart. Pure: the use case reads the
 * source and writes the copy.
 */
import type { SessionData } from "./session";
import type { SiteKind } from "./home-target";

/** The columns of the quoted enrollment a copy may read. */
export interface QuoteSource {
  site_id: number | null;
  zip: string | null;
  state: string | null;
  birthdate: string | null;
  gender: number | null;
  tier: string | null;
  is_smoker: number | null;
  spouse_birthdate: string | null;
  child_count: number | null;
  annual_income: number | null;
  working_hours: number | null;
  coverage: string;
  category: string | null;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  referral_id: number | null;
}

/**
 * The new enrollment's columns and the opener's session. The opener is always an applicant
 * shopping for a NEW member: never the quote's rep (eprocess rep), never an employee under a
 * group's code (eprocess group, which opens the group home), never the member of a member-store
 * quote (no member_id, enroll type existing-member). The rep, group and portal stay, so the brand
 * and the prices are the quote's — as a rep's or group's public landing would set them (session-mode
 * enterLanding): a group's cart is a group member's only on that group's white-label site.
 * Not copied: the effective date, the step list and every step, answers, payment, notes, the policy.
 */
export function quoteCopy(source: QuoteSource, o: { siteKind: SiteKind | null; locale: string; referralCode: string | null }) {
  const groupId = source.group_id;
  const enrollType = groupId && o.siteKind === "white_label" ? ("new-group-member" as const) : ("new-member" as const);
  const openType = groupId ? ("group" as const) : source.agent_id ? ("agent" as const) : null;
  const values = {
    locale: o.locale,
    site_id: source.site_id,
    zip: source.zip,
    state: source.state,
    birthdate: source.birthdate,
    gender: source.gender,
    tier: source.tier,
    is_smoker: source.is_smoker,
    spouse_birthdate: source.spouse_birthdate,
    child_count: source.child_count,
    annual_income: source.annual_income,
    working_hours: source.working_hours,
    coverage: source.coverage,
    category: source.category,
    eprocess: "applicant",
    open_type: openType,
    enroll_type: enrollType,
    type: "new-user",
    agent_id: source.agent_id,
    group_id: groupId,
    portal_id: source.portal_id,
    member_id: null,
    referral_id: o.referralCode ? source.referral_id : null,
  };
  const session: SessionData = {
    eprocess: "applicant",
    enrollType,
    repAuthenticated: true,
    ...(openType ? { openType } : {}),
    ...(source.agent_id ? { agentId: source.agent_id } : {}),
    ...(groupId ? { groupId } : {}),
    ...(source.portal_id ? { portalId: source.portal_id } : {}),
    ...(o.referralCode ? { referral: o.referralCode, referralValid: true } : {}),
  };
  return { values, session };
}

/** Lines a copy carries: a plan that asks its buyer questions before it is added is not copied (the answers are the quoter's). */
export function linesToCopy<L extends { id: number; plan_id: number; paired_line_id: number | null }>(
  lines: readonly L[],
  asksQuestions: (planId: number) => boolean,
) {
  const mains = lines.filter((l) => l.paired_line_id === null);
  const kept: Array<{ line: L; pairedWith: number | null }> = [];
  const skipped: number[] = [];
  for (const main of mains) {
    if (asksQuestions(main.plan_id)) {
      skipped.push(main.plan_id);
      continue;
    }
    const at = kept.length;
    kept.push({ line: main, pairedWith: null });
    for (const paired of lines.filter((l) => l.paired_line_id === main.id)) kept.push({ line: paired, pairedWith: at });
  }
  return { kept, skipped };
}
