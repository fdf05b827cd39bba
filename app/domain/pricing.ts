/**
 * The pricing engine (storefront §4 "Plan pricing outcomes", §8 pricing errors, §9).
 * Pure: it is handed a plan, that plan's price rows and the quote, and answers with the
 * prices the applicant can buy or the spec's errorCode.
 *
 * A price row matches when its tier is the quote's, the age is within its band, and its
 * gender, smoker, state and coverage amount are either unset or equal to the quote's (the
 * coverage is the chosen amount, by default the lowest: LOW_COST). A row of a rating area (an
 * imported CMS rate filing, ADR 022) matches only a ZIP whose first three digits are in the area.
 * The most specific match wins (rating area, then state, then gender, then smoker). A matched
 * price of 0 means the tier is not sold.
 */
import type { Tier } from "./tiers";

export interface PricedPlan {
  id: number;
  all_states: number;
  age_min: number;
  age_max: number;
  tobacco_rated: number;
  requires_salary: number;
  min_working_hours: number | null;
  salary_rate_cents_per_k: number | null;
  /** where it is sold when all_states = 0 */
  states: readonly string[];
  /** ZIP3 prefixes it is limited to (empty: everywhere) */
  areas: readonly string[];
}

export interface PriceRow {
  id: number;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  gender: number | null;
  smoker: number | null;
  state: string | null;
  coverage_amount: number | null;
  price_cents: number;
  /** the ZIP3 prefixes of the row's rating area; absent or null: anywhere in its state */
  zip3s?: ReadonlySet<string> | null;
}

export interface QuoteFacts {
  state: string | null;
  zip: string | null;
  /** age on the effective date */
  age: number | null;
  tier: Tier | null;
  gender: number | null;
  /** 1 yes, 0 no, null not answered */
  smoker: number | null;
  annualIncome: number | null;
  workingHours: number | null;
}

export const PRICING_ERRORS = ["stateError", "metError", "ageError", "tierError", "smokerError", "salaryError", "hourError"] as const;
export type PricingErrorCode = (typeof PRICING_ERRORS)[number];

export interface PriceEntry {
  /** pid */
  planId: number;
  /** ppid */
  planPriceId: number;
  priceCents: number;
  coverageAmount: number | null;
}

export type PricingResult = { ok: true; entries: PriceEntry[] } | { ok: false; errorCode: PricingErrorCode };

const eq = <T>(col: T | null, v: T | null) => col === null || col === v;
const specificity = (r: PriceRow) =>
  (r.zip3s ? 8 : 0) + (r.state !== null ? 4 : 0) + (r.gender !== null ? 2 : 0) + (r.smoker !== null ? 1 : 0);

/** Coverage amounts the plan offers, lowest first (empty: not coverage-based). */
export function coverageAmounts(rows: readonly PriceRow[]) {
  return [...new Set(rows.map((r) => r.coverage_amount).filter((a): a is number => a !== null))].sort((a, b) => a - b);
}

/** Gender 2, "others", is offered on the plan page only (storefront §3). */
export const GENDER_OTHERS = 2;

/**
 * The row the rule picks for one tier, smoker answer and coverage. Gender "others" pays the
 * higher of the male and female rates of a plan rated by gender (the one rate of any other).
 */
export function matchRow(
  rows: readonly PriceRow[],
  q: {
    tier: string;
    age: number;
    gender: number | null;
    smoker: number | null;
    state: string | null;
    coverage: number | null;
    /** the quote's ZIP3 (rating-area rows match only their own) */
    zip3?: string | null;
  },
): PriceRow | null {
  if (q.gender === GENDER_OTHERS) {
    const male = matchRow(rows, { ...q, gender: 0 });
    const female = matchRow(rows, { ...q, gender: 1 });
    return female && (!male || female.price_cents > male.price_cents) ? female : male;
  }
  let best: PriceRow | null = null;
  for (const r of rows) {
    if (r.tier !== q.tier || q.age < r.age_min || q.age > r.age_max) continue;
    if (!eq(r.gender, q.gender) || !eq(r.smoker, q.smoker) || !eq(r.state, q.state) || !eq(r.coverage_amount, q.coverage)) continue;
    if (r.zip3s && !(q.zip3 && r.zip3s.has(q.zip3))) continue;
    if (!best || specificity(r) > specificity(best) || (specificity(r) === specificity(best) && r.id < best.id)) best = r;
  }
  return best;
}

function salaryPart(plan: PricedPlan, income: number | null) {
  if (!plan.requires_salary || !plan.salary_rate_cents_per_k || !income) return 0;
  return Math.round((income / 1000) * plan.salary_rate_cents_per_k);
}

/**
 * A plan priced by salary has no price until the salary is known: its rows hold only the base,
 * and showing that as the price would be false (issue 26 #6).
 */
export function needsSalaryForPrice(plan: Pick<PricedPlan, "requires_salary">, facts: Pick<QuoteFacts, "annualIncome">): boolean {
  return Boolean(plan.requires_salary) && !facts.annualIncome;
}

/** Is the plan sold where and to whom the quote says (state, area, age)? */
export function availability(plan: PricedPlan, facts: Pick<QuoteFacts, "state" | "zip" | "age">): PricingErrorCode | null {
  if (!plan.all_states && (!facts.state || !plan.states.includes(facts.state))) return "stateError";
  if (plan.areas.length && (!facts.zip || !plan.areas.includes(facts.zip.slice(0, 3)))) return "metError";
  if (facts.age === null || facts.age < plan.age_min || facts.age > plan.age_max) return "ageError";
  return null;
}

export function pricePlan(
  plan: PricedPlan,
  rows: readonly PriceRow[],
  facts: QuoteFacts,
  options: { coverage?: number | null } = {},
): PricingResult {
  const unavailable = availability(plan, facts);
  if (unavailable) return { ok: false, errorCode: unavailable };
  const age = facts.age as number;
  const zip3 = facts.zip ? facts.zip.slice(0, 3) : null;
  if (!facts.tier) return { ok: false, errorCode: "tierError" };
  const amounts = coverageAmounts(rows);
  const wanted = options.coverage !== undefined && options.coverage !== null ? [options.coverage] : amounts.length ? amounts : [null];
  // Tier: is there any positive price for it (whatever the smoker answer turns out to be)?
  const smokerAnswers = facts.smoker === null ? [0, 1] : [facts.smoker];
  const sold = wanted.some((coverage) =>
    smokerAnswers.some(
      (smoker) =>
        (matchRow(rows, { tier: facts.tier as string, age, gender: facts.gender, smoker, state: facts.state, coverage, zip3 })
          ?.price_cents ?? 0) > 0,
    ),
  );
  if (!sold) return { ok: false, errorCode: "tierError" };
  if (plan.tobacco_rated && facts.smoker === null) return { ok: false, errorCode: "smokerError" };
  if (plan.requires_salary && !facts.annualIncome) return { ok: false, errorCode: "salaryError" };
  if (plan.min_working_hours !== null && (facts.workingHours === null || facts.workingHours < plan.min_working_hours))
    return { ok: false, errorCode: "hourError" };

  const entries: PriceEntry[] = [];
  for (const coverage of wanted) {
    const row = matchRow(rows, {
      tier: facts.tier,
      age,
      gender: facts.gender,
      smoker: facts.smoker ?? 0,
      state: facts.state,
      coverage,
      zip3,
    });
    if (row && row.price_cents > 0)
      entries.push({
        planId: plan.id,
        planPriceId: row.id,
        priceCents: row.price_cents + salaryPart(plan, facts.annualIncome),
        coverageAmount: row.coverage_amount,
      });
  }
  return entries.length ? { ok: true, entries } : { ok: false, errorCode: "tierError" };
}

/**
 * The card's tier prices: each tier priced for the applicant (age, gender, smoker — a
 * non-smoker when not answered — state), lowest coverage; 0 when the tier is not sold, and
 * every tier 0 for a salary-priced plan while the salary is unknown.
 */
export function tierPrices(
  plan: PricedPlan,
  rows: readonly PriceRow[],
  facts: QuoteFacts,
  tiers: readonly Tier[],
): Array<{ tier: Tier; priceCents: number }> {
  if (availability(plan, facts) || needsSalaryForPrice(plan, facts)) return tiers.map((tier) => ({ tier, priceCents: 0 }));
  const coverage = coverageAmounts(rows)[0] ?? null;
  return tiers.map((tier) => {
    const row = matchRow(rows, {
      tier,
      age: facts.age as number,
      gender: facts.gender ?? 0,
      smoker: facts.smoker ?? 0,
      state: facts.state,
      coverage,
      zip3: facts.zip ? facts.zip.slice(0, 3) : null,
    });
    return { tier, priceCents: row && row.price_cents > 0 ? row.price_cents + salaryPart(plan, facts.annualIncome) : 0 };
  });
}

/** Find the entry a form posted (plan and price ids must belong together and be sellable now). */
export function entryFor(result: PricingResult, planPriceId: number) {
  return result.ok ? (result.entries.find((e) => e.planPriceId === planPriceId) ?? null) : null;
}
