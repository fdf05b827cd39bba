/**
 * Spreadsheets in (issue 28, ADR 026): a CSV file read by csv-parse, an XLSX workbook by exceljs,
 * both handed on as rows of strings (the first sheet of a workbook). What a cell means is the
 * domain's business (app/domain/census.ts); here a date cell becomes mm/dd/yyyy and a number its
 * digits, so the domain sees what the employer sees.
 */
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { checkZipWithin, ZipLimitError, type ZipLimits } from "./zip-limits";

export class UnreadableSpreadsheetError extends Error {}

export type SpreadsheetKind = "csv" | "xlsx";

/** The kind by the file's first bytes (an XLSX is a ZIP), else by its name. */
export function spreadsheetKind(name: string, bytes: Uint8Array): SpreadsheetKind | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx";
  if (/\.xlsx$/i.test(name)) return "xlsx";
  if (/\.(csv|txt)$/i.test(name) || name === "") return "csv";
  return null;
}

export function readCsv(bytes: Uint8Array): string[][] {
  try {
    return parse(Buffer.from(bytes), {
      bom: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    throw new UnreadableSpreadsheetError(error instanceof Error ? error.message : "unreadable CSV");
  }
}

const two = (n: number) => String(n).padStart(2, "0");

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return `${two(value.getUTCMonth() + 1)}/${two(value.getUTCDate())}/${value.getUTCFullYear()}`;
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ("error" in value) return "";
  }
  return "";
}

/** A census workbook: a few thousand rows of a 20-column template inflate to a few megabytes. */
export const CENSUS_XLSX_LIMITS: XlsxLimits = { maxUncompressedBytes: 64 * 1024 * 1024, maxEntries: 500, maxColumns: 256 };

export interface XlsxLimits extends ZipLimits {
  /** a cell further right than this refuses the file (a template has a few dozen columns) */
  maxColumns: number;
}

/**
 * The first worksheet as rows of text (index = row number − 1; a missing row is empty), after the
 * archive is measured (adapters/zip-limits.ts). Only the cells the file holds are visited: asking
 * ExcelJS for every cell up to a row's last one makes a cell object for each, so one cell at column
 * XFD on each of 10,000 rows would make 160 million.
 */
export async function xlsxRows(bytes: Uint8Array, limits: XlsxLimits, toText: (value: ExcelJS.CellValue) => string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    checkZipWithin(bytes, limits);
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableSpreadsheetError(
      error instanceof ZipLimitError ? `the workbook ${error.message}` : error instanceof Error ? error.message : "unreadable workbook",
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column > limits.maxColumns) throw new UnreadableSpreadsheetError(`a cell beyond column ${limits.maxColumns}`);
      cells[column - 1] = toText(cell.value);
    });
    rows[number - 1] = Array.from(cells, (c) => c ?? "");
  });
  return Array.from(rows, (r) => r ?? []);
}

export function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  return xlsxRows(bytes, CENSUS_XLSX_LIMITS, (value) => cellText(value).trim());
}

export async function readSpreadsheet(name: string, bytes: Uint8Array): Promise<string[][]> {
  const kind = spreadsheetKind(name, bytes);
  if (kind === "xlsx") return readXlsx(bytes);
  if (kind === "csv") return readCsv(bytes);
  throw new UnreadableSpreadsheetError("not a CSV or XLSX file");
}

/** A workbook of rows (the census template as XLSX, and the tests' files). */
export async function writeXlsx(rows: Array<Array<string | number | Date>>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Census");
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
