/**
 * The catalog's use cases (issue 27, ADR 022): validate an upload whole, keep it as a draft
 * version, preview what it changes, publish it for an effective date, publish an earlier version
 * again (rollback), discard a draft, export the catalog in force as import files. The console
 * and `npm run catalog` both call these; nothing here knows who is asking beyond `by`.
 */
import { stringify } from "csv-stringify/sync";
import type { Services } from "../../services";
import { loadCatalog } from "../../repositories/catalog";
import {
  cartsHolding,
  catalogFactsOf,
  deleteDraft,
  findVersion,
  insertDraft,
  insertRepublished,
  listVersions,
  markPublished,
  payloadOf,
  ratingAreaRows,
  versionOffers,
  versionRates,
  type DraftSummary,
  type TrailWriter,
} from "../../repositories/catalog-versions";
import { readUploadFile, type UploadFile } from "./read-table";
import type { ImportProblem } from "~/domain/catalog-import/problems";
import type { Table } from "~/domain/catalog-import/table";
import { effectiveDateProblem, validateImport, type ValidatedImport } from "~/domain/catalog-import/validate";
import { sampleQuotes, type SampleQuote } from "~/domain/catalog-import/preview";
import { TIER_RATE_COLUMNS } from "~/domain/catalog-import/tier-rates";
import { PLAN_FLAGS, PLAN_TEXT_FIELDS } from "~/domain/catalog-import/plans";
import { CARRIER_COLUMNS, CATEGORY_COLUMNS } from "~/domain/catalog-import/reference";
import type { PriceRow } from "~/domain/pricing";
import { date as parseDate } from "~/domain/catalog-import/values";
import { todayIso } from "~/domain/dates";
import { withoutControlCharacters } from "~/domain/control-characters";

export type { UploadFile } from "./read-table";

export type Checked = { ok: true; upload: ValidatedImport } | { ok: false; problems: ImportProblem[]; problemCount: number };

/**
 * A file's name as the checks and the draft's source name it: a NUL or another control character
 * (a browser sends whatever name the file has) is taken out, not stored (PostgreSQL refuses a NUL).
 */
const cleanName = (f: UploadFile): UploadFile => ({ ...f, name: withoutControlCharacters(f.name).trim() || "(unnamed file)" });

/** Reads and checks every file of the upload; nothing is written. */
export async function checkUpload(services: Services, uploaded: readonly UploadFile[]): Promise<Checked> {
  const files = uploaded.map(cleanName);
  const tables: Table[] = [];
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  for (const f of files) {
    const read = await readUploadFile(f);
    if ("table" in read) tables.push(read.table);
    else {
      problems.push(...read.problems.list);
      problemCount += read.problems.count;
    }
  }
  const result = validateImport(tables, await catalogFactsOf(services.db));
  if (!result.ok) return { ok: false, problems: [...problems, ...result.problems], problemCount: problemCount + result.problemCount };
  if (problemCount) return { ok: false, problems, problemCount };
  return result;
}

export type Imported =
  | { ok: true; versionId: number; summary: DraftSummary }
  | { ok: false; problems: ImportProblem[]; problemCount: number };

/** Checks the upload whole, then keeps it as a draft version (one transaction), or changes nothing. */
export async function importUpload(
  services: Services,
  files: readonly UploadFile[],
  o: { by: string; trail?: TrailWriter },
): Promise<Imported> {
  const checked = await checkUpload(services, files);
  if (!checked.ok) return checked;
  const { versionId, summary } = await insertDraft(services.db, checked.upload, {
    source: files.map((f) => cleanName(f).name).join(", "),
    now: services.now(),
    by: o.by,
    trail: o.trail,
  });
  loadCatalog.forget(services.db);
  return { ok: true, versionId, summary };
}

export interface VersionPreview {
  versionId: number;
  status: "draft" | "published";
  source: string;
  /** the date the before and after are priced on */
  on: string;
  added: string[];
  changed: string[];
  withdrawn: string[];
  rateCount: number;
  samples: SampleQuote[];
  /** open carts and live saved quotes holding a plan it changes or withdraws */
  touched: { carts: number; savedQuotes: number; withdrawnCarts: number; withdrawnSavedQuotes: number };
}

/** What a version changes against the catalog in force on `on` (default: today), with sample quotes. */
export async function previewVersion(services: Services, versionId: number, on?: string): Promise<VersionPreview | null> {
  const version = await findVersion(services.db, versionId);
  if (!version) return null;
  const day = on ?? todayIso(services.now());
  const [before, rates, offers, areas] = await Promise.all([
    // the catalog as it would be without this version: the version in force before it
    loadCatalog(services.db, day),
    versionRates(services.db, versionId),
    versionOffers(services.db, versionId),
    ratingAreaRows(services.db),
  ]);
  const zip3sOf = new Map<string, Set<string>>();
  for (const a of [...areas, ...payloadOf(version).ratingAreas]) zip3sOf.set(a.area, (zip3sOf.get(a.area) ?? new Set()).add(a.zip3));
  const after = new Map<number, PriceRow[]>();
  for (const { rating_area, ...r } of rates) {
    const row: PriceRow = rating_area ? { ...r, zip3s: zip3sOf.get(rating_area) ?? new Set() } : r;
    const list = after.get(r.plan_id);
    if (list) list.push(row);
    else after.set(r.plan_id, [row]);
  }
  const codes = new Map([...before.plans.values()].map((p) => [p.id, p.code]));
  const summary: DraftSummary = version.summary
    ? (JSON.parse(version.summary) as DraftSummary)
    : { added: [], changed: [...after.keys()].map((id) => codes.get(id) ?? String(id)), withdrawn: [], rateCount: rates.length };
  const samples = [...after.keys()]
    .slice(0, 3)
    .flatMap((planId) => sampleQuotes(codes.get(planId) ?? String(planId), before.priceRows.get(planId) ?? [], after.get(planId) ?? []));
  const withdrawnIds = offers.filter((o) => o.status === "withdrawn").map((o) => o.plan_id);
  const now = services.now();
  const [all, withdrawn] = await Promise.all([
    cartsHolding(
      services.db,
      offers.map((o) => o.plan_id),
      now,
    ),
    cartsHolding(services.db, withdrawnIds, now),
  ]);
  return {
    versionId,
    status: version.status,
    source: version.source,
    on: day,
    added: summary.added,
    changed: summary.changed,
    withdrawn: summary.withdrawn,
    rateCount: summary.rateCount,
    samples,
    touched: { ...all, withdrawnCarts: withdrawn.carts, withdrawnSavedQuotes: withdrawn.savedQuotes },
  };
}

export type Published = { ok: true; versionId: number; effectiveDate: string } | { ok: false; reason: string };

function effectiveDateRefusal(services: Services, effectiveDate: string): string | null {
  const parsed = parseDate(effectiveDate);
  if (!parsed.ok || parsed.value !== effectiveDate) return "the effective date is not a date (YYYY-MM-DD)";
  if (effectiveDate < todayIso(services.now())) return `the effective date ${effectiveDate} is in the past`;
  return null;
}

/** Publishes a draft for an effective date (today or later, within its rates' own dates). */
export async function publishVersion(
  services: Services,
  versionId: number,
  effectiveDate: string,
  o: { by: string; trail?: TrailWriter },
): Promise<Published> {
  const refusal = effectiveDateRefusal(services, effectiveDate);
  if (refusal) return { ok: false, reason: refusal };
  const version = await findVersion(services.db, versionId);
  if (!version) return { ok: false, reason: `no version ${versionId}` };
  if (version.status !== "draft") return { ok: false, reason: `version ${versionId} is already published` };
  const window = effectiveDateProblem(effectiveDate, { ratesFrom: version.rates_from, ratesUntil: version.rates_until });
  if (window) return { ok: false, reason: window };
  const done = await markPublished(services.db, versionId, { effectiveDate, by: o.by, now: services.now(), trail: o.trail });
  loadCatalog.forget(services.db);
  return done ? { ok: true, versionId, effectiveDate } : { ok: false, reason: `version ${versionId} is already published` };
}

/**
 * Rollback: the catalog as version `versionId` left it — every plan's rates and offer as they
 * were with that version in force — published again as a new version from `effectiveDate`.
 */
export async function republishVersion(
  services: Services,
  versionId: number,
  effectiveDate: string,
  o: { by: string; trail?: TrailWriter },
): Promise<Published> {
  const refusal = effectiveDateRefusal(services, effectiveDate);
  if (refusal) return { ok: false, reason: refusal };
  const version = await findVersion(services.db, versionId);
  if (!version || version.status !== "published" || !version.effective_date)
    return { ok: false, reason: `no published version ${versionId}` };
  // the catalog with that version the last one in force: on its date, among the versions published up to it
  const snapshot = await loadCatalog(services.db, version.effective_date);
  if (snapshot.version.id !== versionId)
    return { ok: false, reason: `version ${versionId} was never in force alone (a later publication shares its date)` };
  const sources = new Map<number, number | "withdrawn">();
  for (const planId of snapshot.plans.keys()) {
    const offer = snapshot.offers.get(planId);
    sources.set(planId, offer?.status === "offered" ? offer.versionId : "withdrawn");
  }
  const id = await insertRepublished(services.db, {
    from: versionId,
    sources,
    effectiveDate,
    by: o.by,
    now: services.now(),
    dialect: services.dialect,
    trail: o.trail,
  });
  loadCatalog.forget(services.db);
  return { ok: true, versionId: id, effectiveDate };
}

/** Who the demo catalog's version is imported and published by, on the trail and the version. */
export const DEMO_SEED_ACTOR = "demo seed";
/** The demo catalog is in force for any coverage date, as the catalog before versions was (migration 017). */
export const DEMO_CATALOG_EFFECTIVE = "1900-01-01";

/**
 * The demo catalog on a database without plans (app/.server/db/seed): an upload already checked
 * whole (docs/catalog/demo, by validateImport, as checkUpload does), kept as a draft and published
 * by the same writes as importUpload and publishVersion — as version 1, the empty version migration
 * 017 made, in force since 1900-01-01 (a date publishVersion refuses to an operator), by "demo
 * seed" — on audit_events (catalog.import, catalog.publish) and as the version's publisher. It
 * writes no console trail entry (operator_events): no operator or command made the change.
 * `db` may be the seed's own transaction.
 */
export async function publishDemoCatalog(db: Services["db"], upload: ValidatedImport, o: { source: string; now: Date }) {
  const offers = await db.selectFrom("catalog_version_plans").select("plan_id").where("version_id", "=", 1).executeTakeFirst();
  if (offers) throw new Error("the demo catalog goes into an empty catalog only");
  await db.deleteFrom("catalog_versions").where("id", "=", 1).execute();
  const { versionId } = await insertDraft(db, upload, { source: o.source, now: o.now, by: DEMO_SEED_ACTOR, id: 1 });
  const window = effectiveDateProblem(DEMO_CATALOG_EFFECTIVE, { ratesFrom: upload.ratesFrom, ratesUntil: upload.ratesUntil });
  if (window) throw new Error(`the demo catalog cannot take effect on ${DEMO_CATALOG_EFFECTIVE}: ${window}`);
  const done = await markPublished(db, versionId, { effectiveDate: DEMO_CATALOG_EFFECTIVE, by: DEMO_SEED_ACTOR, now: o.now });
  if (!done) throw new Error("the demo catalog's version was not published");
  loadCatalog.forget(db);
  return versionId;
}

export async function discardDraft(services: Services, versionId: number, o: { by: string; trail?: TrailWriter }) {
  const done = await deleteDraft(services.db, versionId, { by: o.by, now: services.now(), trail: o.trail });
  loadCatalog.forget(services.db);
  return done;
}

export function catalogVersions(services: Services) {
  return listVersions(services.db);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The catalog in force on `on` as import files (README "Catalog import files"): carriers.csv,
 * categories.csv, plans.json (every plan's attributes, flags, texts, links, facts and questions),
 * rates.csv (the tier-rate format, every rate with its rating area) and rating-areas.csv.
 * Importing them back and publishing gives the same catalog (tests/integration/catalog-cli.test.ts);
 * the demo catalog (docs/catalog/demo) was made this way.
 */
export async function exportCatalog(services: Services, on: string): Promise<{ name: string; text: string }[]> {
  const db = services.db;
  const [catalog, carriers, categories, areas, facts] = await Promise.all([
    loadCatalog(db, on),
    db.selectFrom("carriers").selectAll().orderBy("id").execute(),
    db.selectFrom("plan_categories").selectAll().orderBy("id").execute(),
    ratingAreaRows(db),
    db.selectFrom("plan_facts").selectAll().execute(),
  ]);
  const carrierCode = new Map(carriers.map((c) => [c.id, c.code]));
  const factsOf = new Map(facts.map((f) => [`${f.plan_id}:${f.locale}`, f]));
  const planCodeOf = new Map([...catalog.plans.values()].map((p) => [p.id, p.code]));
  const codesOf = (ids: readonly (number | null | undefined)[] | undefined) =>
    (ids ?? [])
      .filter((id): id is number => typeof id === "number")
      .map((id) => planCodeOf.get(id) ?? "")
      .join(" ");
  const plans: Record<string, unknown>[] = [];
  const sources = new Map<number, number[]>();
  for (const plan of catalog.plans.values()) {
    const offer = catalog.offers.get(plan.id);
    if (!offer) continue;
    const entry: Record<string, unknown> = { code: plan.code, status: offer.status };
    if (offer.status === "offered") {
      sources.set(offer.versionId, [...(sources.get(offer.versionId) ?? []), plan.id]);
      Object.assign(entry, {
        category: plan.categoryKey,
        carrier: carrierCode.get(plan.carrier_id) ?? "",
        states: plan.all_states ? "all" : plan.states.join(" "),
        age_min: plan.age_min,
        age_max: plan.age_max,
        audience: plan.audience,
        tobacco_rated: plan.tobacco_rated,
        hide_add_to_cart: plan.hide_add_to_cart,
        is_featured: plan.is_featured,
        sort_order: plan.sort_order,
        popularity: plan.popularity,
        one_time_fee: dollars(plan.one_time_fee_cents),
      });
      for (const f of PLAN_FLAGS) if (f !== "tobacco_rated" && f !== "hide_add_to_cart" && f !== "is_featured") entry[f] = plan[f];
      const optional: Record<string, string | number | null> = {
        logo_url: plan.logo_url,
        bundle_size: plan.bundle_size,
        min_working_hours: plan.min_working_hours,
        l713_net_price: plan.l713_net_price_cents === null ? null : dollars(plan.l713_net_price_cents),
        salary_rate_per_1000: plan.salary_rate_cents_per_k === null ? null : dollars(plan.salary_rate_cents_per_k),
        zip3s: plan.areas.join(" "),
        suggested: codesOf(catalog.suggested.get(plan.id)),
        riders: codesOf(catalog.riders.get(plan.id)),
        replaced_by: codesOf([catalog.replacedBy.get(plan.id)]),
        premier_pair: codesOf([plan.premier_pair_plan_id]),
      };
      for (const [k, v] of Object.entries(optional)) if (v !== null && v !== "") entry[k] = v;
      for (const locale of ["en", "es"] as const)
        for (const f of PLAN_TEXT_FIELDS) {
          const v = plan.texts[locale]?.[f];
          if (v) entry[`${f}_${locale}`] = v;
        }
      for (const locale of ["en", "es"] as const) {
        const f = factsOf.get(`${plan.id}:${locale}`);
        if (f)
          entry[`facts_${locale}`] = {
            deductible: f.deductible,
            maximums: f.maximums,
            waiting_periods: f.waiting_periods,
            network: f.network,
            coverage: JSON.parse(f.coverage),
            exclusions: JSON.parse(f.exclusions),
          };
      }
      const questions = catalog.questions.get(plan.id);
      if (questions)
        entry.questions = [...questions.eligibility, ...questions.enroll].map((q) => ({
          kind: q.kind,
          text_en: q.text_en,
          text_es: q.text_es,
          true_condition: q.true_condition,
          decline_answer: q.decline_answer,
        }));
    }
    plans.push(entry);
  }
  const versionDates = new Map((await listVersions(db)).map((v) => [v.id, v.effective_date]));
  const code = new Map([...catalog.plans.values()].map((p) => [p.id, p.code]));
  const rateRows: string[][] = [];
  for (const [versionId, planIds] of sources) {
    const rows = await db
      .selectFrom("plan_prices")
      .select(["plan_id", "state", "tier", "age_min", "age_max", "gender", "smoker", "coverage_amount", "price_cents", "rating_area"])
      .where("catalog_version_id", "=", versionId)
      .where("plan_id", "in", planIds)
      .orderBy("id")
      .execute();
    const effective = versionDates.get(versionId) ?? on;
    for (const r of rows)
      rateRows.push([
        code.get(r.plan_id) ?? "",
        r.state ?? "all",
        r.tier,
        `${r.age_min}-${r.age_max}`,
        r.gender === null ? "" : r.gender === 0 ? "M" : "F",
        r.smoker === null ? "" : r.smoker === 1 ? "Y" : "N",
        r.coverage_amount === null ? "" : String(r.coverage_amount),
        dollars(r.price_cents),
        effective,
        "",
        r.rating_area ?? "",
      ]);
  }
  const files = [
    {
      name: "carriers.csv",
      text: stringify([[...CARRIER_COLUMNS], ...carriers.map((c) => [c.code, c.name, String(c.admin_fee_percent), c.logo_url ?? ""])]),
    },
    {
      name: "categories.csv",
      text: stringify([[...CATEGORY_COLUMNS], ...categories.map((c) => CATEGORY_COLUMNS.map((k) => String(c[k])))]),
    },
    { name: "plans.json", text: `${JSON.stringify({ plans }, null, 2)}\n` },
    { name: "rates.csv", text: stringify([[...TIER_RATE_COLUMNS], ...rateRows]) },
  ];
  // a file with a header and no row is refused on import: no areas, no file
  if (areas.length)
    files.push({
      name: "rating-areas.csv",
      text: stringify([["state", "rating_area", "zip3"], ...areas.map((a) => [a.state, a.area.split(":")[1], a.zip3])]),
    });
  return files;
}
