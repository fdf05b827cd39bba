/**
 * The CMS Rate Public Use File (Rate_PUF.csv) as CMS publishes it, so an issuer's rate filing
 * loads as it is (issue 27). Columns read (extra columns are ignored): PlanId, RatingAreaId,
 * Tobacco, Age, IndividualRate, IndividualTobaccoRate, Couple, PrimarySubscriberAndOneDependent,
 * PrimarySubscriberAndTwoDependents, PrimarySubscriberAndThreeOrMoreDependents,
 * CoupleAndOneDependent, CoupleAndTwoDependents, CoupleAndThreeOrMoreDependents,
 * RateEffectiveDate, RateExpirationDate.
 *
 * How a row becomes price rows (README "Catalog import files"):
 *  - an age row ("0-14", "15" … "63", "64 and over") prices the individual (IO) at those ages:
 *    IndividualRate, and with Tobacco "Tobacco User/Non-Tobacco User" IndividualTobaccoRate for a
 *    tobacco user (IndividualRate then for a non-user); "No Preference": one rate for everyone;
 *  - a "Family Option" row (family-tier rating states) prices every age: IO IndividualRate,
 *    IS Couple, IC PrimarySubscriberAndOneDependent, IF CoupleAndOneDependent (the store's tiers do
 *    not count children, so the two- and three-dependent columns are checked, not stored).
 * The plan's state is the HIOS plan id's letters 6–7; "Rating Area 7" becomes the area "TX:7",
 * which the rating-area file maps to ZIP3 prefixes.
 */
import type { Problems } from "./problems";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import type { ImportedRate } from "./rates";
import { date, money, type Parsed } from "./values";
import type { Tier } from "../tiers";

export const PUF_COLUMNS = [
  "PlanId",
  "RatingAreaId",
  "Tobacco",
  "Age",
  "IndividualRate",
  "IndividualTobaccoRate",
  "Couple",
  "PrimarySubscriberAndOneDependent",
  "PrimarySubscriberAndTwoDependents",
  "PrimarySubscriberAndThreeOrMoreDependents",
  "CoupleAndOneDependent",
  "CoupleAndTwoDependents",
  "CoupleAndThreeOrMoreDependents",
  "RateEffectiveDate",
  "RateExpirationDate",
] as const;

const REQUIRED = ["PlanId", "RatingAreaId", "Tobacco", "Age", "IndividualRate", "RateEffectiveDate", "RateExpirationDate"];

export const isRatePuf = (table: Table) => hasColumns(table, ["PlanId", "RatingAreaId", "IndividualRate"]);

/** The oldest age a PUF band "64 and over" reaches (the store asks ages 18–100). */
export const PUF_MAX_AGE = 120;

/** A standard component id: 5-digit HIOS issuer id, state, 7 digits (e.g. 21989AK0030001); a variant suffix (-01) is allowed. */
const PLAN_ID = /^\d{5}([A-Z]{2})\d{7}(-\d{2})?$/;

function pufAge(cell: string): Parsed<{ min: number; max: number } | "family"> {
  const v = cell.trim().toLowerCase();
  if (v === "family option") return { ok: true, value: "family" };
  let m = /^(\d{1,2})\s*-\s*(\d{1,2})$/.exec(v);
  if (m && Number(m[1]) <= Number(m[2])) return { ok: true, value: { min: Number(m[1]), max: Number(m[2]) } };
  m = /^(\d{1,2}) and over$/.exec(v);
  if (m) return { ok: true, value: { min: Number(m[1]), max: PUF_MAX_AGE } };
  m = /^(\d{1,2})$/.exec(v);
  if (m) return { ok: true, value: { min: Number(m[1]), max: Number(m[1]) } };
  return { ok: false, message: 'not an age ("0-14", "15" to "63", "64 and over" or "Family Option")' };
}

export function parseRatePuf(table: Table, problems: Problems): ImportedRate[] {
  const missing = REQUIRED.filter((c) => !hasColumns(table, [c]));
  if (missing.length) {
    for (const c of missing) problems.add(table.file, 1, c, "column missing");
    return [];
  }
  const cell = cellReader(table);
  const out: ImportedRate[] = [];
  table.rows.forEach((row, i) => {
    const n = spreadsheetRow(i);
    const fail = (column: string, message: string) => problems.add(table.file, n, column, message);
    const before = problems.count;
    const planId = cell(row, "PlanId");
    const plan = PLAN_ID.exec(planId);
    if (!planId) fail("PlanId", "missing");
    else if (!plan) fail("PlanId", "not a HIOS plan id (5 digits, state, 7 digits, e.g. 21989AK0030001)");
    const state = plan ? plan[1] : null;
    const areaCell = cell(row, "RatingAreaId");
    const area = /^rating area (\d{1,3})$/i.exec(areaCell);
    if (!area) fail("RatingAreaId", areaCell ? 'not a rating area ("Rating Area 1")' : "missing");
    const tobaccoCell = cell(row, "Tobacco").toLowerCase();
    const tobaccoRated = tobaccoCell === "tobacco user/non-tobacco user";
    if (!tobaccoRated && tobaccoCell !== "no preference")
      fail("Tobacco", tobaccoCell ? 'not "No Preference" or "Tobacco User/Non-Tobacco User"' : "missing");
    const age = pufAge(cell(row, "Age"));
    if (!age.ok) fail("Age", age.message);
    const read = (column: string, required: boolean) => {
      const v = cell(row, column);
      if (!v && !required) return null;
      const parsed = money(v);
      if (!parsed.ok) {
        fail(column, parsed.message);
        return null;
      }
      return parsed.value;
    };
    const individual = read("IndividualRate", true);
    const tobacco = read("IndividualTobaccoRate", tobaccoRated && age.ok && age.value !== "family");
    const family = age.ok && age.value === "family";
    const couple = read("Couple", family);
    const oneDependent = read("PrimarySubscriberAndOneDependent", family);
    read("PrimarySubscriberAndTwoDependents", false);
    read("PrimarySubscriberAndThreeOrMoreDependents", false);
    const coupleOneDependent = read("CoupleAndOneDependent", family);
    read("CoupleAndTwoDependents", false);
    read("CoupleAndThreeOrMoreDependents", false);
    const effective = date(cell(row, "RateEffectiveDate"));
    if (!effective.ok) fail("RateEffectiveDate", effective.message);
    const expiration = date(cell(row, "RateExpirationDate"));
    if (!expiration.ok) fail("RateExpirationDate", expiration.message);
    if (effective.ok && expiration.ok && expiration.value < effective.value) fail("RateExpirationDate", "before RateEffectiveDate");
    if (problems.count > before || !age.ok || !effective.ok || !expiration.ok || !area || !state) return;

    const base = {
      planCode: planId,
      gender: null,
      state,
      ratingArea: `${state}:${Number(area[1])}`,
      coverageAmount: null,
      effectiveDate: effective.value,
      expirationDate: expiration.value,
      file: table.file,
      row: n,
      codeColumn: "PlanId",
      areaColumn: "RatingAreaId",
    };
    const push = (tier: Tier, ages: { min: number; max: number }, smoker: number | null, cents: number | null) => {
      if (cents !== null) out.push({ ...base, tier, ageMin: ages.min, ageMax: ages.max, smoker, priceCents: cents });
    };
    if (age.value === "family") {
      const all = { min: 0, max: PUF_MAX_AGE };
      push("IO", all, null, individual);
      push("IS", all, null, couple);
      push("IC", all, null, oneDependent);
      push("IF", all, null, coupleOneDependent);
    } else if (tobaccoRated) {
      push("IO", age.value, 0, individual);
      push("IO", age.value, 1, tobacco);
    } else push("IO", age.value, null, individual);
  });
  return out;
}
