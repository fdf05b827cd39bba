/**
 * Catalog versions in the database (ADR 022): drafts written by an import in one transaction,
 * published with an effective date, published again (rollback), discarded. A published
 * version's rows are never changed; every write here is one transaction.
 */
import { sql, type Insertable, type Transaction } from "kysely";
import type { DB } from "../db/connection";
import type { CatalogVersion, Database, PlanTable } from "../db/schema";
import type { Dialect } from "../db/migrations";
import { PLAN_FLAGS, PLAN_TEXT_FIELDS, type ImportedPlan, type PlanTextField } from "~/domain/catalog-import/plans";
import type { ImportedCarrier, ImportedCategory } from "~/domain/catalog-import/reference";
import type { ImportedRate } from "~/domain/catalog-import/rates";
import type { RatingArea } from "~/domain/catalog-import/rating-areas";
import type { CatalogFacts, ValidatedImport } from "~/domain/catalog-import/validate";
import type { AuditKind } from "~/domain/audit";
import { insertAuditEvent } from "./audit";

/** What publishing applies besides the rates and offers. */
/**
 * Written in the change's own transaction, beside its audit event: the console's trail entry
 * (operators/trail.ts recordChange), so a change and its trail entry commit or fail together.
 */
export type TrailWriter = (trx: Transaction<Database>, versionId: number) => Promise<void>;

export interface VersionPayload {
  planChanges: ImportedPlan[];
  ratingAreas: RatingArea[];
  /** changes to carriers and categories the catalog has (new ones are added with the draft) */
  carrierChanges?: ImportedCarrier[];
  categoryChanges?: ImportedCategory[];
}

/**
 * Runs `fn` in a transaction: a new one, or the caller's when `db` already is one (the demo seed
 * imports the demo catalog inside its own transaction).
 */
function within<T>(db: DB | Transaction<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

export async function catalogFactsOf(db: DB): Promise<CatalogFacts> {
  const [plans, categories, carriers, areas] = await Promise.all([
    db.selectFrom("plans").select("code").execute(),
    db.selectFrom("plan_categories").select("key").execute(),
    db.selectFrom("carriers").select("code").execute(),
    db.selectFrom("rating_areas").select("area").distinct().execute(),
  ]);
  return {
    planCodes: new Set(plans.map((p) => p.code)),
    categories: new Set(categories.map((c) => c.key)),
    carriers: new Set(carriers.map((c) => c.code)),
    ratingAreas: new Set(areas.map((a) => a.area)),
  };
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 1000;

async function insertRates(trx: Transaction<Database>, versionId: number, planIds: Map<string, number>, rates: ImportedRate[]) {
  for (let i = 0; i < rates.length; i += CHUNK) {
    await trx
      .insertInto("plan_prices")
      .values(
        rates.slice(i, i + CHUNK).map((r) => ({
          plan_id: planIds.get(r.planCode) as number,
          tier: r.tier,
          age_min: r.ageMin,
          age_max: r.ageMax,
          gender: r.gender,
          smoker: r.smoker,
          state: r.state,
          coverage_amount: r.coverageAmount,
          price_cents: r.priceCents,
          catalog_version_id: versionId,
          rating_area: r.ratingArea,
        })),
      )
      .execute();
  }
}

type PlanColumns = Partial<Omit<Insertable<PlanTable>, "id" | "code">>;

/** Every column a row gives, the ones naming other rows (category, carrier, premier companion) looked up. */
async function planColumns(trx: Transaction<Database>, p: ImportedPlan): Promise<PlanColumns> {
  const out = newPlanColumns(p);
  if (p.category)
    out.category_id = (await trx.selectFrom("plan_categories").select("id").where("key", "=", p.category).executeTakeFirstOrThrow()).id;
  if (p.carrier)
    out.carrier_id = (await trx.selectFrom("carriers").select("id").where("code", "=", p.carrier).executeTakeFirstOrThrow()).id;
  const pair = p.links.premier_pair?.[0];
  if (pair) out.premier_pair_plan_id = (await trx.selectFrom("plans").select("id").where("code", "=", pair).executeTakeFirstOrThrow()).id;
  return out;
}

/** New carriers and categories are added with the draft; changes to those the catalog has wait for the publication. */
async function insertReference(trx: Transaction<Database>, upload: ValidatedImport) {
  const [carriers, categories] = await Promise.all([
    trx.selectFrom("carriers").select("code").execute(),
    trx.selectFrom("plan_categories").select("key").execute(),
  ]);
  const haveCarrier = new Set(carriers.map((c) => c.code));
  const haveCategory = new Set(categories.map((c) => c.key));
  const newCarriers = upload.carriers.filter((c) => !haveCarrier.has(c.code));
  const newCategories = upload.categories.filter((c) => !haveCategory.has(c.key));
  if (newCarriers.length) await trx.insertInto("carriers").values(newCarriers.map(carrierRow)).execute();
  if (newCategories.length) await trx.insertInto("plan_categories").values(newCategories.map(categoryRow)).execute();
  return {
    carrierChanges: upload.carriers.filter((c) => haveCarrier.has(c.code)),
    categoryChanges: upload.categories.filter((c) => haveCategory.has(c.key)),
  };
}

const carrierRow = (c: ImportedCarrier) => ({ code: c.code, name: c.name, admin_fee_percent: c.adminFeePercent, logo_url: c.logoUrl });
const categoryRow = ({ file: _f, row: _r, ...c }: ImportedCategory) => c;

/** Where it is sold by ZIP3, the plans it names, its facts and questions: written when the row gives them. */
async function writePlanLinks(trx: Transaction<Database>, planId: number, p: ImportedPlan) {
  const idOf = async (codes: string[]) => {
    if (!codes.length) return [];
    const rows = await trx.selectFrom("plans").select(["id", "code"]).where("code", "in", codes).execute();
    const ids = new Map(rows.map((r) => [r.code, r.id]));
    return codes.map((c) => ids.get(c) as number);
  };
  if (p.zip3s !== undefined) {
    await trx.deleteFrom("plan_areas").where("plan_id", "=", planId).execute();
    if (p.zip3s.length)
      await trx
        .insertInto("plan_areas")
        .values(p.zip3s.map((zip3) => ({ plan_id: planId, zip3 })))
        .execute();
  }
  for (const [link, kind] of RELATION_KINDS) {
    const codes = p.links[link];
    if (codes === undefined) continue;
    await trx.deleteFrom("plan_relations").where("plan_id", "=", planId).where("kind", "=", kind).execute();
    const ids = await idOf(codes);
    if (ids.length)
      await trx
        .insertInto("plan_relations")
        .values(ids.map((related_plan_id, i) => ({ plan_id: planId, related_plan_id, kind, sort_order: i + 1 })))
        .execute();
  }
  for (const locale of ["en", "es"] as const) {
    const f = p.facts[locale];
    if (!f) continue;
    await trx.deleteFrom("plan_facts").where("plan_id", "=", planId).where("locale", "=", locale).execute();
    await trx
      .insertInto("plan_facts")
      .values({
        plan_id: planId,
        locale,
        deductible: f.deductible,
        maximums: f.maximums,
        waiting_periods: f.waiting_periods,
        network: f.network,
        coverage: JSON.stringify(f.coverage),
        exclusions: JSON.stringify(f.exclusions),
      })
      .execute();
  }
  if (p.questions !== undefined) {
    await trx.deleteFrom("plan_questions").where("plan_id", "=", planId).execute();
    if (p.questions.length)
      await trx
        .insertInto("plan_questions")
        .values(p.questions.map((q, i) => ({ plan_id: planId, ...q, sort_order: i + 1 })))
        .execute();
  }
}

/** A plan the catalog has: the texts and states a row gives (new plans' are written by detailRows). */
async function writePlanTexts(trx: Transaction<Database>, planId: number, p: ImportedPlan) {
  for (const locale of ["en", "es"] as const) {
    const t = p.texts[locale];
    if (Object.keys(t).length) {
      const set = { ...t };
      const updated = await trx
        .updateTable("plan_texts")
        .set(set)
        .where("plan_id", "=", planId)
        .where("locale", "=", locale)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto("plan_texts")
          .values({ plan_id: planId, locale, name: t.name ?? "", short_text: t.short_text ?? "", body_text: t.body_text ?? "", ...set })
          .execute();
    }
  }
  if (p.states !== undefined) {
    await trx.deleteFrom("plan_states").where("plan_id", "=", planId).execute();
    if (p.states !== "all" && p.states.length)
      await trx
        .insertInto("plan_states")
        .values(p.states.map((state) => ({ plan_id: planId, state })))
        .execute();
  }
}

/** A new plan's columns a row does not give. */
const NEW_PLAN = {
  logo_url: null,
  bundle_size: null,
  hide_add_to_cart: 0,
  membership_required: 0,
  is_membership: 0,
  is_premier: 0,
  premier_pair_plan_id: null,
  is_iha: 0,
  is_l713: 0,
  requires_salary: 0,
  min_working_hours: null,
  tobacco_rated: 0,
  has_enroll_questions: 0,
  signature_required: 1,
  removable: 1,
  is_rider: 0,
  is_featured: 0,
  all_states: 1,
  age_min: 18,
  age_max: 100,
  audience: "all",
  asks_legal_disability: 0,
  l713_net_price_cents: null,
  salary_rate_cents_per_k: null,
  popularity: 0,
  sort_order: 1000,
  active: 1,
  one_time_fee_cents: 0,
} satisfies Omit<Insertable<PlanTable>, "id" | "code" | "category_id" | "carrier_id">;

/** The columns a row gives, but the ones naming other rows (category, carrier, premier companion). */
function newPlanColumns(p: ImportedPlan): PlanColumns {
  const out: PlanColumns = {};
  if (p.states !== undefined) out.all_states = p.states === "all" ? 1 : 0;
  if (p.ageMin !== undefined) out.age_min = p.ageMin;
  if (p.ageMax !== undefined) out.age_max = p.ageMax;
  if (p.audience !== undefined) out.audience = p.audience;
  for (const f of PLAN_FLAGS) if (p.flags[f] !== undefined) out[f] = p.flags[f];
  if (p.sortOrder !== undefined) out.sort_order = p.sortOrder;
  if (p.popularity !== undefined) out.popularity = p.popularity;
  if (p.oneTimeFeeCents !== undefined) out.one_time_fee_cents = p.oneTimeFeeCents;
  if (p.logoUrl !== undefined) out.logo_url = p.logoUrl;
  if (p.bundleSize !== undefined) out.bundle_size = p.bundleSize;
  if (p.minWorkingHours !== undefined) out.min_working_hours = p.minWorkingHours;
  if (p.l713NetPriceCents !== undefined) out.l713_net_price_cents = p.l713NetPriceCents;
  if (p.salaryRateCentsPerK !== undefined) out.salary_rate_cents_per_k = p.salaryRateCentsPerK;
  return out;
}

const RELATION_KINDS = [
  ["suggested", "suggested"],
  ["riders", "rider"],
  ["replaced_by", "replaced_by"],
] as const;

/** The rows of new plans' texts, states, areas, relations, facts and questions. */
function detailRows(plans: readonly ImportedPlan[], idOf: (code: string) => number) {
  const rows = {
    plan_texts: [] as Insertable<Database["plan_texts"]>[],
    plan_states: [] as Insertable<Database["plan_states"]>[],
    plan_areas: [] as Insertable<Database["plan_areas"]>[],
    plan_relations: [] as Insertable<Database["plan_relations"]>[],
    plan_facts: [] as Insertable<Database["plan_facts"]>[],
    plan_questions: [] as Insertable<Database["plan_questions"]>[],
  };
  for (const p of plans) {
    const plan_id = idOf(p.code);
    for (const locale of ["en", "es"] as const) {
      const t = p.texts[locale];
      rows.plan_texts.push({
        ...(Object.fromEntries(PLAN_TEXT_FIELDS.map((f) => [f, t[f] ?? null])) as Record<PlanTextField, string | null>),
        plan_id,
        locale,
        name: t.name ?? "",
        short_text: t.short_text ?? "",
        body_text: t.body_text ?? "",
      });
    }
    if (Array.isArray(p.states)) for (const state of p.states) rows.plan_states.push({ plan_id, state });
    for (const zip3 of p.zip3s ?? []) rows.plan_areas.push({ plan_id, zip3 });
    for (const [link, kind] of RELATION_KINDS)
      for (const [i, code] of (p.links[link] ?? []).entries())
        rows.plan_relations.push({ plan_id, related_plan_id: idOf(code), kind, sort_order: i + 1 });
    for (const locale of ["en", "es"] as const) {
      const f = p.facts[locale];
      if (f)
        rows.plan_facts.push({
          plan_id,
          locale,
          deductible: f.deductible,
          maximums: f.maximums,
          waiting_periods: f.waiting_periods,
          network: f.network,
          coverage: JSON.stringify(f.coverage),
          exclusions: JSON.stringify(f.exclusions),
        });
    }
    for (const [i, q] of (p.questions ?? []).entries()) rows.plan_questions.push({ plan_id, ...q, sort_order: i + 1 });
  }
  return rows;
}

export interface DraftSummary {
  added: string[];
  changed: string[];
  withdrawn: string[];
  rateCount: number;
}

/**
 * The upload as a draft version, in one transaction: new plans (inactive everywhere until a
 * version offering them is in force), the offers and withdrawals, every rate. Changes to plans
 * the catalog has and rating areas wait in the payload for the publication.
 */
export async function insertDraft(
  db: DB,
  upload: ValidatedImport,
  o: { source: string; now: Date; by: string; trail?: TrailWriter; id?: number },
): Promise<{ versionId: number; summary: DraftSummary }> {
  return within(db, async (trx) => {
    const reference = await insertReference(trx, upload);
    const existing = new Map(
      (await trx.selectFrom("plans").select(["id", "code"]).execute()).map((p) => [p.code, p.id] as [string, number]),
    );
    const summary: DraftSummary = { added: [], changed: [], withdrawn: [], rateCount: upload.rateCount };
    const planChanges: ImportedPlan[] = [];
    const added: ImportedPlan[] = [];
    for (const p of upload.plans) {
      if (p.status === "withdrawn") continue;
      if (existing.has(p.code)) planChanges.push(p);
      else added.push(p);
    }
    if (added.length) {
      // new plans are written in a few statements, not a handful per plan: the demo seed adds every
      // demo plan this way on each fresh database
      const [categories, carriers] = await Promise.all([
        trx.selectFrom("plan_categories").select(["id", "key"]).execute(),
        trx.selectFrom("carriers").select(["id", "code"]).execute(),
      ]);
      const categoryId = new Map(categories.map((c) => [c.key, c.id]));
      const carrierId = new Map(carriers.map((c) => [c.code, c.id]));
      const planRows = added.map((p) => ({
        ...NEW_PLAN,
        ...newPlanColumns(p),
        code: p.code,
        category_id: categoryId.get(p.category as string) as number,
        carrier_id: carrierId.get(p.carrier as string) as number,
      }));
      for (let i = 0; i < planRows.length; i += 200)
        await trx
          .insertInto("plans")
          .values(planRows.slice(i, i + 200))
          .execute();
      const codes = added.map((p) => p.code);
      for (let i = 0; i < codes.length; i += CHUNK)
        for (const r of await trx
          .selectFrom("plans")
          .select(["id", "code"])
          .where("code", "in", codes.slice(i, i + CHUNK))
          .execute())
          existing.set(r.code, r.id);
      const idOf = (code: string) => existing.get(code) as number;
      const rows = detailRows(added, idOf);
      for (const [table, list] of Object.entries(rows) as [keyof typeof rows, Record<string, unknown>[]][])
        for (let i = 0; i < list.length; i += 100)
          await trx
            .insertInto(table)
            .values(list.slice(i, i + 100) as never)
            .execute();
      for (const p of added) {
        const pair = p.links.premier_pair?.[0];
        if (pair)
          await trx
            .updateTable("plans")
            .set({ premier_pair_plan_id: idOf(pair) })
            .where("id", "=", idOf(p.code))
            .execute();
        summary.added.push(p.code);
      }
    }
    const version = await trx
      .insertInto("catalog_versions")
      .values({
        ...(o.id === undefined ? {} : { id: o.id }),
        status: "draft",
        effective_date: null,
        created_at: o.now.toISOString(),
        published_at: null,
        published_by: null,
        source: o.source.slice(0, 500),
        summary: null,
        republished_from: null,
        rates_from: upload.ratesFrom,
        rates_until: upload.ratesUntil,
        payload: JSON.stringify({ planChanges, ratingAreas: upload.ratingAreas, ...reference } satisfies VersionPayload),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const offers = new Map<number, "offered" | "withdrawn">();
    for (const code of upload.rates.keys()) offers.set(existing.get(code) as number, "offered");
    for (const p of upload.plans)
      if (p.status === "withdrawn") {
        offers.set(existing.get(p.code) as number, "withdrawn");
        summary.withdrawn.push(p.code);
      }
    for (const p of planChanges) summary.changed.push(p.code);
    for (const code of upload.rates.keys())
      if (!summary.added.includes(code) && !summary.changed.includes(code)) summary.changed.push(code);
    if (offers.size)
      await trx
        .insertInto("catalog_version_plans")
        .values([...offers].map(([plan_id, status]) => ({ version_id: version.id, plan_id, status })))
        .execute();
    await insertRates(trx, version.id, existing, [...upload.rates.values()].flat());
    await trx
      .updateTable("catalog_versions")
      .set({ summary: JSON.stringify(summary) })
      .where("id", "=", version.id)
      .execute();
    await auditCatalog(trx, "catalog.import", o.by, version.id, o.now);
    await o.trail?.(trx, version.id);
    return { versionId: version.id, summary };
  });
}

async function auditCatalog(trx: Transaction<Database>, kind: AuditKind, by: string, versionId: number, at: Date) {
  await insertAuditEvent(trx, {
    kind,
    actor: { actor: by, actingAs: "operator", requestId: null, clientKey: null },
    detail: `version:${versionId}`,
    at,
  });
}

export function findVersion(db: DB, id: number) {
  return db.selectFrom("catalog_versions").selectAll().where("id", "=", id).executeTakeFirst();
}

export function listVersions(db: DB) {
  return db.selectFrom("catalog_versions").selectAll().orderBy("id", "desc").execute();
}

export const payloadOf = (v: Pick<CatalogVersion, "payload">): VersionPayload =>
  v.payload ? (JSON.parse(v.payload) as VersionPayload) : { planChanges: [], ratingAreas: [] };

/**
 * Publishes a draft: its effective date, who and when; the plan changes and rating areas it
 * carries are applied in the same transaction. Null: it is not a draft (any more).
 */
export async function markPublished(db: DB, id: number, o: { effectiveDate: string; by: string; now: Date; trail?: TrailWriter }) {
  return within(db, async (trx) => {
    const version = await trx
      .selectFrom("catalog_versions")
      .selectAll()
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (!version) return null;
    const updated = await trx
      .updateTable("catalog_versions")
      .set({ status: "published", effective_date: o.effectiveDate, published_at: o.now.toISOString(), published_by: o.by })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    const payload = payloadOf(version);
    for (const c of payload.carrierChanges ?? []) {
      const { code, ...row } = carrierRow(c);
      await trx.updateTable("carriers").set(row).where("code", "=", code).execute();
    }
    for (const c of payload.categoryChanges ?? []) {
      const { key, ...row } = categoryRow(c);
      await trx.updateTable("plan_categories").set(row).where("key", "=", key).execute();
    }
    for (const p of payload.planChanges) {
      const plan = await trx.selectFrom("plans").select("id").where("code", "=", p.code).executeTakeFirst();
      if (!plan) continue;
      const columns = await planColumns(trx, p);
      if (Object.keys(columns).length) await trx.updateTable("plans").set(columns).where("id", "=", plan.id).execute();
      await writePlanTexts(trx, plan.id, p);
      await writePlanLinks(trx, plan.id, p);
    }
    for (const a of payload.ratingAreas) {
      await trx.deleteFrom("rating_areas").where("state", "=", a.state).where("zip3", "=", a.zip3).execute();
      await trx.insertInto("rating_areas").values(a).execute();
    }
    await auditCatalog(trx, "catalog.publish", o.by, id, o.now);
    await o.trail?.(trx, id);
    return { ...version, status: "published" as const, effective_date: o.effectiveDate };
  });
}

/** Deletes a draft and what only it brought (its rates, and new plans nothing else refers to). */
export async function deleteDraft(db: DB, id: number, o: { by: string; now: Date; trail?: TrailWriter }) {
  return db.transaction().execute(async (trx) => {
    const version = await trx
      .selectFrom("catalog_versions")
      .select("id")
      .where("id", "=", id)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (!version) return false;
    const planIds = (await trx.selectFrom("catalog_version_plans").select("plan_id").where("version_id", "=", id).execute()).map(
      (r) => r.plan_id,
    );
    await trx.deleteFrom("plan_prices").where("catalog_version_id", "=", id).execute();
    await trx.deleteFrom("catalog_version_plans").where("version_id", "=", id).execute();
    await trx.deleteFrom("catalog_versions").where("id", "=", id).execute();
    if (planIds.length) {
      // a plan the draft added: no other version, price, cart line or policy names it
      const orphans = await trx
        .selectFrom("plans")
        .select("id")
        .where("id", "in", planIds)
        .where((eb) =>
          eb.and([
            eb.not(
              eb.exists(
                eb.selectFrom("catalog_version_plans").select("plan_id").whereRef("catalog_version_plans.plan_id", "=", "plans.id"),
              ),
            ),
            eb.not(eb.exists(eb.selectFrom("plan_prices").select("id").whereRef("plan_prices.plan_id", "=", "plans.id"))),
            eb.not(eb.exists(eb.selectFrom("cart_lines").select("id").whereRef("cart_lines.plan_id", "=", "plans.id"))),
            eb.not(eb.exists(eb.selectFrom("policy_plans").select("id").whereRef("policy_plans.plan_id", "=", "plans.id"))),
          ]),
        )
        .execute();
      if (orphans.length)
        await trx
          .deleteFrom("plans")
          .where(
            "id",
            "in",
            orphans.map((p) => p.id),
          )
          .execute();
    }
    await auditCatalog(trx, "catalog.discard", o.by, id, o.now);
    await o.trail?.(trx, id);
    return true;
  });
}

/** The rates of a version, per plan id (a draft's, for its preview). */
export async function versionRates(db: DB, id: number) {
  return db
    .selectFrom("plan_prices")
    .select(["id", "plan_id", "tier", "age_min", "age_max", "gender", "smoker", "state", "coverage_amount", "price_cents", "rating_area"])
    .where("catalog_version_id", "=", id)
    .orderBy("id")
    .execute();
}

export async function versionOffers(db: DB, id: number) {
  return db.selectFrom("catalog_version_plans").select(["plan_id", "status"]).where("version_id", "=", id).execute();
}

export async function ratingAreaRows(db: DB) {
  return db.selectFrom("rating_areas").selectAll().orderBy("state").orderBy("area").orderBy("zip3").execute();
}

/**
 * Publishes again, as a new version in force from `effectiveDate`, the catalog as `sources` says
 * it was (plan id → the version whose rates it had, or "withdrawn"): a rollback. Rates are
 * copied by the database (one INSERT … SELECT per source version).
 */
export async function insertRepublished(
  db: DB,
  o: {
    from: number;
    sources: Map<number, number | "withdrawn">;
    effectiveDate: string;
    by: string;
    now: Date;
    dialect: Dialect;
    trail?: TrailWriter;
  },
) {
  return db.transaction().execute(async (trx) => {
    const version = await trx
      .insertInto("catalog_versions")
      .values({
        status: "published",
        effective_date: o.effectiveDate,
        created_at: o.now.toISOString(),
        published_at: o.now.toISOString(),
        published_by: o.by,
        source: `version ${o.from} published again`,
        summary: null,
        republished_from: o.from,
        rates_from: null,
        rates_until: null,
        payload: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const entries = [...o.sources];
    for (let i = 0; i < entries.length; i += CHUNK)
      await trx
        .insertInto("catalog_version_plans")
        .values(
          entries.slice(i, i + CHUNK).map(([plan_id, s]) => ({
            version_id: version.id,
            plan_id,
            status: s === "withdrawn" ? ("withdrawn" as const) : ("offered" as const),
          })),
        )
        .execute();
    const bySource = new Map<number, number[]>();
    for (const [planId, s] of entries) if (s !== "withdrawn") bySource.set(s, [...(bySource.get(s) ?? []), planId]);
    for (const [source, planIds] of bySource)
      await sql`insert into plan_prices (plan_id, tier, age_min, age_max, gender, smoker, state, coverage_amount, price_cents, catalog_version_id, rating_area)
        select plan_id, tier, age_min, age_max, gender, smoker, state, coverage_amount, price_cents, ${version.id}, rating_area
        from plan_prices where catalog_version_id = ${source} and plan_id in (${sql.join(planIds)}) order by id`.execute(trx);
    await auditCatalog(trx, "catalog.publish", o.by, version.id, o.now);
    await o.trail?.(trx, version.id);
    return version.id;
  });
}

/** Open carts (shopping or checking out) and live saved quotes holding any of these plans. */
export async function cartsHolding(db: DB, planIds: readonly number[], now: Date) {
  if (!planIds.length) return { carts: 0, savedQuotes: 0 };
  const [carts, quotes] = await Promise.all([
    db
      .selectFrom("cart_lines")
      .innerJoin("enrollments", "enrollments.id", "cart_lines.enrollment_id")
      .select((eb) => eb.fn.count<number>("cart_lines.enrollment_id").distinct().as("n"))
      .where("cart_lines.plan_id", "in", [...planIds])
      .where("enrollments.status", "in", ["shopping", "checked_out"])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("quotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("quotes.expires_at", ">", now.toISOString())
      .where("quotes.declined_at", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("cart_lines")
            .select("cart_lines.id")
            .whereRef("cart_lines.enrollment_id", "=", "quotes.enrollment_id")
            .where("cart_lines.plan_id", "in", [...planIds]),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return { carts: Number(carts.n), savedQuotes: Number(quotes.n) };
}
