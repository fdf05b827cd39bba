/**
 * The catalog, held in memory: categories, plans with their texts, where they are sold,
 * their price rows, relations and questions. It is read in a handful of queries once a
 * minute per server, so pricing a whole listing costs no query at all.
 */
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { DB } from "../db/connection";
import { heldPerDatabase } from "../db/held";
import type { Audience, Plan, PlanCategory, PlanQuestionTable, PlanTextTable } from "../db/schema";
import type { PriceRow, PricedPlan } from "~/domain/pricing";

export type PlanText = Selectable<PlanTextTable>;
export type PlanQuestion = Selectable<PlanQuestionTable>;

export interface CatalogPlan extends Plan, PricedPlan {
  categoryKey: string;
  texts: Record<string, PlanText>;
}

export interface Catalog {
  categories: PlanCategory[];
  plans: Map<number, CatalogPlan>;
  priceRows: Map<number, PriceRow[]>;
  suggested: Map<number, number[]>;
  riders: Map<number, number[]>;
  replacedBy: Map<number, number>;
  questions: Map<number, { eligibility: PlanQuestion[]; enroll: PlanQuestion[] }>;
  /** the wellness membership plan (is_membership = 1), if any */
  membershipPlanId: number | null;
  /** a hash of every row the catalog was built from: equal fingerprints, equal catalogs */
  fingerprint: string;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function readCatalog(db: DB): Promise<Catalog> {
  const [categories, plans, texts, states, areas, prices, relations, questions] = await Promise.all([
    db.selectFrom("plan_categories").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("plans").selectAll().orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("plan_texts").selectAll().execute(),
    db.selectFrom("plan_states").selectAll().execute(),
    db.selectFrom("plan_areas").selectAll().execute(),
    db.selectFrom("plan_prices").selectAll().orderBy("id").execute(),
    db.selectFrom("plan_relations").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("plan_questions").selectAll().orderBy("sort_order").orderBy("id").execute(),
  ]);
  const categoryKey = new Map(categories.map((c) => [c.id, c.key]));
  const statesBy = new Map<number, string[]>();
  for (const s of states) push(statesBy, s.plan_id, s.state);
  const areasBy = new Map<number, string[]>();
  for (const a of areas) push(areasBy, a.plan_id, a.zip3);
  const textsBy = new Map<number, Record<string, PlanText>>();
  for (const t of texts) textsBy.set(t.plan_id, { ...(textsBy.get(t.plan_id) ?? {}), [t.locale]: t });
  const priceRows = new Map<number, PriceRow[]>();
  for (const p of prices) push(priceRows, p.plan_id, p);
  const suggested = new Map<number, number[]>();
  const riders = new Map<number, number[]>();
  const replacedBy = new Map<number, number>();
  for (const r of relations) {
    if (r.kind === "suggested") push(suggested, r.plan_id, r.related_plan_id);
    else if (r.kind === "rider") push(riders, r.plan_id, r.related_plan_id);
    else if (r.kind === "replaced_by") replacedBy.set(r.plan_id, r.related_plan_id);
  }
  const questionsBy = new Map<number, { eligibility: PlanQuestion[]; enroll: PlanQuestion[] }>();
  for (const q of questions) {
    const entry = questionsBy.get(q.plan_id) ?? { eligibility: [], enroll: [] };
    (q.kind === "enroll" ? entry.enroll : entry.eligibility).push(q);
    questionsBy.set(q.plan_id, entry);
  }
  const byId = new Map<number, CatalogPlan>();
  for (const p of plans) {
    byId.set(p.id, {
      ...p,
      categoryKey: categoryKey.get(p.category_id) ?? "",
      texts: textsBy.get(p.id) ?? {},
      states: statesBy.get(p.id) ?? [],
      areas: areasBy.get(p.id) ?? [],
    });
  }
  const fingerprint = crypto
    .createHash("sha256")
    .update(JSON.stringify([categories, plans, texts, states, areas, prices, relations, questions]))
    .digest("base64url");
  return {
    fingerprint,
    categories,
    plans: byId,
    priceRows,
    suggested,
    riders,
    replacedBy,
    questions: questionsBy,
    membershipPlanId: plans.find((p) => p.is_membership === 1 && p.active === 1)?.id ?? null,
  };
}

/**
 * The catalog, held in memory per database (db/held.ts): read again once a minute, and the held
 * object kept when nothing changed, so the listing and page caches made from it live on.
 */
export const loadCatalog = heldPerDatabase(readCatalog, undefined, (held, read) => held.fingerprint === read.fingerprint);

export function audiencesFor(over65: boolean): Audience[] {
  return over65 ? ["all", "over65"] : ["all", "under65"];
}

/** Plans a visitor may browse: active, for their age group, not memberships or riders. */
export function browsablePlans(catalog: Catalog, over65: boolean): CatalogPlan[] {
  const audiences = audiencesFor(over65);
  return [...catalog.plans.values()].filter(
    (p) => p.active === 1 && p.is_membership === 0 && p.is_rider === 0 && audiences.includes(p.audience),
  );
}

/** Categories that have at least one browsable plan for the audience (over or under 65). */
export async function menuCategories(db: DB, over65: boolean) {
  const catalog = await loadCatalog(db);
  const ids = new Set(browsablePlans(catalog, over65).map((p) => p.category_id));
  return catalog.categories.filter((c) => ids.has(c.id));
}

export function planText(plan: CatalogPlan, locale: string): PlanText {
  return plan.texts[locale] ?? plan.texts.en ?? Object.values(plan.texts)[0];
}

export function carriers(db: DB) {
  return db.selectFrom("carriers").select(["id", "code", "name", "admin_fee_percent"]).orderBy("id").execute();
}
