/**
 * The carriers file and the categories file (README "Catalog import files"): the carriers plans
 * name in their carrier column and the categories they name in their category column, by code
 * and key. A row of a code the catalog has changes it when the version is published; a new one
 * is added with the upload (a new plan in the same upload may name it).
 *
 * carriers: code, name, admin_fee_percent (0–100, the fee its quotes include), logo_url.
 * categories: key, label_en, label_es, heading_en, heading_es, sort_order, icon, on_landing.
 */
import type { Problems } from "./problems";
import { problem, type ProblemMessage } from "./messages";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import { flag, wholeNumber } from "./values";

export interface ImportedCarrier {
  code: string;
  name: string;
  adminFeePercent: number;
  logoUrl: string | null;
  file: string;
  row: number;
}

export interface ImportedCategory {
  key: string;
  label_en: string;
  label_es: string;
  heading_en: string;
  heading_es: string;
  sort_order: number;
  icon: string;
  on_landing: number;
  file: string;
  row: number;
}

export const CARRIER_COLUMNS = ["code", "name", "admin_fee_percent", "logo_url"] as const;
export const CATEGORY_COLUMNS = ["key", "label_en", "label_es", "heading_en", "heading_es", "sort_order", "icon", "on_landing"] as const;

export const isCarriersTable = (table: Table) => hasColumns(table, ["code", "name", "admin_fee_percent"]);
export const isCategoriesTable = (table: Table) => hasColumns(table, ["key", "label_en", "label_es"]);

const CODE = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function rowChecker(table: Table, problems: Problems, i: number) {
  const cell = cellReader(table);
  const n = spreadsheetRow(i);
  const fail = (column: string, what: ProblemMessage) => problems.add(table.file, n, column, what);
  const text = (row: string[], column: string, max: number) => {
    const v = cell(row, column);
    if (!v) fail(column, problem("missing"));
    else if (v.length > max) fail(column, problem("tooLong", { max }));
    return v;
  };
  return { cell, n, fail, text };
}

export function parseCarriers(table: Table, problems: Problems): ImportedCarrier[] {
  const out: ImportedCarrier[] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const { cell, n, fail, text } = rowChecker(table, problems, i);
    const before = problems.count;
    const code = cell(row, "code").toLowerCase();
    if (!code) fail("code", problem("missing"));
    else if (!CODE.test(code)) fail("code", problem("notKey"));
    else if (seen.has(code)) fail("code", problem("codeRepeated", { code, row: seen.get(code) ?? 0 }));
    const name = text(row, "name", 200);
    const fee = wholeNumber(cell(row, "admin_fee_percent") || "0", 0, 100);
    if (!fee.ok) fail("admin_fee_percent", fee.message);
    const logo = cell(row, "logo_url");
    if (logo && (!/^(\/[^/\\]|https:\/\/)/.test(logo) || logo.includes("\\"))) fail("logo_url", problem("notImageAddress"));
    if (code && !seen.has(code)) seen.set(code, n);
    if (problems.count === before && fee.ok)
      out.push({ code, name, adminFeePercent: fee.value, logoUrl: logo || null, file: table.file, row: n });
  });
  return out;
}

export function parseCategories(table: Table, problems: Problems): ImportedCategory[] {
  const out: ImportedCategory[] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const { cell, n, fail, text } = rowChecker(table, problems, i);
    const before = problems.count;
    const key = cell(row, "key").toLowerCase();
    if (!key) fail("key", problem("missing"));
    else if (!CODE.test(key)) fail("key", problem("notKey"));
    else if (seen.has(key)) fail("key", problem("codeRepeated", { code: key, row: seen.get(key) ?? 0 }));
    const labels = {
      label_en: text(row, "label_en", 200),
      label_es: text(row, "label_es", 200),
      heading_en: text(row, "heading_en", 200),
      heading_es: text(row, "heading_es", 200),
    };
    const sort = wholeNumber(cell(row, "sort_order"), 0, 1_000_000);
    if (!sort.ok) fail("sort_order", sort.message);
    const icon = text(row, "icon", 60);
    const landing = flag(cell(row, "on_landing") || "0");
    if (!landing.ok) fail("on_landing", landing.message);
    if (key && !seen.has(key)) seen.set(key, n);
    if (problems.count === before && sort.ok && landing.ok)
      out.push({ key, ...labels, sort_order: sort.value, icon, on_landing: landing.value, file: table.file, row: n });
  });
  return out;
}
