import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { entryFor, pricePlan, tierPrices, type PricedPlan, type PriceRow, type QuoteFacts } from "./pricing";

const plan = (over: Partial<PricedPlan> = {}): PricedPlan => ({
  id: 1,
  all_states: 1,
  age_min: 18,
  age_max: 64,
  tobacco_rated: 0,
  requires_salary: 0,
  min_working_hours: null,
  salary_rate_cents_per_k: null,
  states: [],
  areas: [],
  ...over,
});
let nextId = 1;
const row = (over: Partial<PriceRow>): PriceRow => ({
  id: nextId++,
  plan_id: 1,
  tier: "IO",
  age_min: 18,
  age_max: 64,
  gender: null,
  smoker: null,
  state: null,
  coverage_amount: null,
  price_cents: 2500,
  ...over,
});
const facts = (over: Partial<QuoteFacts> = {}): QuoteFacts => ({
  state: "TX",
  zip: "75201",
  age: 35,
  tier: "IO",
  gender: 0,
  smoker: null,
  annualIncome: null,
  workingHours: null,
  ...over,
});

describe("pricePlan", () => {
  const rows = [
    row({ tier: "IO", price_cents: 2500 }),
    row({ tier: "IS", price_cents: 4800 }),
    row({ tier: "IF", price_cents: 0 }),
    row({ tier: "IO", state: "NY", price_cents: 3100 }),
  ];

  it("prices the quote's tier with its pid and ppid", () => {
    const r = pricePlan(plan(), rows, facts());
    expect(r).toEqual({ ok: true, entries: [{ planId: 1, planPriceId: rows[0].id, priceCents: 2500, coverageAmount: null }] });
  });
  it("prefers a state-specific row", () => {
    const r = pricePlan(plan(), rows, facts({ state: "NY", zip: "10001" }));
    expect(r.ok && r.entries[0].priceCents).toBe(3100);
  });
  it("stateError when the plan is not sold in the state", () => {
    expect(pricePlan(plan({ all_states: 0, states: ["TX", "FL"] }), rows, facts({ state: "CA", zip: "90012" }))).toEqual({
      ok: false,
      errorCode: "stateError",
    });
    expect(pricePlan(plan({ all_states: 0, states: ["TX", "FL"] }), rows, facts()).ok).toBe(true);
  });
  it("metError outside the plan's area", () => {
    const p = plan({ areas: ["100", "112"] });
    expect(pricePlan(p, rows, facts())).toEqual({ ok: false, errorCode: "metError" });
    expect(pricePlan(p, rows, facts({ zip: "11201", state: "NY" })).ok).toBe(true);
  });
  it("ageError outside the plan's age range", () => {
    expect(pricePlan(plan({ age_max: 49 }), rows, facts({ age: 50 }))).toEqual({ ok: false, errorCode: "ageError" });
    expect(pricePlan(plan(), rows, facts({ age: 17 }))).toEqual({ ok: false, errorCode: "ageError" });
  });
  it("tierError when the tier's price is 0 or missing", () => {
    expect(pricePlan(plan(), rows, facts({ tier: "IF" }))).toEqual({ ok: false, errorCode: "tierError" });
    expect(pricePlan(plan(), rows, facts({ tier: "IC" }))).toEqual({ ok: false, errorCode: "tierError" });
  });
  it("smokerError for a tobacco-rated plan without an answer; smokers pay their rate", () => {
    const tob = [row({ smoker: 0, price_cents: 1000 }), row({ smoker: 1, price_cents: 1800 })];
    expect(pricePlan(plan({ tobacco_rated: 1 }), tob, facts())).toEqual({ ok: false, errorCode: "smokerError" });
    const r = pricePlan(plan({ tobacco_rated: 1 }), tob, facts({ smoker: 1 }));
    expect(r.ok && r.entries[0].priceCents).toBe(1800);
  });
  it("salaryError without an annual salary; the salary part is added to the rate", () => {
    const p = plan({ requires_salary: 1, salary_rate_cents_per_k: 45 });
    expect(pricePlan(p, rows, facts())).toEqual({ ok: false, errorCode: "salaryError" });
    const r = pricePlan(p, rows, facts({ annualIncome: 52000 }));
    expect(r.ok && r.entries[0].priceCents).toBe(2500 + 2340);
  });
  it("hourError below the minimum working hours", () => {
    const p = plan({ min_working_hours: 30 });
    expect(pricePlan(p, rows, facts())).toEqual({ ok: false, errorCode: "hourError" });
    expect(pricePlan(p, rows, facts({ workingHours: 29 }))).toEqual({ ok: false, errorCode: "hourError" });
    expect(pricePlan(p, rows, facts({ workingHours: 30 })).ok).toBe(true);
  });
  it("offers one entry per coverage amount, lowest first, and prices by gender", () => {
    const life = [
      row({ coverage_amount: 100000, gender: 0, price_cents: 2000 }),
      row({ coverage_amount: 50000, gender: 0, price_cents: 1200 }),
      row({ coverage_amount: 50000, gender: 1, price_cents: 1000 }),
      row({ coverage_amount: 100000, gender: 1, price_cents: 1700 }),
    ];
    const r = pricePlan(plan(), life, facts());
    expect(r.ok && r.entries.map((e) => [e.coverageAmount, e.priceCents])).toEqual([
      [50000, 1200],
      [100000, 2000],
    ]);
    const f = pricePlan(plan(), life, facts({ gender: 1 }), { coverage: 100000 });
    expect(f.ok && f.entries.map((e) => e.priceCents)).toEqual([1700]);
  });
  it("finds a posted price id only among the sellable entries", () => {
    const r = pricePlan(plan(), rows, facts());
    expect(entryFor(r, rows[0].id)?.priceCents).toBe(2500);
    expect(entryFor(r, rows[1].id)).toBeNull(); // the IS row is not the quote's tier
    expect(entryFor(r, 999999)).toBeNull();
  });
  it("never prices at zero or below", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -500, max: 5000 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom("IO", "IS", "IC", "IF"),
        (prices, tier) => {
          const rs = prices.map((p, i) => row({ tier: ["IO", "IS", "IC", "IF"][i % 4], price_cents: p }));
          const r = pricePlan(plan(), rs, facts({ tier: tier as never }));
          if (r.ok) for (const e of r.entries) expect(e.priceCents).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe("tierPrices", () => {
  it("gives a salary-priced plan no price until the salary is known, then base plus the salary part (issue 26 #6)", () => {
    const p = plan({ requires_salary: 1, salary_rate_cents_per_k: 45 });
    const rows = [row({ tier: "IO", price_cents: 840 }), row({ tier: "IS", price_cents: 840 })];
    expect(tierPrices(p, rows, facts(), ["IO", "IS"])).toEqual([
      { tier: "IO", priceCents: 0 },
      { tier: "IS", priceCents: 0 },
    ]);
    expect(tierPrices(p, rows, facts({ annualIncome: 55000 }), ["IO", "IS"])).toEqual([
      { tier: "IO", priceCents: 840 + 2475 },
      { tier: "IS", priceCents: 840 + 2475 },
    ]);
  });
  it("prices every tier for the applicant, 0 where not sold", () => {
    const rows = [row({ tier: "IO", price_cents: 2500 }), row({ tier: "IS", price_cents: 4800 }), row({ tier: "IF", price_cents: 0 })];
    expect(tierPrices(plan(), rows, facts(), ["IO", "IS", "IC", "IF"])).toEqual([
      { tier: "IO", priceCents: 2500 },
      { tier: "IS", priceCents: 4800 },
      { tier: "IC", priceCents: 0 },
      { tier: "IF", priceCents: 0 },
    ]);
  });
});

describe("gender 'others' (2, plan page only: storefront §3)", () => {
  const rows = [
    row({ tier: "IO", gender: 0, price_cents: 1900 }),
    row({ tier: "IO", gender: 1, price_cents: 1600 }),
    row({ tier: "IS", price_cents: 4000 }),
  ];
  it("is priced at the higher of the male and female rates where a plan is rated by gender", () => {
    const r = pricePlan(plan(), rows, facts({ gender: 2 }));
    expect(r).toEqual({ ok: true, entries: [{ planId: 1, planPriceId: rows[0].id, priceCents: 1900, coverageAmount: null }] });
    const cheaperMale = [row({ tier: "IO", gender: 0, price_cents: 1500 }), row({ tier: "IO", gender: 1, price_cents: 1700 })];
    expect(pricePlan(plan(), cheaperMale, facts({ gender: 2 }))).toMatchObject({
      ok: true,
      entries: [{ planPriceId: cheaperMale[1].id, priceCents: 1700 }],
    });
  });
  it("takes the one rate of a plan that is not rated by gender, and shows every tier's price", () => {
    expect(pricePlan(plan(), rows, facts({ gender: 2, tier: "IS" }))).toMatchObject({
      ok: true,
      entries: [{ planPriceId: rows[2].id, priceCents: 4000 }],
    });
    expect(tierPrices(plan(), rows, facts({ gender: 2 }), ["IO", "IS", "IC", "IF"])).toEqual([
      { tier: "IO", priceCents: 1900 },
      { tier: "IS", priceCents: 4000 },
      { tier: "IC", priceCents: 0 },
      { tier: "IF", priceCents: 0 },
    ]);
  });
});
