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
 * Every call runs one query whatever the catalog size and the history: the plans the visitor
 * has (their cart, the plan they are viewing) and every plan they may be offered, with the data
 * version. The aggregates over every past cart and purchase (how often
 * each plan was carted or bought, and with which other plans) are held in memory per database
 * and read again (one query) only when `recommendation_data.version` says carts or purchases
 * changed (triggers keep it, migration 012), so their cost no longer grows with each page.
 */
import { expressionBuilder, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import { precompiledRows } from "../db/precompiled";
import type { Audience, Database } from "../db/schema";
import { GENDER_OTHERS } from "~/domain/pricing";

export interface RecommendationInput {
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

/** Expressions over `plans as p`. */
type PlansBuilder = ExpressionBuilder<Database & { p: Database["plans"] }, "p">;

interface Candidate {
  id: number;
  categoryId: number;
  popularity: number;
}

/** The visitor's facts as the query reads them (normalised; gender only where a tier is known). */
interface Question {
  enrollmentId: number | null;
  planId: number | null;
  state: string | null;
  age: number | null;
  tier: string | null;
  gender: number | null;
  audiences: [Audience, Audience];
}
const FACTS = ["enrollmentId", "planId", "state", "age", "tier", "gender"] as const;

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

function plansQuery(db: DB, question: Question) {
  const { enrollmentId, planId } = question;
  const eb: PlansBuilder = expressionBuilder<Database & { p: Database["plans"] }, "p">();
  const sellable = offered(eb, question);
  const inCart =
    enrollmentId != null ? eb("p.id", "in", eb.selectFrom("cart_lines").select("plan_id").where("enrollment_id", "=", enrollmentId)) : null;
  return db
    .selectFrom("plans as p")
    .select((eb) => [
      "p.id",
      "p.category_id",
      "p.popularity",
      (inCart ? eb.case().when(inCart).then(1).else(0).end() : eb.lit(0)).as("in_cart"),
      eb.case().when(sellable).then(1).else(0).end().as("offered"),
      eb.selectFrom("recommendation_data").select("version").where("id", "=", 1).as("version"),
    ])
    .where(eb.or([sellable, ...(inCart ? [inCart] : []), ...(planId != null ? [eb("p.id", "=", planId)] : [])]))
    .orderBy("p.id");
}

/**
 * The one query: every plan in the visitor's cart or on their screen (the context) and every plan
 * they may be offered (the candidates), each row saying which it is, with the version of the
 * history the aggregates are computed from. Sellability is checked in SQL (EXISTS sub-queries),
 * so the query count does not grow with the catalog, and a plan added to the catalog is offered
 * at once.
 */
async function loadPlans(
  db: DB,
  dialect: Dialect | undefined,
  input: RecommendationInput,
): Promise<{ version: number; context: Context; candidates: Candidate[] }> {
  const question = questionOf(input);
  const { planId } = question;
  // The values the query is given, in a fixed order: the known facts, then the two audiences.
  // The query's shape depends only on which facts are known, so it is compiled once per shape.
  const known = FACTS.filter((f) => question[f] != null);
  const values = [...known.map((f) => question[f]), ...question.audiences];
  const build = (v: readonly (string | number | null)[]) => {
    const q: Question = { enrollmentId: null, planId: null, state: null, age: null, tier: null, gender: null, audiences: ["all", "all"] };
    known.forEach((f, i) => {
      (q as unknown as Record<string, unknown>)[f] = v[i];
    });
    q.audiences = [v[known.length] as Audience, v[known.length + 1] as Audience];
    return plansQuery(db, q);
  };
  const rows = dialect
    ? await precompiledRows(db, dialect, `recommendations:${known.join(",")}`, values, build)
    : await build(values).execute();

  // Context: the cart's plans and the viewed plan, never recommended back. Seeds use the cart
  // only when no plan is viewed, so dropping the viewed plan from the cart's seeds is safe.
  const held = rows.filter((r) => Number(r.in_cart) === 1 || r.id === planId);
  const excluded = new Set(held.map((r) => r.id));
  if (planId != null) excluded.add(planId);
  const context: Context = {
    cartPlanIds: held.map((r) => r.id).filter((id) => id !== planId),
    ownCartPlanIds: held.filter((r) => Number(r.in_cart) === 1).map((r) => r.id),
    categoryIds: new Set(held.map((r) => r.category_id)),
  };
  const candidates = rows
    .filter((r) => Number(r.offered) === 1 && !excluded.has(r.id))
    .map((r) => ({ id: Number(r.id), categoryId: Number(r.category_id), popularity: Number(r.popularity) }));
  return { version: Number(rows[0]?.version ?? 0), context, candidates };
}

/**
 * Whether a plan may be offered to this visitor: plans a visitor can add on their own (memberships
 * and riders are added with another plan, hide_add_to_cart plans cannot be added at all), of
 * their audience, sold where they live, for their age, with a price for their tier.
 */
function offered(eb: PlansBuilder, question: Question): Expression<SqlBool> {
  const { state, tier, age, gender, audiences } = question;
  const conditions: Expression<SqlBool>[] = [
    eb("p.active", "=", 1),
    eb("p.is_membership", "=", 0),
    eb("p.is_rider", "=", 0),
    eb("p.hide_add_to_cart", "=", 0),
    eb("p.audience", "in", audiences),
    // We never know the visitor's ZIP here, so area-restricted plans are never safe to offer.
    eb.not(eb.exists(eb.selectFrom("plan_areas as pa").select("pa.plan_id").whereRef("pa.plan_id", "=", "p.id"))),
  ];
  if (state != null) {
    conditions.push(
      eb.or([
        eb("p.all_states", "=", 1),
        eb.exists(
          eb.selectFrom("plan_states as ps").select("ps.plan_id").whereRef("ps.plan_id", "=", "p.id").where("ps.state", "=", state),
        ),
      ]),
    );
  }
  if (age != null) conditions.push(eb("p.age_min", "<=", age), eb("p.age_max", ">=", age));
  if (tier != null) {
    // A price of zero means "not offered for this tier" (spec §9: prices ≤ 0 are not shown).
    let price = eb
      .selectFrom("plan_prices as pr")
      .select("pr.id")
      .whereRef("pr.plan_id", "=", "p.id")
      // rates of published catalog versions only (a draft import is not sold: ADR 022)
      .where("pr.catalog_version_id", "in", eb.selectFrom("catalog_versions").select("id").where("status", "=", "published"))
      .where("pr.tier", "=", tier)
      .where("pr.price_cents", ">", 0);
    if (age != null) price = price.where("pr.age_min", "<=", age).where("pr.age_max", ">=", age);
    if (gender != null) price = price.where((e) => e.or([e("pr.gender", "is", null), e("pr.gender", "=", gender)]));
    conditions.push(eb.exists(price));
  }
  return eb.and(conditions);
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
