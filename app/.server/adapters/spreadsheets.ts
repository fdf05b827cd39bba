/**
 * Spreadsheets in (issue 28, ADR 026): a CSV file read by csv-parse, an XLSX workbook by exceljs,
 * both handed on as rows of strings (the first sheet of a workbook). What a cell means is the
 * domain's business (app/domain/census.ts); here a date cell becomes mm/dd/yyyy and a number its
 * digits, so the domain sees what the employer sees.
 *
 * A workbook's first sheet is read as a stream (ExcelJS's streaming worksheet reader), one row at a
 * time, and reading stops at the first row past the caller's row cap: what a file costs is bounded
 * by the cap, not by how far the file goes (ADR 026 addendum). One workbook is read at a time per
 * process (`oneAtATime`).
 */
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { checkZipWithin, zipEntries, ZipLimitError, type ZipEntry, type ZipLimits } from "./zip-limits";
import { oneAtATime } from "./one-at-a-time";
import { CENSUS_MAX_ROWS } from "~/domain/census";

export class UnreadableSpreadsheetError extends Error {}

/** A sheet with a row (holding a value) past the cap: refused without reading the rest. */
export class TooManyRowsError extends UnreadableSpreadsheetError {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} rows`);
  }
}

export type SpreadsheetKind = "csv" | "xlsx";

/** The kind by the file's first bytes (an XLSX is a ZIP), else by its name. */
export function spreadsheetKind(name: string, bytes: Uint8Array): SpreadsheetKind | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "xlsx";
  if (/\.xlsx$/i.test(name)) return "xlsx";
  if (/\.(csv|txt)$/i.test(name) || name === "") return "csv";
  return null;
}

/** A CSV's records; more than `maxRows` refuses the file (csv-parse stops at the first one past it). */
export function readCsv(bytes: Uint8Array, maxRows = CENSUS_MAX_SHEET_ROWS): string[][] {
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes), {
      bom: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: maxRows + 1,
    }) as string[][];
  } catch (error) {
    throw new UnreadableSpreadsheetError(error instanceof Error ? error.message : "unreadable CSV");
  }
  if (records.length > maxRows) throw new TooManyRowsError(maxRows);
  return records;
}

/**
 * Rows a census sheet may have, blank ones counted: the census's own cap of employees
 * (domain/census.ts, which counts the rows holding something) with room for the heading, a title
 * and blank rows — a file past it is refused unread; between the two the census's check says so.
 */
export const CENSUS_MAX_SHEET_ROWS = CENSUS_MAX_ROWS + 100;

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
export const CENSUS_XLSX_LIMITS: XlsxLimits = {
  maxUncompressedBytes: 64 * 1024 * 1024,
  maxEntries: 500,
  maxColumns: 256,
  maxRows: CENSUS_MAX_SHEET_ROWS,
};

export interface XlsxLimits extends ZipLimits {
  /** a cell further right than this refuses the file (a template has a few dozen columns) */
  maxColumns: number;
  /** a row holding a value further down than this refuses the file, read no further */
  maxRows: number;
}

/** The parts of ExcelJS's streaming WorkbookReader used here: its own parsers of a workbook's parts. */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: WorksheetRows }>;
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  properties?: { model?: { date1904?: boolean } };
}
type WorksheetRows = AsyncIterable<ExcelJS.Row>;

/**
 * An entry's text, inflated as it is read (never whole) and decoded across chunk boundaries
 * (ExcelJS's own decoder takes each chunk alone, which splits a character cut between two).
 */
async function* entryText(bytes: Uint8Array, entry: ZipEntry, streams: Readable[]): AsyncGenerator<string> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset + entry.start, entry.compressed);
  const source = entry.method === 0 ? Readable.from([raw]) : createInflateRaw().end(raw);
  streams.push(source);
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of source) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A number format that shows a date (ExcelJS's own test, utils.isDateFmt). */
const isDateFormat = (format: string | undefined) =>
  !!format && /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/** A serial day number as a date (ExcelJS's utils.excelToDate). */
const serialDate = (serial: number, date1904: boolean) => new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/**
 * A cell's value as ExcelJS's whole-workbook reader gives it: the streaming reader turns a date
 * cell into a Date but leaves a formula's result a serial number even in a date format (=DATE(…)).
 * (A formula's true/false result stays 1/0 there: the census has no such column, and the
 * catalog's yes/no columns read 1 and TRUE alike.)
 */
function asWorkbookValue(cell: ExcelJS.Cell, date1904: boolean): ExcelJS.CellValue {
  const value = cell.value;
  if (value && typeof value === "object" && "formula" in value && typeof value.result === "number" && isDateFormat(cell.numFmt))
    return { ...value, result: serialDate(value.result, date1904) } as ExcelJS.CellValue;
  return value;
}

/** The sheet's entry name: the workbook's first sheet by its relationship, else the lowest-numbered one. */
function firstSheetEntry(parts: WorkbookParts, names: Set<string>): string | null {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = rId ? parts.workbookRels?.find((r) => r.Id === rId)?.Target : undefined;
  if (target) {
    const name = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    if (names.has(name)) return name;
  }
  const sheets = [...names]
    .map((n) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return sheets[0]?.[0] ?? null;
}

/**
 * The first worksheet as rows of text (index = row number − 1; a missing row is empty), after the
 * archive is measured (adapters/zip-limits.ts). The workbook's small parts (relationships, sheet
 * list, styles for dates, shared strings) are parsed first, then the sheet is streamed row by row
 * through ExcelJS's streaming worksheet reader: a row holding a value past `maxRows` stops the read
 * (TooManyRowsError), the rest of the file never inflated. Only the cells the file holds are
 * visited: a cell past `maxColumns` refuses the file.
 */
export function xlsxRows(bytes: Uint8Array, limits: XlsxLimits, toText: (value: ExcelJS.CellValue) => string): Promise<string[][]> {
  return oneAtATime(() => streamXlsxRows(bytes, limits, toText));
}

async function streamXlsxRows(bytes: Uint8Array, limits: XlsxLimits, toText: (value: ExcelJS.CellValue) => string): Promise<string[][]> {
  const streams: Readable[] = [];
  const rows: string[][] = [];
  try {
    checkZipWithin(bytes, limits);
    const entries = new Map(zipEntries(bytes, limits).map((e) => [e.name, e]));
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    const parts = reader as unknown as WorkbookParts;
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? Readable.from(entryText(bytes, entry, streams)) : null;
    };
    const rels = part("xl/_rels/workbook.xml.rels");
    if (rels) await parts._parseRels(rels);
    const book = part("xl/workbook.xml");
    if (book) await parts._parseWorkbook(book);
    const styles = part("xl/styles.xml");
    if (styles) await parts._parseStyles(styles);
    const shared = part("xl/sharedStrings.xml");
    if (shared) for await (const _ of parts._parseSharedStrings(shared));
    const sheetName = firstSheetEntry(parts, new Set(entries.keys()));
    if (!sheetName) return [];
    const sheetNo = /(\d+)\.xml$/.exec(sheetName)?.[1] ?? "1";
    const date1904 = !!parts.properties?.model?.date1904;
    const [emitted] = [...parts._parseWorksheet(entryText(bytes, entries.get(sheetName)!, streams), sheetNo)];
    if (!emitted) return [];
    for await (const row of emitted.value) {
      if (!row.hasValues) continue;
      if (row.number > limits.maxRows) throw new TooManyRowsError(limits.maxRows);
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        if (column > limits.maxColumns) throw new UnreadableSpreadsheetError(`a cell beyond column ${limits.maxColumns}`);
        cells[column - 1] = toText(asWorkbookValue(cell, date1904));
      });
      rows[row.number - 1] = Array.from(cells, (c) => c ?? "");
    }
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) throw error;
    throw new UnreadableSpreadsheetError(
      error instanceof ZipLimitError ? `the workbook ${error.message}` : error instanceof Error ? error.message : "unreadable workbook",
    );
  } finally {
    // a read stopped early: what is left of the sheet is never inflated
    for (const s of streams) s.destroy();
  }
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
