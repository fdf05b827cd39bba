/**
 * The plans file (CSV, XLSX or JSON; README "Catalog import files"): one plan per row, by code.
 * A new plan needs its category, carrier and names in English and Spanish, and rates in the same
 * upload; for a plan the catalog has, an empty cell keeps what it has. status "withdrawn"
 * withdraws the plan from the version's effective date (its code alone is needed).
 * Besides its attributes and texts a row may carry the plan's flags (membership pairing, riders,
 * bundle size…), where it is sold by ZIP3, the plans it suggests, its riders, the plan that
 * replaced it, its premier companion, its Compare-plans facts and its eligibility and Enroll-Now
 * questions (the last two as JSON), so the demo catalog is a plans file like any other.
 */
import { jsonHoldsControlCharacter } from "../control-characters";
import type { Problems } from "./problems";
import { problem, type ProblemMessage } from "./messages";
import { cellReader, hasColumns, spreadsheetRow, type Table } from "./table";
import { flag, money, US_STATES, wholeNumber } from "./values";

/** Who may browse the plan (plans.audience) */
export type Audience = "all" | "under65" | "over65";

export const PLAN_TEXT_FIELDS = [
  "name",
  "short_text",
  "body_text",
  "callout_text",
  "header_text",
  "blue_bar_text",
  "association_text",
  "exclusions_title",
  "exclusions_text",
  "example_title",
  "example_text",
  "faq_title",
  "faq_text",
  "decline_message",
  "special_message",
] as const;

/** Yes/no columns of a plan, as the plans table names them. */
export const PLAN_FLAGS = [
  "tobacco_rated",
  "hide_add_to_cart",
  "is_featured",
  "membership_required",
  "is_membership",
  "is_premier",
  "is_iha",
  "is_l713",
  "requires_salary",
  "has_enroll_questions",
  "signature_required",
  "removable",
  "is_rider",
  "asks_legal_disability",
  "active",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** Columns naming other plans by code: a list (suggested, riders) or one (replaced_by, premier_pair). */
export const PLAN_LINKS = ["suggested", "riders", "replaced_by", "premier_pair"] as const;
export type PlanLink = (typeof PLAN_LINKS)[number];

/** A plan's Compare-plans facts in one language (the facts_en / facts_es column, JSON). */
export interface ImportedFacts {
  deductible: string;
  maximums: string;
  waiting_periods: string;
  network: string;
  coverage: { key: string; label: string; share: string }[];
  exclusions: string[];
}

/** An eligibility or Enroll-Now question (the questions column, a JSON list in order). */
export interface ImportedQuestion {
  kind: "eligibility" | "enroll";
  text_en: string;
  text_es: string;
  /** 1: the answer must be Yes to continue; 0: Yes or No */
  true_condition: 0 | 1;
  /** enroll questions: this answer declines the applicant (null: never) */
  decline_answer: 0 | 1 | null;
}
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
  ...PLAN_FLAGS,
  "sort_order",
  "popularity",
  "one_time_fee",
  "logo_url",
  "bundle_size",
  "min_working_hours",
  "l713_net_price",
  "salary_rate_per_1000",
  "zip3s",
  ...PLAN_LINKS,
  "facts_en",
  "facts_es",
  "questions",
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
  /** the yes/no columns given */
  flags: Partial<Record<PlanFlag, number>>;
  sortOrder?: number;
  popularity?: number;
  oneTimeFeeCents?: number;
  logoUrl?: string;
  bundleSize?: number;
  minWorkingHours?: number;
  l713NetPriceCents?: number;
  salaryRateCentsPerK?: number;
  /** the ZIP3s it is sold in (plan_areas); undefined: keep */
  zip3s?: string[];
  /** plan codes it names */
  links: Partial<Record<PlanLink, string[]>>;
  facts: { en?: ImportedFacts; es?: ImportedFacts };
  questions?: ImportedQuestion[];
  file: string;
  row: number;
}

export const isPlansTable = (table: Table) => hasColumns(table, ["code"]) && !hasColumns(table, ["monthly_rate"]);

const AUDIENCES: readonly Audience[] = ["all", "under65", "over65"];

/** A JSON plans file (an array of objects with the CSV's column names, or { "plans": [...] }) as a table. */
/**
 * How far a plans list may go: as many plans as a CSV may have rows, and as many distinct keys as a
 * workbook may have columns. Every plan becomes a row as wide as all plans' keys together, so a
 * list whose every object has a key of its own (a few hundred kilobytes) would otherwise make a
 * table of billions of cells and take the process down; such a file is refused before its table is made.
 */
export const JSON_PLANS_LIMITS = { maxPlans: 250_000, maxKeys: 512 };

export function jsonPlansTable(
  file: string,
  json: unknown,
  problems: Problems,
  limits: { maxPlans: number; maxKeys: number } = JSON_PLANS_LIMITS,
): Table | null {
  const list = Array.isArray(json) ? json : json && typeof json === "object" ? (json as { plans?: unknown }).plans : null;
  if (!Array.isArray(list)) {
    problems.add(file, null, null, problem("notPlansList"));
    return null;
  }
  if (list.length > limits.maxPlans) {
    problems.add(file, null, null, problem("tooManyRows", { rows: limits.maxPlans.toLocaleString("en-US") }));
    return null;
  }
  const keys = new Set<string>();
  for (const o of list) {
    if (!o || typeof o !== "object") continue;
    for (const k of Object.keys(o)) {
      keys.add(k);
      if (keys.size > limits.maxKeys) {
        problems.add(file, null, null, problem("tooManyColumns", { columns: limits.maxKeys.toLocaleString("en-US") }));
        return null;
      }
    }
  }
  const header = [...keys];
  const rows = list.map((o) =>
    header.map((k) => {
      const v = o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined;
      if (v === undefined || v === null) return "";
      // a list of words (states, ZIP3s, plan codes) is a cell of words; facts and questions stay JSON
      if (Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number")) return v.join(" ");
      return typeof v === "object" ? JSON.stringify(v) : String(v);
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
      flags: {},
      links: {},
      facts: {},
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
    for (const f of PLAN_FLAGS) {
      const v = yesNo(f);
      if (v !== undefined) plan.flags[f] = v;
    }
    plan.sortOrder = num("sort_order", 0, 1_000_000);
    plan.popularity = num("popularity", 0, 1_000_000);
    plan.bundleSize = num("bundle_size", 2, 10);
    plan.minWorkingHours = num("min_working_hours", 1, 168);
    const dollars = (column: string) => {
      const v = cell(row, column);
      if (!v) return undefined;
      const parsed = money(v);
      if (!parsed.ok) fail(column, parsed.message);
      return parsed.ok ? parsed.value : undefined;
    };
    plan.oneTimeFeeCents = dollars("one_time_fee");
    plan.l713NetPriceCents = dollars("l713_net_price");
    plan.salaryRateCentsPerK = dollars("salary_rate_per_1000");
    const logo = cell(row, "logo_url");
    if (logo) {
      if (logo.length > 500) fail("logo_url", problem("tooLong", { max: 500 }));
      else if (!/^(\/[^/\\]|https:\/\/)/.test(logo) || logo.includes("\\")) fail("logo_url", problem("notImageAddress"));
      else plan.logoUrl = logo;
    }
    const zip3s = cell(row, "zip3s");
    if (zip3s) {
      const list = zip3s.split(/[\s,;]+/).filter(Boolean);
      const wrong = list.filter((z) => !/^\d{3}$/.test(z));
      if (wrong.length) fail("zip3s", problem("notZip3s", { zip3s: wrong.join(", ") }));
      else plan.zip3s = [...new Set(list)];
    }
    for (const link of PLAN_LINKS) {
      const v = cell(row, link);
      if (!v) continue;
      const codes = v.split(/[\s,;]+/).filter(Boolean);
      if ((link === "replaced_by" || link === "premier_pair") && codes.length > 1) fail(link, problem("onePlanCode"));
      else if (codes.includes(code)) fail(link, problem("namesItself"));
      else plan.links[link] = [...new Set(codes)];
    }
    for (const locale of ["en", "es"] as const) {
      const v = cell(row, `facts_${locale}`);
      if (!v) continue;
      const facts = parseFacts(v);
      // a "\u0000" escape inside the JSON is a NUL once parsed
      if (jsonHoldsControlCharacter(parseJson(v))) fail(`facts_${locale}`, problem("controlCharacter"));
      else if (facts) plan.facts[locale] = facts;
      else fail(`facts_${locale}`, problem("notFacts"));
    }
    const questions = cell(row, "questions");
    if (questions) {
      const list = parseQuestions(questions);
      if (jsonHoldsControlCharacter(parseJson(questions))) fail("questions", problem("controlCharacter"));
      else if (list) plan.questions = list;
      else fail("questions", problem("notQuestions"));
    }
    if (code && !seen.has(code)) seen.set(code, n);
    if (problems.count === before) out.push(plan);
  });
  return out;
}

const isText = (v: unknown): v is string => typeof v === "string";

function parseJson(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return undefined;
  }
}

/** A facts cell: { deductible, maximums, waiting_periods, network, coverage: [{ key, label, share }], exclusions: [text] }. */
export function parseFacts(cell: string): ImportedFacts | null {
  const v = parseJson(cell) as Record<string, unknown> | undefined;
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const { deductible, maximums, waiting_periods, network, coverage, exclusions } = v;
  if (![deductible, maximums, waiting_periods, network].every(isText)) return null;
  if (!Array.isArray(coverage) || !Array.isArray(exclusions) || !exclusions.every(isText)) return null;
  const rows = coverage.map((c) =>
    c && typeof c === "object" && isText(c.key) && isText(c.label) && isText(c.share)
      ? { key: c.key, label: c.label, share: c.share }
      : null,
  );
  if (rows.some((r) => r === null)) return null;
  return {
    deductible: deductible as string,
    maximums: maximums as string,
    waiting_periods: waiting_periods as string,
    network: network as string,
    coverage: rows as ImportedFacts["coverage"],
    exclusions: exclusions as string[],
  };
}

const bit = (v: unknown) => (v === 1 || v === true ? 1 : v === 0 || v === false ? 0 : undefined);

/** A questions cell: a JSON list of { kind, text_en, text_es, true_condition, decline_answer }, in order. */
export function parseQuestions(cell: string): ImportedQuestion[] | null {
  const v = parseJson(cell);
  if (!Array.isArray(v)) return null;
  const out: ImportedQuestion[] = [];
  for (const q of v) {
    if (!q || typeof q !== "object") return null;
    const { kind, text_en, text_es, true_condition, decline_answer } = q as Record<string, unknown>;
    if ((kind !== "eligibility" && kind !== "enroll") || !isText(text_en) || !isText(text_es) || !text_en || !text_es) return null;
    const must = bit(true_condition ?? 0);
    const decline = decline_answer === null || decline_answer === undefined ? null : bit(decline_answer);
    if (must === undefined || decline === undefined) return null;
    out.push({ kind, text_en, text_es, true_condition: must, decline_answer: decline });
  }
  return out;
}
