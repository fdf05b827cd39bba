/**
 * Tier-rated plans (dental, vision, pet, life, supplemental): the store's own rate CSV (README
 * "Catalog import files"). One row per price: plan_code, state (two letters, or "all"), tier
 * (IO, IS, IC, IF), age_band ("18-64", "40", "65+", "all"), gender (M, F or empty for any),
 * tobacco (Y, N or empty for any), coverage_amount (whole dollars, empty when the plan has none),
 * monthly_rate (dollars; 0 = the tier is not sold), effective_date, expiration_date (may be
 * empty) and, optionally, rating_area ("TX:1", an area of the rating-area file). It is also the
 * format `npm run catalog -- export` writes every rate in, so export → import is a round trip.
 */
import type { Problems } from "./problems";
import { problem, type ProblemMessage } from "./messages";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import type { ImportedRate } from "./rates";
import { ageBand, date, money, US_STATES } from "./values";
import { isTier } from "../tiers";

export const TIER_RATE_COLUMNS = [
  "plan_code",
  "state",
  "tier",
  "age_band",
  "gender",
  "tobacco",
  "coverage_amount",
  "monthly_rate",
  "effective_date",
  "expiration_date",
  "rating_area",
] as const;

const REQUIRED = ["plan_code", "state", "tier", "age_band", "gender", "tobacco", "monthly_rate", "effective_date"];

export const isTierRates = (table: Table) => hasColumns(table, ["plan_code", "tier", "monthly_rate"]);

export function parseTierRates(table: Table, problems: Problems): ImportedRate[] {
  const missing = REQUIRED.filter((c) => !hasColumns(table, [c]));
  if (missing.length) {
    for (const c of missing) problems.add(table.file, 1, c, problem("columnMissing"));
    return [];
  }
  const cell = cellReader(table);
  const out: ImportedRate[] = [];
  table.rows.forEach((row, i) => {
    const n = spreadsheetRow(i);
    const fail = (column: string, what: ProblemMessage) => problems.add(table.file, n, column, what);
    const before = problems.count;
    const planCode = cell(row, "plan_code");
    if (!planCode) fail("plan_code", problem("missing"));
    else if (planCode.length > 40) fail("plan_code", problem("tooLong", { max: 40 }));
    const stateCell = cell(row, "state").toUpperCase();
    const state = !stateCell || stateCell === "ALL" ? null : stateCell;
    if (state && !US_STATES.has(state)) fail("state", problem("notStateOrAll"));
    const tierCell = cell(row, "tier").toUpperCase();
    if (!isTier(tierCell)) fail("tier", problem(tierCell ? "notTier" : "missing"));
    const ages = ageBand(cell(row, "age_band"));
    if (!ages.ok) fail("age_band", ages.message);
    const g = cell(row, "gender").toLowerCase();
    const gender = !g || g === "any" ? null : ["m", "male"].includes(g) ? 0 : ["f", "female"].includes(g) ? 1 : undefined;
    if (gender === undefined) fail("gender", problem("notGender"));
    const t = cell(row, "tobacco").toLowerCase();
    const smoker = !t || t === "any" ? null : ["y", "yes"].includes(t) ? 1 : ["n", "no"].includes(t) ? 0 : undefined;
    if (smoker === undefined) fail("tobacco", problem("notTobaccoFlag"));
    const amountCell = cell(row, "coverage_amount").replace(/^\$/, "").replace(/,/g, "");
    let coverageAmount: number | null = null;
    if (amountCell) {
      if (!/^\d{1,9}$/.test(amountCell)) fail("coverage_amount", problem("notDollars"));
      else coverageAmount = Number(amountCell);
    }
    const rate = money(cell(row, "monthly_rate"));
    if (!rate.ok) fail("monthly_rate", rate.message);
    const effective = date(cell(row, "effective_date"));
    if (!effective.ok) fail("effective_date", effective.message);
    const expCell = cell(row, "expiration_date");
    const expiration = expCell ? date(expCell) : null;
    if (expiration && !expiration.ok) fail("expiration_date", expiration.message);
    if (effective.ok && expiration?.ok && expiration.value < effective.value)
      fail("expiration_date", problem("before", { column: "effective_date" }));
    const areaCell = cell(row, "rating_area").toUpperCase();
    const area = /^([A-Z]{2}):(\d{1,3})$/.exec(areaCell);
    if (areaCell && !area) fail("rating_area", problem("notTierRatingArea"));
    else if (area && state !== area[1]) fail("rating_area", problem("areaNotOfState"));
    if (problems.count > before || !rate.ok || !effective.ok || !ages.ok || !isTier(tierCell)) return;
    out.push({
      planCode,
      tier: tierCell,
      ageMin: ages.value.min,
      ageMax: ages.value.max,
      gender: gender ?? null,
      smoker: smoker ?? null,
      state,
      ratingArea: area ? `${area[1]}:${Number(area[2])}` : null,
      coverageAmount,
      priceCents: rate.value,
      effectiveDate: effective.value,
      expirationDate: expiration?.ok ? expiration.value : null,
      file: table.file,
      row: n,
      codeColumn: "plan_code",
      areaColumn: "rating_area",
    });
  });
  return out;
}
