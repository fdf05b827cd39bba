import { describe, it, expect } from "vitest";
import { compareRows, onlyDifferences, parseCompareIds, updateSelection, type ComparePlanInput, type PlanFacts } from "./compare";

const facts = (over: Partial<PlanFacts> = {}): PlanFacts => ({
  deductible: "$50",
  maximums: "$1,000",
  waitingPeriods: "None",
  network: "BrightSmile PPO",
  coverage: [
    { key: "preventive", label: "Preventive care", share: "100%" },
    { key: "basic", label: "Basic services", share: "70%" },
  ],
  exclusions: ["Cosmetic procedures"],
  ...over,
});

const plan = (id: number, over: Partial<ComparePlanInput> = {}): ComparePlanInput => ({
  id,
  carrier: "BrightSmile Dental Network",
  category: "Dental",
  price: { kind: "price", priceCents: 2495 },
  facts: facts(),
  ...over,
});

describe("parseCompareIds", () => {
  it("reads a comma list and repeated parameters, in order, without repeats", () => {
    expect(parseCompareIds(["3,1", "2", "3"])).toEqual({ ok: true, ids: [3, 1, 2] });
    expect(parseCompareIds([" 4 , 5 "])).toEqual({ ok: true, ids: [4, 5] });
    expect(parseCompareIds([])).toEqual({ ok: true, ids: [] });
    expect(parseCompareIds([""])).toEqual({ ok: true, ids: [] });
  });
  it("refuses more than four plans", () => {
    expect(parseCompareIds(["1,2,3,4"])).toEqual({ ok: true, ids: [1, 2, 3, 4] });
    expect(parseCompareIds(["1,2,3,4,5"])).toEqual({ ok: false, error: "tooMany" });
    expect(parseCompareIds(["1", "2", "3", "4", "5"])).toEqual({ ok: false, error: "tooMany" });
  });
  it("refuses what is not a plan id", () => {
    for (const bad of ["abc", "0", "-1", "1.5", "1e3", "01", "99999999999"])
      expect(parseCompareIds([bad])).toEqual({ ok: false, error: "invalid" });
  });
});

describe("updateSelection", () => {
  it("adds the ticked plans after the ones already chosen", () => {
    expect(updateSelection([5], [1, 2, 3], [2, 3])).toEqual({ ok: true, ids: [5, 2, 3] });
  });
  it("drops plans shown on the page and no longer ticked, keeps those chosen elsewhere", () => {
    expect(updateSelection([5, 2, 3], [1, 2, 3], [3])).toEqual({ ok: true, ids: [5, 3] });
  });
  it("refuses a fifth plan and changes nothing", () => {
    expect(updateSelection([1, 2, 3, 4], [5], [5])).toEqual({ ok: false, error: "tooMany" });
    expect(updateSelection([1, 2, 3], [4, 5], [4, 5])).toEqual({ ok: false, error: "tooMany" });
  });
  it("lets a full selection swap one plan for another on the same page", () => {
    expect(updateSelection([1, 2, 3, 4], [3, 4, 5], [3, 5])).toEqual({ ok: true, ids: [1, 2, 3, 5] });
  });
});

describe("compareRows", () => {
  it("builds the fixed rows in order, then coverage rows, then exclusions", () => {
    const rows = compareRows([plan(1), plan(2)]);
    expect(rows.map((r) => r.key)).toEqual([
      "carrier",
      "category",
      "price",
      "deductible",
      "maximums",
      "waitingPeriods",
      "network",
      "coverage:preventive",
      "coverage:basic",
      "exclusions",
    ]);
    expect(rows.find((r) => r.key === "coverage:basic")!.label).toEqual({ text: "Basic services" });
    expect(rows.find((r) => r.key === "deductible")!.label).toEqual({ key: "compare.row.deductible" });
  });

  it("marks the rows where the plans differ", () => {
    const rows = compareRows([plan(1), plan(2, { price: { kind: "price", priceCents: 4490 }, facts: facts({ maximums: "$2,000" }) })]);
    const differs = Object.fromEntries(rows.map((r) => [r.key, r.differs]));
    expect(differs).toMatchObject({
      carrier: false,
      price: true,
      maximums: true,
      deductible: false,
      "coverage:preventive": false,
      exclusions: false,
    });
    expect(onlyDifferences(rows).map((r) => r.key)).toEqual(["price", "maximums"]);
  });

  it("unites the kinds of coverage and shows none where a plan lacks one", () => {
    const vision = facts({ coverage: [{ key: "eyeExam", label: "Eye exam", share: "$10 copay" }], exclusions: [] });
    const rows = compareRows([plan(1), plan(2, { category: "Vision", facts: vision })]);
    expect(rows.filter((r) => r.group === "coverage").map((r) => r.key)).toEqual([
      "coverage:preventive",
      "coverage:basic",
      "coverage:eyeExam",
    ]);
    expect(rows.find((r) => r.key === "coverage:eyeExam")!.cells).toEqual([{ kind: "none" }, { kind: "text", text: "$10 copay" }]);
    expect(rows.find((r) => r.key === "coverage:basic")!.cells).toEqual([{ kind: "text", text: "70%" }, { kind: "none" }]);
    expect(rows.find((r) => r.key === "exclusions")!.cells).toEqual([{ kind: "list", items: ["Cosmetic procedures"] }, { kind: "none" }]);
    expect(rows.find((r) => r.key === "category")!.differs).toBe(true);
  });

  it("carries the pricing notice of a plan that cannot be priced, and no quote yet", () => {
    const rows = compareRows([
      plan(1, { price: { kind: "pricingError", errorCode: "stateError" } }),
      plan(2, { price: { kind: "noQuote" } }),
    ]);
    expect(rows.find((r) => r.key === "price")!.cells).toEqual([{ kind: "pricingError", errorCode: "stateError" }, { kind: "noQuote" }]);
  });

  it("shows none for a plan without facts, and never marks a single plan as different", () => {
    const rows = compareRows([plan(1, { facts: null })]);
    expect(rows.find((r) => r.key === "network")!.cells).toEqual([{ kind: "none" }]);
    expect(rows.every((r) => !r.differs)).toBe(true);
    expect(rows.some((r) => r.group === "coverage")).toBe(false);
  });
});
