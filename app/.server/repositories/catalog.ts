/**
 * The catalog, held in memory: categories, plans with their texts, where they are sold,
 * their price rows, relations and questions. It is read in a handful of queries once a
 * minute per server, so pricing a whole listing costs no query at all.
 *
 * Versioned and effective-dated (ADR 022): what a plan costs, and whether it is offered at all,
 * comes from the catalog version in force on the coverage's effective date. `loadCatalog(db, on)`
 * answers one `Catalog` object per version in force (the same object for every date the same
 * version covers), so whatever is cached on a catalog's identity (the priced listings, the
 * plans-page documents) is cached per version and can never mix two versions' prices.
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
  /** a version in force withdrew it (it is then inactive too) */
  withdrawn: boolean;
}

export interface CatalogVersionInForce {
  /** 0: no published version covers the date */
  id: number;
  effectiveDate: string | null;
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
  /** a hash of every row the catalog was built from, and the version in force: equal fingerprints, equal catalogs */
  fingerprint: string;
  /** the version in force for the date this catalog was asked for */
  version: CatalogVersionInForce;
  /** any held price row by its id, whatever version it belongs to (a cart line's row) */
  priceRow(id: number): PriceRow | undefined;
  /** per plan, what the versions in force say and which version said it (absent: no version offered it yet) */
  offers: Map<number, { status: "offered" | "withdrawn"; versionId: number }>;
}

interface PublishedVersion {
  id: number;
  effective_date: string;
  published_at: string;
}

/** The rows every version shares, the published versions and their offers and rates. */
interface CatalogBase {
  fingerprint: string;
  categories: PlanCategory[];
  plans: Map<number, Omit<CatalogPlan, "withdrawn">>;
  suggested: Map<number, number[]>;
  riders: Map<number, number[]>;
  replacedBy: Map<number, number>;
  questions: Map<number, { eligibility: PlanQuestion[]; enroll: PlanQuestion[] }>;
  /** in force order: effective date, then publication (the later publication wins a tie) */
  versions: PublishedVersion[];
  offers: Map<number, Map<number, "offered" | "withdrawn">>;
  rates: Map<number, Map<number, PriceRow[]>>;
  rowById: Map<number, PriceRow>;
  /** one catalog per version in force, made when first asked for */
  views: Map<number, Catalog>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The price rows of published versions, held per database by version id: a published version's
 * rows never change (ADR 022), so a read once a minute fetches only the rows of versions
 * published since, not every rate again.
 */
const heldRates = new WeakMap<DB, { areas: string; versions: Map<number, Map<number, PriceRow[]>> }>();

async function readRates(db: DB, versionIds: number[]) {
  // a change of the rating areas (a publication carries them) re-reads every held version's rows
  const areas = await db.selectFrom("rating_areas").select(["zip3", "area"]).orderBy("area").orderBy("zip3").execute();
  const areasKey = JSON.stringify(areas);
  const entry = heldRates.get(db);
  const held = entry && entry.areas === areasKey ? entry.versions : new Map<number, Map<number, PriceRow[]>>();
  const missing = versionIds.filter((id) => !held.has(id));
  if (missing.length) {
    const rows = await db
      .selectFrom("plan_prices")
      .select([
        "id",
        "plan_id",
        "tier",
        "age_min",
        "age_max",
        "gender",
        "smoker",
        "state",
        "coverage_amount",
        "price_cents",
        "catalog_version_id",
        "rating_area",
      ])
      .where("catalog_version_id", "in", missing)
      .orderBy("id")
      .execute();
    const zip3sOf = new Map<string, Set<string>>();
    for (const a of areas) {
      const set = zip3sOf.get(a.area) ?? new Set<string>();
      set.add(a.zip3);
      zip3sOf.set(a.area, set);
    }
    for (const id of missing) held.set(id, new Map());
    for (const { catalog_version_id, rating_area, ...row } of rows) {
      // an area no ZIP3 maps to matches no quote (an empty set), never every ZIP of the state
      const price: PriceRow = rating_area ? { ...row, zip3s: zip3sOf.get(rating_area) ?? new Set() } : row;
      push(held.get(catalog_version_id) as Map<number, PriceRow[]>, row.plan_id, price);
    }
  }
  for (const id of [...held.keys()]) if (!versionIds.includes(id)) held.delete(id);
  heldRates.set(db, { areas: areasKey, versions: held });
  return { rates: held, areasKey };
}

async function readCatalog(db: DB): Promise<CatalogBase> {
  const [categories, plans, texts, states, areas, relations, questions, versions, offers] = await Promise.all([
    db.selectFrom("plan_categories").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("plans").selectAll().orderBy("sort_order").orderBy("id").execute(),
    db.selectFrom("plan_texts").selectAll().execute(),
    db.selectFrom("plan_states").selectAll().execute(),
    db.selectFrom("plan_areas").selectAll().execute(),
    db.selectFrom("plan_relations").selectAll().orderBy("sort_order").execute(),
    db.selectFrom("plan_questions").selectAll().orderBy("sort_order").orderBy("id").execute(),
    db
      .selectFrom("catalog_versions")
      .select(["id", "effective_date", "published_at"])
      .where("status", "=", "published")
      .orderBy("effective_date")
      .orderBy("published_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("catalog_version_plans")
      .innerJoin("catalog_versions", "catalog_versions.id", "catalog_version_plans.version_id")
      .select(["catalog_version_plans.version_id", "catalog_version_plans.plan_id", "catalog_version_plans.status"])
      .where("catalog_versions.status", "=", "published")
      .orderBy("catalog_version_plans.version_id")
      .orderBy("catalog_version_plans.plan_id")
      .execute(),
  ]);
  const published = versions as PublishedVersion[];
  const { rates, areasKey } = await readRates(
    db,
    published.map((v) => v.id),
  );
  const categoryKey = new Map(categories.map((c) => [c.id, c.key]));
  const statesBy = new Map<number, string[]>();
  for (const s of states) push(statesBy, s.plan_id, s.state);
  const areasBy = new Map<number, string[]>();
  for (const a of areas) push(areasBy, a.plan_id, a.zip3);
  const textsBy = new Map<number, Record<string, PlanText>>();
  for (const t of texts) textsBy.set(t.plan_id, { ...(textsBy.get(t.plan_id) ?? {}), [t.locale]: t });
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
  const byId = new Map<number, Omit<CatalogPlan, "withdrawn">>();
  for (const p of plans) {
    byId.set(p.id, {
      ...p,
      categoryKey: categoryKey.get(p.category_id) ?? "",
      texts: textsBy.get(p.id) ?? {},
      states: statesBy.get(p.id) ?? [],
      areas: areasBy.get(p.id) ?? [],
    });
  }
  const offersBy = new Map<number, Map<number, "offered" | "withdrawn">>();
  for (const o of offers) {
    const m = offersBy.get(o.version_id) ?? new Map<number, "offered" | "withdrawn">();
    m.set(o.plan_id, o.status);
    offersBy.set(o.version_id, m);
  }
  const rowById = new Map<number, PriceRow>();
  for (const byPlan of rates.values()) for (const list of byPlan.values()) for (const r of list) rowById.set(r.id, r);
  // Published rates never change, so the versions' ids stand for their rows in the fingerprint.
  const fingerprint = crypto
    .createHash("sha256")
    .update(JSON.stringify([categories, plans, texts, states, areas, relations, questions, published, offers, areasKey]))
    .digest("base64url");
  return {
    fingerprint,
    categories,
    plans: byId,
    suggested,
    riders,
    replacedBy,
    questions: questionsBy,
    versions: published,
    offers: offersBy,
    rates,
    rowById,
    views: new Map(),
  };
}

/** The index of the version in force on `on` (YYYY-MM-DD) in `versions`, or -1. */
function inForceIndex(versions: readonly PublishedVersion[], on: string) {
  let found = -1;
  for (let i = 0; i < versions.length; i++) if (versions[i].effective_date <= on) found = i;
  return found;
}

/**
 * The catalog as version `index` has it: each plan offered, with its rates, by the latest version
 * up to that one that says anything about it; withdrawn (or never offered yet) plans inactive.
 */
function viewOf(base: CatalogBase, index: number): Catalog {
  const version = index >= 0 ? base.versions[index] : null;
  const id = version?.id ?? 0;
  const held = base.views.get(id);
  if (held) return held;
  const plans = new Map<number, CatalogPlan>();
  const priceRows = new Map<number, PriceRow[]>();
  const offers = new Map<number, { status: "offered" | "withdrawn"; versionId: number }>();
  for (const [planId, plan] of base.plans) {
    let status: "offered" | "withdrawn" | null = null;
    for (let i = index; i >= 0 && status === null; i--) {
      const v = base.versions[i].id;
      const said = base.offers.get(v)?.get(planId);
      if (said) {
        status = said;
        offers.set(planId, { status: said, versionId: v });
        if (said === "offered") priceRows.set(planId, base.rates.get(v)?.get(planId) ?? []);
      }
    }
    const offered = status === "offered";
    plans.set(planId, offered ? { ...plan, withdrawn: false } : { ...plan, active: 0, withdrawn: status === "withdrawn" });
  }
  const view: Catalog = {
    fingerprint: `${base.fingerprint}.${id}`,
    categories: base.categories,
    plans,
    priceRows,
    suggested: base.suggested,
    riders: base.riders,
    replacedBy: base.replacedBy,
    questions: base.questions,
    membershipPlanId: [...plans.values()].find((p) => p.is_membership === 1 && p.active === 1)?.id ?? null,
    version: { id, effectiveDate: version?.effective_date ?? null },
    priceRow: (rowId) => base.rowById.get(rowId),
    offers,
  };
  base.views.set(id, view);
  return view;
}

/**
 * The catalog base, held in memory per database (db/held.ts): read again once a minute, and the
 * held object kept when nothing changed, so the catalogs made from it — and the listing and page
 * caches keyed on them — live on.
 */
const heldCatalog = heldPerDatabase(readCatalog, undefined, (held, read) => held.fingerprint === read.fingerprint);

/**
 * The catalog in force on `on` (YYYY-MM-DD): the coverage's effective date when pricing a quote
 * (store/shopping.ts pricingDate), else today.
 */
export async function loadCatalog(db: DB, on: string, now?: number): Promise<Catalog> {
  const base = await heldCatalog(db, now);
  return viewOf(base, inForceIndex(base.versions, on));
}
/** The next read goes to the database again (for whoever just changed the catalog's rows). */
loadCatalog.forget = (db: DB) => {
  heldCatalog.forget(db);
  heldRates.delete(db);
};

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
export async function menuCategories(db: DB, over65: boolean, on: string) {
  const catalog = await loadCatalog(db, on);
  const ids = new Set(browsablePlans(catalog, over65).map((p) => p.category_id));
  return catalog.categories.filter((c) => ids.has(c.id));
}

export function planText(plan: CatalogPlan, locale: string): PlanText {
  return plan.texts[locale] ?? plan.texts.en ?? Object.values(plan.texts)[0];
}

export function carriers(db: DB) {
  return db.selectFrom("carriers").select(["id", "code", "name", "admin_fee_percent"]).orderBy("id").execute();
}
