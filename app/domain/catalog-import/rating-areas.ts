/**
 * The rating-area file (README "Catalog import files"): which ZIP3 prefixes of a state make each
 * CMS rating area. Columns: state, rating_area ("1" or "Rating Area 1"), zip3. A ZIP3 belongs to
 * one area of its state; a Rate PUF row of "Rating Area 7" of a TX plan prices the ZIP3s of TX:7.
 */
import type { Problems } from "./problems";
import { problem } from "./messages";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import { US_STATES } from "./values";

export interface RatingArea {
  state: string;
  zip3: string;
  /** "TX:7" */
  area: string;
}

export const RATING_AREA_COLUMNS = ["state", "rating_area", "zip3"] as const;

export const isRatingAreas = (table: Table) => hasColumns(table, ["state", "rating_area", "zip3"]) && !hasColumns(table, ["tier"]);

export function parseRatingAreas(table: Table, problems: Problems): RatingArea[] {
  const cell = cellReader(table);
  const out: RatingArea[] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const n = spreadsheetRow(i);
    const before = problems.count;
    const state = cell(row, "state").toUpperCase();
    if (!US_STATES.has(state)) problems.add(table.file, n, "state", problem(state ? "notState" : "missing"));
    const areaCell = cell(row, "rating_area");
    const area = /^(?:rating area\s*)?(\d{1,3})$/i.exec(areaCell);
    if (!area) problems.add(table.file, n, "rating_area", problem(areaCell ? "notAreaNumber" : "missing"));
    const zip3 = cell(row, "zip3");
    if (!/^\d{3}$/.test(zip3)) problems.add(table.file, n, "zip3", problem(zip3 ? "notThreeDigits" : "missing"));
    if (problems.count > before || !area) return;
    const key = `${state}:${zip3}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add(table.file, n, "zip3", problem("zip3Taken", { zip3, state, row: first }));
      return;
    }
    seen.set(key, n);
    out.push({ state, zip3, area: `${state}:${Number(area[1])}` });
  });
  return out;
}
