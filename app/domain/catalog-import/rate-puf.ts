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
import { problem } from "./messages";
import { columnIndex, columnKey, hasColumns, spreadsheetRow, type Table } from "./table";
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
const AREA = /^rating area (\d{1,3})$/i;

/** The money columns, in the order they are checked (a row's problems are listed in this order). */
const MONEY_COLUMNS = [
  "IndividualRate",
  "IndividualTobaccoRate",
  "Couple",
  "PrimarySubscriberAndOneDependent",
  "PrimarySubscriberAndTwoDependents",
  "PrimarySubscriberAndThreeOrMoreDependents",
  "CoupleAndOneDependent",
  "CoupleAndTwoDependents",
  "CoupleAndThreeOrMoreDependents",
] as const;
const [IND, IND_TOBACCO, COUPLE, ONE_DEP, COUPLE_ONE_DEP] = [0, 1, 2, 3, 6];

function pufAge(cell: string): Parsed<{ min: number; max: number } | "family"> {
  const v = cell.trim().toLowerCase();
  if (v === "family option") return { ok: true, value: "family" };
  let m = /^(\d{1,2})\s*-\s*(\d{1,2})$/.exec(v);
  if (m && Number(m[1]) <= Number(m[2])) return { ok: true, value: { min: Number(m[1]), max: Number(m[2]) } };
  m = /^(\d{1,2}) and over$/.exec(v);
  if (m) return { ok: true, value: { min: Number(m[1]), max: PUF_MAX_AGE } };
  m = /^(\d{1,2})$/.exec(v);
  if (m) return { ok: true, value: { min: Number(m[1]), max: Number(m[1]) } };
  return { ok: false, message: problem("notPufAge") };
}

/** What every rate of one row shares. */
interface RowFacts {
  planCode: string;
  state: string;
  ratingArea: string;
  effectiveDate: string;
  expirationDate: string;
  file: string;
  row: number;
}

function pushRate(
  out: ImportedRate[],
  f: RowFacts,
  tier: Tier,
  ageMin: number,
  ageMax: number,
  smoker: number | null,
  priceCents: number | null,
) {
  if (priceCents === null) return;
  out.push({
    planCode: f.planCode,
    tier,
    ageMin,
    ageMax,
    gender: null,
    smoker,
    state: f.state,
    ratingArea: f.ratingArea,
    coverageAmount: null,
    priceCents,
    effectiveDate: f.effectiveDate,
    expirationDate: f.expirationDate,
    file: f.file,
    row: f.row,
    codeColumn: "PlanId",
    areaColumn: "RatingAreaId",
  });
}

/** The cells of one row, by the columns' positions resolved once for the file (-1: no such column). */
function cellAt(row: string[], i: number) {
  if (i < 0) return "";
  const v = row[i];
  return v === undefined ? "" : v.trim();
}

/**
 * Every row of the file as rates, every problem in `problems`. One pass with the columns'
 * positions resolved once and no function made per row: a full-size filing is 100,000 rows or
 * more, and per-row closures and lookups by name made the collector most of the check's time.
 */
export function parseRatePuf(table: Table, problems: Problems): ImportedRate[] {
  const missing = REQUIRED.filter((c) => !hasColumns(table, [c]));
  if (missing.length) {
    for (const c of missing) problems.add(table.file, 1, c, problem("columnMissing"));
    return [];
  }
  const index = columnIndex(table);
  const at = (name: string) => index.get(columnKey(name)) ?? -1;
  const col = {
    planId: at("PlanId"),
    area: at("RatingAreaId"),
    tobacco: at("Tobacco"),
    age: at("Age"),
    effective: at("RateEffectiveDate"),
    expiration: at("RateExpirationDate"),
  };
  const amounts = MONEY_COLUMNS.map((name) => ({ name, i: at(name) }));
  const file = table.file;
  const out: ImportedRate[] = [];
  const values: (number | null)[] = new Array(MONEY_COLUMNS.length);
  const rows = table.rows;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const n = spreadsheetRow(r);
    const before = problems.count;
    const planId = cellAt(row, col.planId);
    const plan = PLAN_ID.exec(planId);
    if (!planId) problems.add(file, n, "PlanId", problem("missing"));
    else if (!plan) problems.add(file, n, "PlanId", problem("notHiosId"));
    const state = plan ? plan[1] : null;
    const areaCell = cellAt(row, col.area);
    const area = AREA.exec(areaCell);
    if (!area) problems.add(file, n, "RatingAreaId", problem(areaCell ? "notPufRatingArea" : "missing"));
    const tobaccoCell = cellAt(row, col.tobacco).toLowerCase();
    const tobaccoRated = tobaccoCell === "tobacco user/non-tobacco user";
    if (!tobaccoRated && tobaccoCell !== "no preference")
      problems.add(file, n, "Tobacco", problem(tobaccoCell ? "notPufTobacco" : "missing"));
    const age = pufAge(cellAt(row, col.age));
    if (!age.ok) problems.add(file, n, "Age", age.message);
    const family = age.ok && age.value === "family";
    for (let k = 0; k < amounts.length; k++) {
      const { name, i } = amounts[k];
      const v = cellAt(row, i);
      const required =
        k === IND
          ? true
          : k === IND_TOBACCO
            ? tobaccoRated && age.ok && !family
            : k === COUPLE || k === ONE_DEP || k === COUPLE_ONE_DEP
              ? family
              : false;
      if (!v && !required) {
        values[k] = null;
        continue;
      }
      const parsed = money(v);
      if (parsed.ok) values[k] = parsed.value;
      else {
        problems.add(file, n, name, parsed.message);
        values[k] = null;
      }
    }
    const effective = date(cellAt(row, col.effective));
    if (!effective.ok) problems.add(file, n, "RateEffectiveDate", effective.message);
    const expiration = date(cellAt(row, col.expiration));
    if (!expiration.ok) problems.add(file, n, "RateExpirationDate", expiration.message);
    if (effective.ok && expiration.ok && expiration.value < effective.value)
      problems.add(file, n, "RateExpirationDate", problem("before", { column: "RateEffectiveDate" }));
    if (problems.count > before || !age.ok || !effective.ok || !expiration.ok || !area || !state) continue;

    const base: RowFacts = {
      planCode: planId,
      state,
      ratingArea: `${state}:${Number(area[1])}`,
      effectiveDate: effective.value,
      expirationDate: expiration.value,
      file,
      row: n,
    };
    if (age.value === "family") {
      pushRate(out, base, "IO", 0, PUF_MAX_AGE, null, values[IND]);
      pushRate(out, base, "IS", 0, PUF_MAX_AGE, null, values[COUPLE]);
      pushRate(out, base, "IC", 0, PUF_MAX_AGE, null, values[ONE_DEP]);
      pushRate(out, base, "IF", 0, PUF_MAX_AGE, null, values[COUPLE_ONE_DEP]);
    } else if (tobaccoRated) {
      pushRate(out, base, "IO", age.value.min, age.value.max, 0, values[IND]);
      pushRate(out, base, "IO", age.value.min, age.value.max, 1, values[IND_TOBACCO]);
    } else pushRate(out, base, "IO", age.value.min, age.value.max, null, values[IND]);
  }
  return out;
}
