/**
 * In-house recommendation service (spec §7 "Recommendation service", §9: at most 5).
 *
 * Three signals, all read from the catalog and from past carts and purchases:
 * - association: plans that shared a basket (another enrollment's cart, or one policy's
 *   plans) with the plans the visitor has (their cart, or the plan page they are on);
 * - popularity: the plan's editorial popularity plus how often it was carted or bought;
 * - filter: plans from categories the visitor has not covered yet (diversity); on a plan
 *   page the viewed plan's category counts as covered, as its plan does.
 *
 * score = 3·association/maxAssociation + popularity/maxPopularity + (1 if new category),
 * ordered by score desc, then plan id asc, so the output is deterministic.
 *
 * Every call runs one small query whatever the catalog size and the history: the plans in the
 * visitor's cart and the data version. Which plans they may be offered is read from the catalog
 * in force on their coverage date, held in memory (the one their listing is priced from: a plan
 * the listing cannot price is never recommended, issue 24). The aggregates over every past cart
 * and purchase (how often each plan was carted or bought, and with which other plans) are held in memory per database
 * and read again (one query) only when `recommendation_data.version` says carts or purchases
 * changed (triggers keep it, migration 012), so their cost no longer grows with each page.
 */
import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import { precompiledRows } from "../db/precompiled";
import type { Audience, Database } from "../db/schema";
import type { Catalog, CatalogPlan } from "../repositories/catalog";
import { GENDER_OTHERS, type PriceRow } from "~/domain/pricing";

export interface RecommendationInput {
  /** the catalog in force on the visitor's coverage date (repositories/catalog.ts loadCatalog): what their listing is priced from */
  catalog: Catalog;
  /** the visitor's temp enrollment (its cart_lines are "the cart") */
  enrollmentId: number | null;
  state: string | null;
  tier: string | null;
  age: number | null;
  gender: number | null;
  /** audience: 'all' plus 'over65' or 'under65' */
  over65: boolean;
  /** when on a plan page: recommend around this plan */
  planId?: number | null;
  /** default 5, never more than 5 */
  limit?: number;
}

export type RecommendationReason = "association" | "popularity" | "filter";

export interface Recommendation {
  planId: number;
  score: number;
  reasons: RecommendationReason[];
}

export interface RecommendationService {
  recommend(input: RecommendationInput): Promise<Recommendation[]>;
}

/** The carousel never shows more than five (spec §9). */
export const MAX_RECOMMENDATIONS = 5;

const WEIGHT = { association: 3, popularity: 1, filter: 1 } as const;

/**
 * `dialect`: the query is compiled once per shape (which of the visitor's facts are known) and
 * then only run with each visitor's values (db/precompiled.ts); without it, built per call.
 */
export function createRecommendationService(db: DB, dialect?: Dialect): RecommendationService {
  return {
    async recommend(input) {
      const limit = clampLimit(input.limit);
      if (limit === 0) return [];

      const { version, context, candidates } = await loadPlans(db, dialect, input);
      if (candidates.length === 0) return [];
      const aggregates = await aggregatesAt(db, version);

      // On a plan page we recommend around that plan; otherwise around the cart.
      const seeds = input.planId != null ? [input.planId] : context.cartPlanIds;
      const association = seeds.length > 0 ? associationOf(aggregates, seeds, context.ownCartPlanIds) : new Map<number, number>();

      const scored = candidates.map((c) => ({ ...c, popularity: c.popularity + (aggregates.together.get(c.id)?.get(c.id) ?? 0) }));
      return rank(scored, association, context.categoryIds).slice(0, limit);
    },
  };
}

// ---------------------------------------------------------------- inputs

function clampLimit(limit: number | undefined) {
  if (limit == null) return MAX_RECOMMENDATIONS;
  if (!Number.isFinite(limit)) return limit > 0 ? MAX_RECOMMENDATIONS : 0;
  return Math.max(0, Math.min(Math.floor(limit), MAX_RECOMMENDATIONS));
}

const normState = (s: string | null) => (s && s.trim() ? s.trim().toUpperCase() : null);
const normTier = (t: string | null) => (t && t.trim() ? t.trim().toUpperCase() : null);
const knownNumber = (n: number | null) => (n != null && Number.isFinite(n) ? n : null);

// ---------------------------------------------------------------- queries

interface Context {
  cartPlanIds: number[];
  /** every plan in the visitor's own cart (the viewed plan too, when it is in the cart) */
  ownCartPlanIds: number[];
  /** categories the visitor already has (cart, or the plan being viewed) */
  categoryIds: Set<number>;
}

interface Candidate {
  id: number;
  categoryId: number;
  popularity: number;
}

/** The visitor's facts as the offer check reads them (normalised; gender only where a tier is known). */
export interface OfferQuestion {
  state: string | null;
  age: number | null;
  tier: string | null;
  gender: number | null;
  audiences: readonly [Audience, Audience];
}
interface Question extends OfferQuestion {
  enrollmentId: number | null;
  planId: number | null;
}

function questionOf(input: RecommendationInput): Question {
  const tier = normTier(input.tier);
  return {
    enrollmentId: input.enrollmentId ?? null,
    planId: input.planId ?? null,
    state: normState(input.state),
    age: knownNumber(input.age),
    tier,
    // "Others" (2) is priced at the male or the female rate, so either row makes a plan sellable.
    gender: tier == null || input.gender === GENDER_OTHERS ? null : knownNumber(input.gender),
    audiences: input.over65 ? ["all", "over65"] : ["all", "under65"],
  };
}

/**
 * The one query: the version of the history the aggregates are computed from and the plans in
 * the visitor's cart (one row per cart line, or one row without a plan; no enrollment asks for
 * id -1, which none has). Compiled once, then only run with the visitor's enrollment
 * (db/precompiled.ts).
 */
async function readHeld(db: DB, dialect: Dialect | undefined, enrollmentId: number | null) {
  const build = (v: readonly (string | number | null)[]) =>
    db
      .selectFrom("recommendation_data as rd")
      .leftJoin("cart_lines as cl", (join) => join.on("cl.enrollment_id", "=", (v[0] ?? -1) as number))
      .select(["rd.version", "cl.plan_id"])
      .where("rd.id", "=", 1)
      .orderBy("cl.id");
  const values = [enrollmentId ?? -1];
  const rows = dialect ? await precompiledRows(db, dialect, "recommendations:held", values, build) : await build(values).execute();
  return {
    version: Number(rows[0]?.version ?? 0),
    cartPlanIds: rows.flatMap((r) => (r.plan_id == null ? [] : [Number(r.plan_id)])),
  };
}

/**
 * Every plan in the visitor's cart or on their screen (the context) and every plan they may be
 * offered (the candidates), from the catalog in force on the visitor's coverage date — the one
 * their listing is priced from, held in memory (repositories/catalog.ts) — with the version of
 * the history. The offer check runs over the held catalog, so the cost does not grow with the
 * history and no price is read again per page.
 */
async function loadPlans(
  db: DB,
  dialect: Dialect | undefined,
  input: RecommendationInput,
): Promise<{ version: number; context: Context; candidates: Candidate[] }> {
  const question = questionOf(input);
  const { planId } = question;
  const { catalog } = input;
  const { version, cartPlanIds } = await readHeld(db, dialect, question.enrollmentId);

  // Context: the cart's plans and the viewed plan, never recommended back. Seeds use the cart
  // only when no plan is viewed, so dropping the viewed plan from the cart's seeds is safe.
  const inCart = new Set(cartPlanIds);
  const heldIds = [...inCart];
  if (planId != null && !inCart.has(planId)) heldIds.push(planId);
  const held = heldIds.flatMap((id) => catalog.plans.get(id) ?? []).sort((a, b) => a.id - b.id);
  const excluded = new Set(held.map((p) => p.id));
  if (planId != null) excluded.add(planId);
  const context: Context = {
    cartPlanIds: held.map((p) => p.id).filter((id) => id !== planId),
    ownCartPlanIds: held.filter((p) => inCart.has(p.id)).map((p) => p.id),
    categoryIds: new Set(held.map((p) => p.category_id)),
  };
  const candidates: Candidate[] = [];
  for (const plan of catalog.plans.values()) {
    if (excluded.has(plan.id) || !offered(plan, catalog.priceRows.get(plan.id) ?? [], question)) continue;
    candidates.push({ id: plan.id, categoryId: plan.category_id, popularity: Number(plan.popularity) });
  }
  candidates.sort((a, b) => a.id - b.id);
  return { version, context, candidates };
}

/**
 * Whether a plan may be offered to this visitor: plans a visitor can add on their own (memberships
 * and riders are added with another plan, hide_add_to_cart plans cannot be added at all), offered
 * by the catalog version in force (a plan no version offers, or one withdrawn, is inactive there),
 * of their audience, sold where they live, for their age, with a price for their tier.
 */
export function offered(plan: CatalogPlan, rows: readonly PriceRow[], question: OfferQuestion): boolean {
  const { state, tier, age, gender, audiences } = question;
  if (plan.active !== 1 || plan.is_membership !== 0 || plan.is_rider !== 0 || plan.hide_add_to_cart !== 0) return false;
  if (!audiences.includes(plan.audience)) return false;
  // We never know the visitor's ZIP here, so area-restricted plans are never safe to offer.
  if (plan.areas.length > 0) return false;
  if (state != null && plan.all_states !== 1 && !plan.states.includes(state)) return false;
  if (age != null && (plan.age_min > age || plan.age_max < age)) return false;
  if (tier == null) return true;
  // A price of zero means "not offered for this tier" (spec §9: prices ≤ 0 are not shown).
  return rows.some(
    (r) =>
      r.tier === tier &&
      r.price_cents > 0 &&
      (age == null || (r.age_min <= age && r.age_max >= age)) &&
      (gender == null || r.gender == null || r.gender === gender),
  );
}

/**
 * Cart lines of enrollments that became a policy are skipped: that purchase is already
 * counted through policy_plans, and counting both would weigh it twice.
 */
function openCartLines<QB extends SelectQueryBuilder<Database, "cart_lines", object>>(qb: QB): QB {
  return qb.where("cart_lines.enrollment_id", "not in", (eb: ExpressionBuilder<Database, "cart_lines">) =>
    eb.selectFrom("enrollments").select("enrollments.id").where("enrollments.policy_id", "is not", null),
  ) as QB;
}

/**
 * The aggregates over all history, per pair of plans: how many baskets (another enrollment's
 * cart, or one policy's plans) held both. A plan paired with itself counts the baskets that
 * held it at all: how often it was carted or bought (its popularity from history).
 */
interface Aggregates {
  version: number;
  together: Map<number, Map<number, number>>;
}

const aggregatesCache = new WeakMap<DB, { version: number; aggregates: Promise<Aggregates> }>();

/** The version of the carts and purchases recommendations are computed from (migration 012: triggers move it). */
export async function recommendationDataVersion(db: DB): Promise<number> {
  const row = await db.selectFrom("recommendation_data").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** The aggregates at this data version: held, or read again when the version moved. */
async function aggregatesAt(db: DB, version: number): Promise<Aggregates> {
  const hit = aggregatesCache.get(db);
  if (hit && hit.version === version) return hit.aggregates;
  const aggregates = readAggregates(db, version);
  aggregatesCache.set(db, { version, aggregates });
  aggregates.catch(() => aggregatesCache.delete(db));
  return aggregates;
}

/**
 * One query over every cart and purchase, run again only when the data version moved. Cart
 * lines of enrollments that became a policy are skipped: that purchase is already counted
 * through policy_plans, and counting both would weigh it twice.
 */
async function readAggregates(db: DB, version: number): Promise<Aggregates> {
  const carts = openCartLines(
    db
      .selectFrom("cart_lines")
      .innerJoin("cart_lines as other", (join) => join.onRef("other.enrollment_id", "=", "cart_lines.enrollment_id"))
      .select(["cart_lines.plan_id as a", "other.plan_id as b", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["cart_lines.plan_id", "other.plan_id"]),
  );
  const purchases = db
    .selectFrom("policy_plans as seed")
    .innerJoin("policy_plans as other", (join) =>
      join
        .onRef("other.policy_id", "=", "seed.policy_id")
        .on((eb) => eb.or([eb("other.id", "=", eb.ref("seed.id")), eb("other.plan_id", "<>", eb.ref("seed.plan_id"))])),
    )
    .select(["seed.plan_id as a", "other.plan_id as b", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["seed.plan_id", "other.plan_id"]);
  const rows = await carts.unionAll(purchases).execute();
  const together = new Map<number, Map<number, number>>();
  for (const r of rows) {
    // PostgreSQL may hand counts back as strings; Number() keeps both dialects alike.
    const a = Number(r.a);
    const b = Number(r.b);
    const row = together.get(a) ?? new Map<number, number>();
    row.set(b, (row.get(b) ?? 0) + Number(r.n));
    together.set(a, row);
  }
  return { version, together };
}

/**
 * Co-occurrence counts: for each seed plan and each basket it is in (another enrollment's cart,
 * or one policy's plans), every other plan of that basket scores one. The visitor's own cart is
 * the question, not evidence: its pairs are taken back out.
 */
function associationOf(aggregates: Aggregates, seeds: number[], ownCart: number[]): Map<number, number> {
  const own = new Set(ownCart);
  const scores = new Map<number, number>();
  for (const seed of seeds) {
    for (const [other, n] of aggregates.together.get(seed) ?? []) {
      if (other === seed) continue;
      const count = n - (own.has(seed) && own.has(other) ? 1 : 0);
      if (count > 0) scores.set(other, (scores.get(other) ?? 0) + count);
    }
  }
  return scores;
}

// ---------------------------------------------------------------- scoring

function rank(candidates: Candidate[], association: Map<number, number>, heldCategories: Set<number>): Recommendation[] {
  // Normalise against the best candidate, so each signal is worth at most its weight.
  const maxAssociation = Math.max(0, ...candidates.map((c) => association.get(c.id) ?? 0));
  const maxPopularity = Math.max(0, ...candidates.map((c) => c.popularity));

  return candidates
    .map((c) => {
      const reasons: RecommendationReason[] = [];
      let score = 0;
      const together = association.get(c.id) ?? 0;
      if (together > 0 && maxAssociation > 0) {
        score += (WEIGHT.association * together) / maxAssociation;
        reasons.push("association");
      }
      if (c.popularity > 0 && maxPopularity > 0) {
        score += (WEIGHT.popularity * c.popularity) / maxPopularity;
        reasons.push("popularity");
      }
      if (!heldCategories.has(c.categoryId)) {
        score += WEIGHT.filter;
        reasons.push("filter");
      }
      // Rounded so float noise can never reorder equal scores; ties go to the lower id.
      return { planId: c.id, score: Math.round(score * 1e6) / 1e6, reasons };
    })
    .sort((a, b) => b.score - a.score || a.planId - b.planId);
}
