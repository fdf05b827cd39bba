/**
 * Reading an uploaded file into text cells (domain/catalog-import/table.ts): CSV with csv-parse,
 * XLSX (its first worksheet) with ExcelJS, JSON for a plans file — well-kept parsers (ADR 022).
 * A file that cannot be read at all is one problem naming the file.
 */
import { parse } from "csv-parse/sync";
import type ExcelJS from "exceljs";
import { TooManyRowsError, xlsxRows, type XlsxLimits } from "../../adapters/spreadsheets";
import { Problems } from "~/domain/catalog-import/problems";
import { problem } from "~/domain/catalog-import/messages";
import type { Table } from "~/domain/catalog-import/table";
import { jsonPlansTable } from "~/domain/catalog-import/plans";

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

/** Biggest file read (a full Rate PUF of a large issuer is ~30 MB as CSV). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * Rows a catalog file may have under its header: a full Rate PUF of a large issuer is ~100,000
 * rows (the import's bench reads 102,000; the demo's rates.csv 1,188), so 250,000 leaves room for
 * the largest while a file past it is refused without reading the rest (ADR 026/022 addenda).
 */
export const CATALOG_MAX_ROWS = 250_000;

function csvTable(file: string, text: string): Table {
  const records = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    to: CATALOG_MAX_ROWS + 2,
  }) as string[][];
  if (records.length > CATALOG_MAX_ROWS + 1) throw new TooManyRowsError(CATALOG_MAX_ROWS);
  const [header = [], ...rows] = records;
  return { file, header, rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
  }
  return String(value).trim();
}

/** A full Rate PUF as XLSX (~100,000 rows of ~20 columns) inflates to about 100 MB of sheet XML. */
const CATALOG_XLSX_LIMITS: XlsxLimits = {
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxEntries: 500,
  maxColumns: 512,
  // the header row and the rows under it (a blank row counts: the sheet's row number is capped)
  maxRows: CATALOG_MAX_ROWS + 1,
};

async function xlsxTable(file: string, bytes: Uint8Array): Promise<Table> {
  const grid = await xlsxRows(bytes, CATALOG_XLSX_LIMITS, cellText);
  const [header = [], ...rows] = grid;
  return { file, header, rows: rows.filter((r) => r.some((c) => c !== "")) };
}

/**
 * A CSV or JSON file's text as a table, or the problems that stopped it being read (the demo
 * seed reads the demo catalog's files this way, synchronously, once per process).
 */
export function readTextFile(name: string, text: string): { table: Table } | { problems: Problems } {
  const problems = new Problems();
  const lower = name.toLowerCase();
  try {
    if (lower.endsWith(".json")) {
      const table = jsonPlansTable(name, JSON.parse(text), problems, {
        maxPlans: CATALOG_MAX_ROWS,
        maxKeys: CATALOG_XLSX_LIMITS.maxColumns,
      });
      return table ? { table } : { problems };
    }
    if (lower.endsWith(".csv") || lower.endsWith(".txt")) return { table: csvTable(name, text) };
    problems.add(name, null, null, problem("notAnImportFile"));
  } catch (e) {
    if (e instanceof TooManyRowsError)
      problems.add(name, null, null, problem("tooManyRows", { rows: CATALOG_MAX_ROWS.toLocaleString("en-US") }));
    else
      problems.add(
        name,
        null,
        null,
        problem("unreadable", { reason: e instanceof Error ? e.message.split("\n")[0].slice(0, 200) : "unknown error" }),
      );
  }
  return { problems };
}

/** The file as a table, or the problems that stopped it being read. */
export async function readUploadFile(f: UploadFile): Promise<{ table: Table } | { problems: Problems }> {
  const problems = new Problems();
  if (f.bytes.byteLength > MAX_FILE_BYTES) {
    problems.add(f.name, null, null, problem("fileTooLarge", { megabytes: MAX_FILE_BYTES / 1024 / 1024 }));
    return { problems };
  }
  const lower = f.name.toLowerCase();
  try {
    if (lower.endsWith(".xlsx")) return { table: await xlsxTable(f.name, f.bytes) };
    return readTextFile(f.name, new TextDecoder("utf-8", { fatal: true }).decode(f.bytes));
  } catch (e) {
    if (e instanceof TooManyRowsError)
      problems.add(f.name, null, null, problem("tooManyRows", { rows: CATALOG_MAX_ROWS.toLocaleString("en-US") }));
    else
      problems.add(
        f.name,
        null,
        null,
        problem("unreadable", { reason: e instanceof Error ? e.message.split("\n")[0].slice(0, 200) : "unknown error" }),
      );
  }
  return { problems };
}
