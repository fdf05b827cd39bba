/**
 * An upload checked whole (issue 27): every file read by its columns, every row checked, then
 * the files against each other and against the catalog (plans the rates name, rating areas,
 * categories, carriers). Nothing is written unless the whole upload is clean (ADR 022).
 */
import { Problems, type ImportProblem } from "./problems";
import { problem } from "./messages";
import { controlCharacterProblems, type Table } from "./table";
import { describeRate, rateKey, type ImportedRate } from "./rates";
import { isRatePuf, parseRatePuf } from "./rate-puf";
import { isTierRates, parseTierRates } from "./tier-rates";
import { isRatingAreas, parseRatingAreas, type RatingArea } from "./rating-areas";
import { isPlansTable, parsePlans, PLAN_LINKS, type ImportedPlan } from "./plans";
import {
  isCarriersTable,
  isCategoriesTable,
  parseCarriers,
  parseCategories,
  type ImportedCarrier,
  type ImportedCategory,
} from "./reference";

export type ImportFileKind = "ratePuf" | "tierRates" | "plans" | "ratingAreas" | "carriers" | "categories";

export function fileKind(table: Table): ImportFileKind | null {
  if (isRatePuf(table)) return "ratePuf";
  if (isTierRates(table)) return "tierRates";
  if (isRatingAreas(table)) return "ratingAreas";
  if (isCategoriesTable(table)) return "categories";
  if (isCarriersTable(table)) return "carriers";
  if (isPlansTable(table)) return "plans";
  return null;
}

/** What the catalog already has, to check an upload against. */
export interface CatalogFacts {
  /** plan code → whether the catalog has it (any status) */
  planCodes: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  carriers: ReadonlySet<string>;
  /** rating area keys ("TX:7") the catalog already maps */
  ratingAreas: ReadonlySet<string>;
}

export interface ValidatedImport {
  /** rows of plans files */
  plans: ImportedPlan[];
  /** plan code → its rates: a plan with rates here gets exactly these */
  rates: Map<string, ImportedRate[]>;
  rateCount: number;
  ratingAreas: RatingArea[];
  /** rows of carriers and categories files */
  carriers: ImportedCarrier[];
  categories: ImportedCategory[];
  /** every rate holds on [ratesFrom, ratesUntil] (null: no end) */
  ratesFrom: string | null;
  ratesUntil: string | null;
  files: { file: string; kind: ImportFileKind; rows: number }[];
}

export type ValidationResult = { ok: true; upload: ValidatedImport } | { ok: false; problems: ImportProblem[]; problemCount: number };

export function validateImport(tables: readonly Table[], facts: CatalogFacts, limit = 1000): ValidationResult {
  const problems = new Problems(limit);
  if (!tables.length) problems.add("(upload)", null, null, problem("noFile"));
  const plans: ImportedPlan[] = [];
  const rates: ImportedRate[] = [];
  const areas: RatingArea[] = [];
  const carriers: ImportedCarrier[] = [];
  const categories: ImportedCategory[] = [];
  const files: ValidatedImport["files"] = [];
  for (const table of tables) {
    controlCharacterProblems(table, problems);
    const kind = fileKind(table);
    if (!kind) {
      problems.add(table.file, 1, null, problem("notCatalogFile"));
      continue;
    }
    if (!table.rows.length) problems.add(table.file, null, null, problem("noRows"));
    files.push({ file: table.file, kind, rows: table.rows.length });
    // appended one by one: a 100,000-row file is too many arguments for push(...rows)
    const parsed =
      kind === "ratePuf"
        ? parseRatePuf(table, problems)
        : kind === "tierRates"
          ? parseTierRates(table, problems)
          : kind === "ratingAreas"
            ? parseRatingAreas(table, problems)
            : kind === "carriers"
              ? parseCarriers(table, problems)
              : kind === "categories"
                ? parseCategories(table, problems)
                : parsePlans(table, problems);
    for (const row of parsed) {
      if (kind === "ratingAreas") areas.push(row as RatingArea);
      else if (kind === "carriers") carriers.push(row as ImportedCarrier);
      else if (kind === "categories") categories.push(row as ImportedCategory);
      else if (kind === "plans") plans.push(row as ImportedPlan);
      else rates.push(row as ImportedRate);
    }
  }

  // carriers and categories: one row per code across files
  const carrierRow = new Map<string, ImportedCarrier>();
  for (const c of carriers) {
    const first = carrierRow.get(c.code);
    if (first) problems.add(c.file, c.row, "code", problem("planRepeated", { code: c.code, file: first.file, row: first.row }));
    else carrierRow.set(c.code, c);
  }
  const categoryRow = new Map<string, ImportedCategory>();
  for (const c of categories) {
    const first = categoryRow.get(c.key);
    if (first) problems.add(c.file, c.row, "key", problem("planRepeated", { code: c.key, file: first.file, row: first.row }));
    else categoryRow.set(c.key, c);
  }
  const knownCategories = new Set([...facts.categories, ...categoryRow.keys()]);
  const knownCarriers = new Set([...facts.carriers, ...carrierRow.keys()]);

  // plans: one row per code across files; a new plan is complete and known categories and carriers
  const planRow = new Map<string, ImportedPlan>();
  for (const p of plans) {
    const first = planRow.get(p.code);
    if (first) {
      problems.add(p.file, p.row, "code", problem("planRepeated", { code: p.code, file: first.file, row: first.row }));
      continue;
    }
    planRow.set(p.code, p);
    const isNew = !facts.planCodes.has(p.code);
    if (p.status === "withdrawn") {
      if (isNew) problems.add(p.file, p.row, "code", problem("noPlanToWithdraw", { code: p.code }));
      continue;
    }
    if (isNew) {
      for (const [column, value] of [
        ["category", p.category],
        ["carrier", p.carrier],
        ["name_en", p.texts.en.name],
        ["name_es", p.texts.es.name],
      ] as const)
        if (!value) problems.add(p.file, p.row, column, problem("missingForNewPlan"));
    }
    if (p.category && !knownCategories.has(p.category))
      problems.add(p.file, p.row, "category", problem("noCategory", { category: p.category }));
    if (p.carrier && !knownCarriers.has(p.carrier)) problems.add(p.file, p.row, "carrier", problem("noCarrier", { carrier: p.carrier }));
  }
  // the plans a row names (suggestions, riders, replacement, premier companion): in the catalog or this upload
  for (const p of planRow.values())
    for (const link of PLAN_LINKS)
      for (const code of p.links[link] ?? [])
        if (!planRow.has(code) && !facts.planCodes.has(code)) problems.add(p.file, p.row, link, problem("noLinkedPlan", { code }));

  // rates: a known plan, not withdrawn, a known area, one rate per key
  const knownAreas = new Set([...facts.ratingAreas, ...areas.map((a) => a.area)]);
  const byKey = new Map<string, ImportedRate>();
  const byPlan = new Map<string, ImportedRate[]>();
  let ratesFrom: string | null = null;
  let ratesUntil: string | null = null;
  for (const r of rates) {
    const plan = planRow.get(r.planCode);
    if (!plan && !facts.planCodes.has(r.planCode)) {
      problems.add(r.file, r.row, r.codeColumn, problem("noPlan", { code: r.planCode }));
      continue;
    }
    if (plan?.status === "withdrawn") {
      problems.add(r.file, r.row, r.codeColumn, problem("planWithdrawn", { code: r.planCode, file: plan.file, row: plan.row }));
      continue;
    }
    if (r.ratingArea && !knownAreas.has(r.ratingArea)) {
      const [state, n] = r.ratingArea.split(":");
      problems.add(r.file, r.row, r.areaColumn, problem("areaNotMapped", { area: n, state }));
      continue;
    }
    const key = rateKey(r);
    const first = byKey.get(key);
    if (first) {
      problems.add(r.file, r.row, null, problem("secondRate", { rate: describeRate(r), file: first.file, row: first.row }));
      continue;
    }
    byKey.set(key, r);
    const list = byPlan.get(r.planCode);
    if (list) list.push(r);
    else byPlan.set(r.planCode, [r]);
    if (ratesFrom === null || r.effectiveDate > ratesFrom) ratesFrom = r.effectiveDate;
    if (r.expirationDate && (ratesUntil === null || r.expirationDate < ratesUntil)) ratesUntil = r.expirationDate;
  }
  for (const p of planRow.values())
    if (p.status === "offered" && !facts.planCodes.has(p.code) && !byPlan.has(p.code))
      problems.add(p.file, p.row, "code", problem("noRatesForNewPlan", { code: p.code }));
  if (ratesFrom !== null && ratesUntil !== null && ratesUntil < ratesFrom)
    problems.add("(upload)", null, null, problem("noSharedDate", { until: ratesUntil, from: ratesFrom }));

  if (problems.count) return { ok: false, problems: problems.list, problemCount: problems.count };
  return {
    ok: true,
    upload: {
      plans: [...planRow.values()],
      rates: byPlan,
      rateCount: byKey.size,
      ratingAreas: areas,
      carriers: [...carrierRow.values()],
      categories: [...categoryRow.values()],
      ratesFrom,
      ratesUntil,
      files,
    },
  };
}

/** Why a version cannot take effect on `on`: its rates do not hold then (null: it can). */
export function effectiveDateProblem(on: string, window: { ratesFrom: string | null; ratesUntil: string | null }): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(on)) return "the effective date is not a date (YYYY-MM-DD)";
  if (window.ratesFrom && on < window.ratesFrom) return `the rates take effect on ${window.ratesFrom}: the effective date ${on} is before`;
  if (window.ratesUntil && on > window.ratesUntil) return `the rates expire on ${window.ratesUntil}: the effective date ${on} is after`;
  return null;
}
