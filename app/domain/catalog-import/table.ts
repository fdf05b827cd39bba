/**
 * An uploaded sheet as text cells: what a CSV or an XLSX file (its first worksheet) holds, read
 * by the server's readers (app/.server/operators/catalog/read-table.ts). Row numbers are the
 * spreadsheet's: the header is row 1, the first data row is row 2.
 */
import { hasControlCharacter, withoutControlCharacters } from "../control-characters";
import { problem } from "./messages";
import type { Problems } from "./problems";

export interface Table {
  file: string;
  header: string[];
  /** data rows, cells as text (trimmed), in file order */
  rows: string[][];
}

/** A column's name as the index keys it: "Rating Area Id", "rating_area_id" and "RatingAreaId" are one. */
export const columnKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "");

/** Column positions by normalised header name ("Rating Area Id", "ratingareaid" and "RatingAreaId" are one). */
export function columnIndex(table: Table): Map<string, number> {
  const index = new Map<string, number>();
  table.header.forEach((name, i) => {
    const key = columnKey(name);
    if (key && !index.has(key)) index.set(key, i);
  });
  return index;
}

export function hasColumns(table: Table, names: readonly string[]) {
  const index = columnIndex(table);
  return names.every((n) => index.has(columnKey(n)));
}

/**
 * A reader of one row's cells by column name (absent column: ""). The name's position is looked
 * up once per name, not once per cell: a 100,000-row Rate PUF reads 15 cells a row, and
 * normalising the name each time (two regular expressions and new strings) made the collector
 * the largest part of the check.
 */
export function cellReader(table: Table) {
  const index = columnIndex(table);
  const positions = new Map<string, number>();
  return (row: string[], name: string) => {
    let i = positions.get(name);
    if (i === undefined) {
      i = index.get(columnKey(name)) ?? -1;
      positions.set(name, i);
    }
    if (i < 0) return "";
    const v = row[i];
    return v === undefined ? "" : v.trim();
  };
}

export const spreadsheetRow = (dataIndex: number) => dataIndex + 2;

/**
 * A NUL or another control character in any cell (or heading) is a problem beside its row and
 * column: no catalog text wants one, and PostgreSQL cannot store a NUL. Returns whether any was found.
 */
export function controlCharacterProblems(table: Table, problems: Problems): boolean {
  const before = problems.count;
  const columnName = (i: number) => withoutControlCharacters(table.header[i] ?? "").trim() || `column ${i + 1}`;
  table.header.forEach((name, i) => {
    if (hasControlCharacter(name)) problems.add(table.file, 1, columnName(i), problem("controlCharacter"));
  });
  table.rows.forEach((row, r) => {
    for (let i = 0; i < row.length; i++)
      if (row[i] && hasControlCharacter(row[i])) problems.add(table.file, spreadsheetRow(r), columnName(i), problem("controlCharacter"));
  });
  return problems.count > before;
}
