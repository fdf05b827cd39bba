/**
 * The plans file (CSV, XLSX or JSON; README "Catalog import files"): one plan per row, by code.
 * A new plan needs its category, carrier and names in English and Spanish, and rates in the same
 * upload; for a plan the catalog has, an empty cell keeps what it has. status "withdrawn"
 * withdraws the plan from the version's effective date (its code alone is needed).
 */
import type { Problems } from "./problems";
import { problem, type ProblemMessage } from "./messages";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import { flag, money, US_STATES, wholeNumber } from "./values";

/** Who may browse the plan (plans.audience) */
export type Audience = "all" | "under65" | "over65";

export const PLAN_TEXT_FIELDS = ["name", "short_text", "body_text", "callout_text"] as const;
export type PlanTextField = (typeof PLAN_TEXT_FIELDS)[number];

export const PLAN_COLUMNS = [
  "code",
  "status",
  "category",
  "carrier",
  ...PLAN_TEXT_FIELDS.flatMap((f) => [`${f}_en`, `${f}_es`]),
  "states",
  "age_min",
  "age_max",
  "audience",
  "tobacco_rated",
  "hide_add_to_cart",
  "is_featured",
  "sort_order",
  "one_time_fee",
] as const;

/** What a plans row says; undefined: keep as it is (or the default, for a new plan). */
export interface ImportedPlan {
  code: string;
  status: "offered" | "withdrawn";
  category?: string;
  carrier?: string;
  texts: { en: Partial<Record<PlanTextField, string>>; es: Partial<Record<PlanTextField, string>> };
  /** "all" or the states it is sold in */
  states?: "all" | string[];
  ageMin?: number;
  ageMax?: number;
  audience?: Audience;
  tobaccoRated?: number;
  hideAddToCart?: number;
  isFeatured?: number;
  sortOrder?: number;
  oneTimeFeeCents?: number;
  file: string;
  row: number;
}

export const isPlansTable = (table: Table) => hasColumns(table, ["code"]) && !hasColumns(table, ["monthly_rate"]);

const AUDIENCES: readonly Audience[] = ["all", "under65", "over65"];

/** A JSON plans file (an array of objects with the CSV's column names, or { "plans": [...] }) as a table. */
export function jsonPlansTable(file: string, json: unknown, problems: Problems): Table | null {
  const list = Array.isArray(json) ? json : json && typeof json === "object" ? (json as { plans?: unknown }).plans : null;
  if (!Array.isArray(list)) {
    problems.add(file, null, null, problem("notPlansList"));
    return null;
  }
  const header = [...new Set(list.flatMap((o) => (o && typeof o === "object" ? Object.keys(o) : [])))];
  const rows = list.map((o) =>
    header.map((k) => {
      const v = o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined;
      return v === undefined || v === null ? "" : Array.isArray(v) ? v.join(" ") : String(v);
    }),
  );
  return { file, header, rows };
}

export function parsePlans(table: Table, problems: Problems): ImportedPlan[] {
  const cell = cellReader(table);
  const out: ImportedPlan[] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((row, i) => {
    const n = spreadsheetRow(i);
    const fail = (column: string, what: ProblemMessage) => problems.add(table.file, n, column, what);
    const before = problems.count;
    const code = cell(row, "code");
    if (!code) fail("code", problem("missing"));
    else if (code.length > 40) fail("code", problem("tooLong", { max: 40 }));
    else if (seen.has(code)) fail("code", problem("codeRepeated", { code, row: seen.get(code) ?? 0 }));
    const statusCell = cell(row, "status").toLowerCase();
    if (statusCell && statusCell !== "offered" && statusCell !== "withdrawn") fail("status", problem("notStatus"));
    const plan: ImportedPlan = {
      code,
      status: statusCell === "withdrawn" ? "withdrawn" : "offered",
      texts: { en: {}, es: {} },
      file: table.file,
      row: n,
    };
    const text = (column: string) => cell(row, column) || undefined;
    plan.category = text("category");
    plan.carrier = text("carrier");
    for (const f of PLAN_TEXT_FIELDS)
      for (const locale of ["en", "es"] as const) {
        const v = cell(row, `${f}_${locale}`);
        if (v) {
          if (v.length > 20_000) fail(`${f}_${locale}`, problem("tooLong", { max: "20,000" }));
          plan.texts[locale][f] = v;
        }
      }
    const statesCell = cell(row, "states").toUpperCase();
    if (statesCell) {
      if (statesCell === "ALL") plan.states = "all";
      else {
        const states = statesCell.split(/[\s,;]+/).filter(Boolean);
        const wrong = states.filter((s) => !US_STATES.has(s));
        if (wrong.length) fail("states", problem("notStates", { states: wrong.join(", ") }));
        else plan.states = [...new Set(states)];
      }
    }
    const num = (column: string, min: number, max: number) => {
      const v = cell(row, column);
      if (!v) return undefined;
      const parsed = wholeNumber(v, min, max);
      if (!parsed.ok) fail(column, parsed.message);
      return parsed.ok ? parsed.value : undefined;
    };
    const yesNo = (column: string) => {
      const v = cell(row, column);
      if (!v) return undefined;
      const parsed = flag(v);
      if (!parsed.ok) fail(column, parsed.message);
      return parsed.ok ? parsed.value : undefined;
    };
    plan.ageMin = num("age_min", 0, 120);
    plan.ageMax = num("age_max", 0, 120);
    if (plan.ageMin !== undefined && plan.ageMax !== undefined && plan.ageMin > plan.ageMax) fail("age_max", problem("belowAgeMin"));
    const audience = cell(row, "audience").toLowerCase();
    if (audience) {
      if ((AUDIENCES as readonly string[]).includes(audience)) plan.audience = audience as Audience;
      else fail("audience", problem("notAudience"));
    }
    plan.tobaccoRated = yesNo("tobacco_rated");
    plan.hideAddToCart = yesNo("hide_add_to_cart");
    plan.isFeatured = yesNo("is_featured");
    plan.sortOrder = num("sort_order", 0, 1_000_000);
    const fee = cell(row, "one_time_fee");
    if (fee) {
      const parsed = money(fee);
      if (!parsed.ok) fail("one_time_fee", parsed.message);
      else plan.oneTimeFeeCents = parsed.value;
    }
    if (code && !seen.has(code)) seen.set(code, n);
    if (problems.count === before) out.push(plan);
  });
  return out;
}
