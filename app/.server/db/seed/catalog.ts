/**
 * The demo catalog as the tests, the seed's identities and the wizard configuration name it:
 * read from its import files (docs/catalog/demo, demo-catalog.ts), never written here. Plans,
 * carriers and categories get their ids in file order on the empty database the seed imports
 * them into (the seed checks it), and price rows theirs in the rates file's order.
 *
 * Pricing rows follow the rule the pricing engine uses: a row matches when the tier is the
 * quote's tier, the age is within [age_min, age_max], and gender, smoker, state and
 * coverage_amount are null or equal; the most specific row wins (state > gender > smoker).
 * Prices are integer cents; a price of 0 means "tier not offered".
 */
import { demoCatalogUpload } from "./demo-catalog";
import type { Audience } from "~/domain/catalog-import/plans";

const upload = demoCatalogUpload();

export type Tier = "IO" | "IS" | "IC" | "IF";
export const TIERS: Tier[] = ["IO", "IS", "IC", "IF"];

export const CARRIERS = upload.carriers.map((c, i) => ({ id: i + 1, code: c.code, admin_fee_percent: c.adminFeePercent }));

export const CATEGORIES = upload.categories.map(({ file: _f, row: _r, ...c }, i) => ({ id: i + 1, ...c }));

export type CategoryKey = string;

export interface PlanRow {
  id: number;
  code: string;
  category: CategoryKey;
  category_id: number;
  carrier_id: number;
  age_min: number;
  age_max: number;
  audience: Audience;
  active: number;
  is_rider: number;
  is_membership: number;
}

const categoryId = new Map(CATEGORIES.map((c) => [c.key, c.id]));
const carrierId = new Map(CARRIERS.map((c) => [c.code, c.id]));

export const PLANS: PlanRow[] = upload.plans.map((p, i) => ({
  id: i + 1,
  code: p.code,
  category: p.category as string,
  category_id: categoryId.get(p.category as string) as number,
  carrier_id: carrierId.get(p.carrier as string) as number,
  age_min: p.ageMin ?? 18,
  age_max: p.ageMax ?? 100,
  audience: p.audience ?? "all",
  active: p.flags.active ?? 1,
  is_rider: p.flags.is_rider ?? 0,
  is_membership: p.flags.is_membership ?? 0,
}));

const byCode = new Map(PLANS.map((p) => [p.code, p]));

export function planId(code: string): number {
  return planByCode(code).id;
}
export function planByCode(code: string): PlanRow {
  const p = byCode.get(code);
  if (!p) throw new Error(`unknown plan code ${code}`);
  return p;
}
export function plansInCategory(...keys: CategoryKey[]): PlanRow[] {
  return PLANS.filter((p) => keys.includes(p.category));
}

/** Bundles that include term life: the wizard asks for beneficiaries. */
export const LIFE_BUNDLES = ["BND-4-IN-1", "BND-ULTIMATE"];

/** New York City metro: the ZIP3s the metro plan (LUH-METRO-NYC) is sold in, 100–104 and 110–114. */
export const METRO_ZIP3: string[] = upload.plans.find((p) => p.code === "LUH-METRO-NYC")?.zip3s ?? [];

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
}

/** Every demo price row, with the id the import gives it (plans in file order, each plan's rows in file order). */
export const PRICES: PriceRow[] = [...upload.rates.values()].flat().map((r, i) => ({
  id: i + 1,
  plan_id: planId(r.planCode),
  tier: r.tier,
  age_min: r.ageMin,
  age_max: r.ageMax,
  gender: r.gender,
  smoker: r.smoker,
  state: r.state,
  coverage_amount: r.coverageAmount,
  price_cents: r.priceCents,
}));

export interface PriceQuery {
  planId: number;
  tier: string;
  age: number;
  gender?: number | null;
  smoker?: number | null;
  state?: string | null;
  coverage?: number | null;
}

/**
 * The row the pricing rule picks (see the file comment): null when no row matches.
 * Used by the seed for existing members' policies and by the seed test.
 */
export function findPrice<R extends PriceRow>(rows: ReadonlyArray<R>, q: PriceQuery): R | null {
  const planRows = rows.filter((r) => r.plan_id === q.planId);
  const amounts = planRows.map((r) => r.coverage_amount).filter((a): a is number => a != null);
  const coverage = q.coverage ?? (amounts.length ? Math.min(...amounts) : null);
  const eq = <T>(col: T | null | undefined, v: T | null | undefined) => col == null || col === v;
  const matches = planRows.filter(
    (r) =>
      r.tier === q.tier &&
      q.age >= r.age_min &&
      q.age <= r.age_max &&
      eq(r.gender, q.gender) &&
      eq(r.smoker, q.smoker) &&
      eq(r.state, q.state) &&
      eq(r.coverage_amount, coverage),
  );
  const score = (r: R) => (r.state != null ? 4 : 0) + (r.gender != null ? 2 : 0) + (r.smoker != null ? 1 : 0);
  return matches.sort((a, b) => score(b) - score(a) || a.id - b.id)[0] ?? null;
}
