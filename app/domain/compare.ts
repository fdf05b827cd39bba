/**
 * Compare plans (issue 18): which plans a visitor compares (up to four, kept in the session)
 * and the rows of the side-by-side table, built from each plan's structured facts. Pure.
 */
import type { PricingErrorCode } from "./pricing";
import { recordIdFrom } from "./record-id";

export const COMPARE_MAX = 4;

/**
 * The plan ids of /compare?plans=a,b,c (or plans=a&plans=b): in order, without repeats.
 * "invalid" when one is not a plan id; "tooMany" past four.
 */
export function parseCompareIds(values: ReadonlyArray<string>): { ok: true; ids: number[] } | { ok: false; error: "invalid" | "tooMany" } {
  const parts = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (parts.length > 40) return { ok: false, error: "tooMany" };
  const parsed = parts.map(recordIdFrom);
  if (parsed.some((id) => id === null)) return { ok: false, error: "invalid" };
  const ids = [...new Set(parsed as number[])];
  if (ids.length > COMPARE_MAX) return { ok: false, error: "tooMany" };
  return { ok: true, ids };
}

/**
 * The selection after the compare form was sent from a page: the plans shown on that page
 * become exactly the ticked ones, the others chosen elsewhere stay; order is kept, new ones go
 * last. More than four: refused, the selection is unchanged.
 */
export function updateSelection(
  current: ReadonlyArray<number>,
  shown: ReadonlyArray<number>,
  checked: ReadonlyArray<number>,
): { ok: true; ids: number[] } | { ok: false; error: "tooMany" } {
  const shownSet = new Set([...shown, ...checked]);
  const checkedSet = new Set(checked);
  const kept = current.filter((id) => !shownSet.has(id) || checkedSet.has(id));
  const added = [...checkedSet].filter((id) => !kept.includes(id));
  const ids = [...kept, ...added];
  if (ids.length > COMPARE_MAX) return { ok: false, error: "tooMany" };
  return { ok: true, ids };
}

/** One plan's structured facts, in the visitor's language. */
export interface PlanFacts {
  deductible: string;
  maximums: string;
  waitingPeriods: string;
  network: string;
  coverage: Array<{ key: string; label: string; share: string }>;
  exclusions: string[];
}

export type PriceCell = { kind: "price"; priceCents: number } | { kind: "pricingError"; errorCode: PricingErrorCode } | { kind: "noQuote" };

export interface ComparePlanInput {
  id: number;
  carrier: string;
  category: string;
  price: PriceCell;
  /** null: the catalog holds no facts for this plan */
  facts: PlanFacts | null;
}

export type CompareCell = { kind: "text"; text: string } | { kind: "list"; items: string[] } | { kind: "none" } | PriceCell;

export interface CompareRow {
  /** a fixed row's key (carrier, price…) or "coverage:<key>" */
  key: string;
  /** fixed rows: a translation key; coverage rows: the label in the visitor's language */
  label: { key: string } | { text: string };
  group: "plan" | "costs" | "coverage" | "exclusions";
  cells: CompareCell[];
  /** the plans do not all have the same value (only meaningful with two or more) */
  differs: boolean;
}

const text = (s: string | undefined | null): CompareCell => (s ? { kind: "text", text: s } : { kind: "none" });
const cellKey = (c: CompareCell) => JSON.stringify(c);

function row(key: string, label: CompareRow["label"], group: CompareRow["group"], cells: CompareCell[]): CompareRow {
  const distinct = new Set(cells.map(cellKey));
  return { key, label, group, cells, differs: cells.length > 1 && distinct.size > 1 };
}

/**
 * The comparison's rows, one cell per plan in the order given: carrier, category, monthly price
 * for the quoted tier, deductible, maximums, waiting periods, network, then one row per kind of
 * coverage any of the plans has (in the order first met; "none" where a plan lacks it), then the
 * exclusions.
 */
export function compareRows(plans: ReadonlyArray<ComparePlanInput>): CompareRow[] {
  const rows: CompareRow[] = [
    row(
      "carrier",
      { key: "compare.row.carrier" },
      "plan",
      plans.map((p) => text(p.carrier)),
    ),
    row(
      "category",
      { key: "compare.row.category" },
      "plan",
      plans.map((p) => text(p.category)),
    ),
    row(
      "price",
      { key: "compare.row.price" },
      "costs",
      plans.map((p) => p.price),
    ),
    row(
      "deductible",
      { key: "compare.row.deductible" },
      "costs",
      plans.map((p) => text(p.facts?.deductible)),
    ),
    row(
      "maximums",
      { key: "compare.row.maximums" },
      "costs",
      plans.map((p) => text(p.facts?.maximums)),
    ),
    row(
      "waitingPeriods",
      { key: "compare.row.waitingPeriods" },
      "costs",
      plans.map((p) => text(p.facts?.waitingPeriods)),
    ),
    row(
      "network",
      { key: "compare.row.network" },
      "costs",
      plans.map((p) => text(p.facts?.network)),
    ),
  ];
  const coverageKeys: Array<{ key: string; label: string }> = [];
  for (const p of plans) {
    for (const c of p.facts?.coverage ?? []) {
      if (!coverageKeys.some((k) => k.key === c.key)) coverageKeys.push({ key: c.key, label: c.label });
    }
  }
  for (const k of coverageKeys) {
    rows.push(
      row(
        `coverage:${k.key}`,
        { text: k.label },
        "coverage",
        plans.map((p) => text(p.facts?.coverage.find((c) => c.key === k.key)?.share)),
      ),
    );
  }
  rows.push(
    row(
      "exclusions",
      { key: "compare.row.exclusions" },
      "exclusions",
      plans.map((p): CompareCell => (p.facts?.exclusions.length ? { kind: "list", items: p.facts.exclusions } : { kind: "none" })),
    ),
  );
  return rows;
}

/** "Show only differences": the rows where the plans differ. */
export function onlyDifferences(rows: ReadonlyArray<CompareRow>): CompareRow[] {
  return rows.filter((r) => r.differs);
}
