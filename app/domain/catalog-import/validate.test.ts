import { describe, expect, it } from "vitest";
import { formatProblem } from "./problems";
import type { Table } from "./table";
import { effectiveDateProblem, validateImport, type CatalogFacts } from "./validate";
import { PUF_COLUMNS } from "./rate-puf";
import { sampleQuotes } from "./preview";

const FACTS: CatalogFacts = {
  planCodes: new Set(["BSD-PPO-ESS", "OLD-PLAN"]),
  categories: new Set(["medical", "dental"]),
  carriers: new Set(["summit-mutual"]),
  ratingAreas: new Set(["TX:1"]),
};

const pufRow = (o: Partial<Record<(typeof PUF_COLUMNS)[number], string>> = {}) => {
  const row: Record<string, string> = {
    PlanId: "21989TX0030001",
    RatingAreaId: "Rating Area 1",
    Tobacco: "No Preference",
    Age: "40",
    IndividualRate: "301.25",
    IndividualTobaccoRate: "",
    Couple: "",
    PrimarySubscriberAndOneDependent: "",
    PrimarySubscriberAndTwoDependents: "",
    PrimarySubscriberAndThreeOrMoreDependents: "",
    CoupleAndOneDependent: "",
    CoupleAndTwoDependents: "",
    CoupleAndThreeOrMoreDependents: "",
    RateEffectiveDate: "2027-01-01",
    RateExpirationDate: "2027-12-31",
    ...o,
  };
  return PUF_COLUMNS.map((c) => row[c]);
};
const puf = (rows: string[][], extra = false): Table => ({
  file: "Rate_PUF.csv",
  header: extra ? ["BusinessYear", ...PUF_COLUMNS] : [...PUF_COLUMNS],
  rows: extra ? rows.map((r) => ["2027", ...r]) : rows,
});
const plansTable = (rows: string[][]): Table => ({
  file: "plans.csv",
  header: ["code", "status", "category", "carrier", "name_en", "name_es", "states"],
  rows,
});
const NEW_PLAN = ["21989TX0030001", "offered", "medical", "summit-mutual", "Silver", "Plata", "TX"];
const tierTable = (rows: string[][]): Table => ({
  file: "tier-rates.csv",
  header: [
    "plan_code",
    "state",
    "tier",
    "age_band",
    "gender",
    "tobacco",
    "coverage_amount",
    "monthly_rate",
    "effective_date",
    "expiration_date",
  ],
  rows,
});

function problemsOf(tables: Table[], facts = FACTS) {
  const result = validateImport(tables, facts);
  if (result.ok) throw new Error("expected problems");
  return result.problems.map(formatProblem);
}

describe("catalog import: the CMS Rate PUF", () => {
  it("reads a good file, its extra columns ignored: ages, tobacco and family rows become price rows", () => {
    const result = validateImport(
      [
        puf(
          [
            pufRow({ Age: "0-14", IndividualRate: "200" }),
            pufRow({ Age: "40", Tobacco: "Tobacco User/Non-Tobacco User", IndividualTobaccoRate: "345.50" }),
            pufRow({ Age: "64 and over", IndividualRate: "$1,010.10" }),
            pufRow({
              Age: "Family Option",
              RatingAreaId: "Rating Area 2",
              IndividualRate: "400",
              Couple: "800",
              PrimarySubscriberAndOneDependent: "700",
              CoupleAndOneDependent: "1100",
            }),
          ],
          true,
        ),
        plansTable([NEW_PLAN]),
        { file: "rating-areas.csv", header: ["state", "rating_area", "zip3"], rows: [["TX", "2", "770"]] },
      ],
      FACTS,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rates = result.upload.rates.get("21989TX0030001")!;
    expect(rates.map((r) => [r.tier, r.ageMin, r.ageMax, r.smoker, r.ratingArea, r.priceCents])).toEqual([
      ["IO", 0, 14, null, "TX:1", 20000],
      ["IO", 40, 40, 0, "TX:1", 30125],
      ["IO", 40, 40, 1, "TX:1", 34550],
      ["IO", 64, 120, null, "TX:1", 101010],
      ["IO", 0, 120, null, "TX:2", 40000],
      ["IS", 0, 120, null, "TX:2", 80000],
      ["IC", 0, 120, null, "TX:2", 70000],
      ["IF", 0, 120, null, "TX:2", 110000],
    ]);
    expect(result.upload.rateCount).toBe(8);
    expect(result.upload.ratesFrom).toBe("2027-01-01");
    expect(result.upload.ratesUntil).toBe("2027-12-31");
  });

  it("names every problem with its file, row and column in plain words", () => {
    expect(
      problemsOf([
        puf([
          pufRow({ IndividualRate: "abc" }),
          pufRow({ PlanId: "12345" }),
          pufRow({ RatingAreaId: "Area One" }),
          pufRow({ Tobacco: "Sometimes" }),
          pufRow({ Age: "101" }),
          pufRow({ Age: "41", Tobacco: "Tobacco User/Non-Tobacco User" }),
          pufRow({ Age: "42", IndividualRate: "-3" }),
          pufRow({ Age: "43", RateEffectiveDate: "2027-02-30" }),
          pufRow({ Age: "44", RateExpirationDate: "2026-12-31" }),
          pufRow({ Age: "45", IndividualRate: "" }),
        ]),
        plansTable([NEW_PLAN]),
      ]),
    ).toEqual([
      "Rate_PUF.csv row 2, IndividualRate: not a number",
      "Rate_PUF.csv row 3, PlanId: not a HIOS plan id (5 digits, state, 7 digits, e.g. 21989AK0030001)",
      'Rate_PUF.csv row 4, RatingAreaId: not a rating area ("Rating Area 1")',
      'Rate_PUF.csv row 5, Tobacco: not "No Preference" or "Tobacco User/Non-Tobacco User"',
      'Rate_PUF.csv row 6, Age: not an age ("0-14", "15" to "63", "64 and over" or "Family Option")',
      "Rate_PUF.csv row 7, IndividualTobaccoRate: missing",
      "Rate_PUF.csv row 8, IndividualRate: a negative amount",
      "Rate_PUF.csv row 9, RateEffectiveDate: not a real date",
      "Rate_PUF.csv row 10, RateExpirationDate: before RateEffectiveDate",
      "Rate_PUF.csv row 11, IndividualRate: missing",
      "plans.csv row 2, code: no rates for the new plan 21989TX0030001 in this upload",
    ]);
  });

  it("refuses a file without the columns, a plan nobody added, an unmapped rating area and a second rate for the same ages", () => {
    expect(problemsOf([{ file: "Rate_PUF.csv", header: ["PlanId", "RatingAreaId", "IndividualRate"], rows: [["x", "y", "1"]] }])).toEqual([
      "Rate_PUF.csv row 1, Tobacco: column missing",
      "Rate_PUF.csv row 1, Age: column missing",
      "Rate_PUF.csv row 1, RateEffectiveDate: column missing",
      "Rate_PUF.csv row 1, RateExpirationDate: column missing",
    ]);
    expect(problemsOf([puf([pufRow()])])).toEqual([
      "Rate_PUF.csv row 2, PlanId: no plan 21989TX0030001 (add it in a plans file of the same upload)",
    ]);
    expect(problemsOf([puf([pufRow({ RatingAreaId: "Rating Area 9" }), pufRow(), pufRow()]), plansTable([NEW_PLAN])])).toEqual([
      "Rate_PUF.csv row 2, RatingAreaId: Rating Area 9 of TX is not in the rating-area file",
      "Rate_PUF.csv row 4: a second rate for 21989TX0030001 IO ages 40-40 (the first is Rate_PUF.csv row 3)",
    ]);
  });
});

describe("catalog import: tier rates, plans and rating areas", () => {
  it("reads tier rates: states, tiers, age bands, gender, tobacco and coverage amounts", () => {
    const result = validateImport(
      [
        tierTable([
          ["BSD-PPO-ESS", "all", "IO", "18-64", "", "", "", "31.90", "2027-01-01", ""],
          ["BSD-PPO-ESS", "NY", "IF", "65+", "F", "Y", "25,000", "0", "1/1/2027", "12/31/2027"],
        ]),
      ],
      FACTS,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(
      result.upload.rates
        .get("BSD-PPO-ESS")!
        .map((r) => [r.state, r.tier, r.ageMin, r.ageMax, r.gender, r.smoker, r.coverageAmount, r.priceCents]),
    ).toEqual([
      [null, "IO", 18, 64, null, null, null, 3190],
      ["NY", "IF", 65, 120, 1, 1, 25000, 0],
    ]);
  });

  it("lists every tier-rate problem by row and column", () => {
    expect(
      problemsOf([
        tierTable([
          ["", "ZZ", "XX", "64-18", "Q", "maybe", "ten", "1.2.3", "tomorrow", ""],
          ["NOPE", "all", "IO", "all", "", "", "", "5", "2027-01-01", ""],
        ]),
      ]),
    ).toEqual([
      "tier-rates.csv row 2, plan_code: missing",
      "tier-rates.csv row 2, state: not a state's two letters or all",
      "tier-rates.csv row 2, tier: not IO, IS, IC or IF",
      "tier-rates.csv row 2, age_band: the band's first age is above its last",
      "tier-rates.csv row 2, gender: not M, F or empty",
      "tier-rates.csv row 2, tobacco: not Y, N or empty",
      "tier-rates.csv row 2, coverage_amount: not a whole number of dollars",
      "tier-rates.csv row 2, monthly_rate: not a number",
      "tier-rates.csv row 2, effective_date: not a date (YYYY-MM-DD)",
      "tier-rates.csv row 3, plan_code: no plan NOPE (add it in a plans file of the same upload)",
    ]);
  });

  it("checks plans: a new plan is complete, with rates; categories and carriers exist; a withdrawal names a plan the catalog has", () => {
    expect(
      problemsOf([
        plansTable([
          ["NEW-1", "offered", "", "", "Name", "", ""],
          ["NEW-2", "offered", "pets", "nobody", "N", "N", "TX ZZ"],
          ["GONE", "withdrawn", "", "", "", "", ""],
          ["BSD-PPO-ESS", "retired", "", "", "", "", ""],
          ["OLD-PLAN", "withdrawn", "", "", "", "", ""],
        ]),
        tierTable([["OLD-PLAN", "all", "IO", "all", "", "", "", "5", "2027-01-01", ""]]),
      ]),
    ).toEqual([
      "plans.csv row 3, states: not states: ZZ",
      "plans.csv row 5, status: not offered or withdrawn",
      "plans.csv row 2, category: missing (a new plan needs it)",
      "plans.csv row 2, carrier: missing (a new plan needs it)",
      "plans.csv row 2, name_es: missing (a new plan needs it)",
      "plans.csv row 4, code: no plan GONE in the catalog to withdraw",
      "tier-rates.csv row 2, plan_code: OLD-PLAN is withdrawn in plans.csv row 6",
      "plans.csv row 2, code: no rates for the new plan NEW-1 in this upload",
    ]);
  });

  it("refuses a file it does not know, an empty file, and a ZIP3 in two areas", () => {
    expect(
      problemsOf([
        { file: "notes.csv", header: ["a", "b"], rows: [["1", "2"]] },
        {
          file: "rating-areas.csv",
          header: ["state", "rating_area", "zip3"],
          rows: [
            ["TX", "1", "750"],
            ["TX", "Rating Area 2", "750"],
            ["TX", "x", "75"],
          ],
        },
        tierTable([]),
      ]),
    ).toEqual([
      "notes.csv row 1: not a catalog file: its columns are not those of a Rate PUF, a tier-rate file, a plans file or a rating-area file",
      "rating-areas.csv row 3, zip3: 750 of TX is already in an area at row 2",
      'rating-areas.csv row 4, rating_area: not a rating area number ("1" or "Rating Area 1")',
      "rating-areas.csv row 4, zip3: not three digits",
      "tier-rates.csv: no rows under the header",
    ]);
  });

  it("refuses an effective date outside the rates' own dates", () => {
    const window = { ratesFrom: "2027-01-01", ratesUntil: "2027-12-31" };
    expect(effectiveDateProblem("2026-12-01", window)).toBe("the rates take effect on 2027-01-01: the effective date 2026-12-01 is before");
    expect(effectiveDateProblem("2028-01-01", window)).toBe("the rates expire on 2027-12-31: the effective date 2028-01-01 is after");
    expect(effectiveDateProblem("2027-03-01", window)).toBeNull();
  });
});

describe("catalog import: sample quotes", () => {
  it("prices a few ages per tier before and after, in the rates' rating area", () => {
    const row = (id: number, price: number, zip3s: Set<string> | null) => ({
      id,
      plan_id: 1,
      tier: "IO",
      age_min: 0,
      age_max: 120,
      gender: null,
      smoker: null,
      state: "TX",
      coverage_amount: null,
      price_cents: price,
      zip3s,
    });
    const samples = sampleQuotes("P", [row(1, 1000, null)], [row(2, 2000, new Set(["752", "750"]))]);
    expect(samples.map((s) => [s.tier, s.age, s.zip3, s.beforeCents, s.afterCents])).toEqual([
      ["IO", 21, "750", 1000, 2000],
      ["IO", 40, "750", 1000, 2000],
      ["IO", 60, "750", 1000, 2000],
    ]);
  });
});

describe("catalog import: carriers, categories and a plan's flags, links, facts and questions", () => {
  const plansTable = (header: string[], ...rows: string[][]): Table => ({ file: "plans.csv", header, rows });
  const rates = (code: string): Table => ({
    file: "rates.csv",
    header: ["plan_code", "state", "tier", "age_band", "gender", "tobacco", "monthly_rate", "effective_date"],
    rows: [[code, "all", "IO", "18-64", "", "", "10.00", "2027-01-01"]],
  });
  const facts = JSON.stringify({
    deductible: "$50",
    maximums: "$1,000",
    waiting_periods: "None",
    network: "Any",
    coverage: [{ key: "basic", label: "Basic", share: "80%" }],
    exclusions: ["Cosmetic"],
  });

  it("reads a new carrier and category a new plan names, with its flags, riders, facts and questions", () => {
    const result = validateImport(
      [
        { file: "carriers.csv", header: ["code", "name", "admin_fee_percent", "logo_url"], rows: [["acme-life", "Acme Life", "3", ""]] },
        {
          file: "categories.csv",
          header: ["key", "label_en", "label_es", "heading_en", "heading_es", "sort_order", "icon", "on_landing"],
          rows: [["pet", "Pet Plans", "Planes para mascotas", "Pet", "Mascotas", "15", "paw", "no"]],
        },
        plansTable(
          [
            "code",
            "category",
            "carrier",
            "name_en",
            "name_es",
            "is_rider",
            "riders",
            "zip3s",
            "facts_en",
            "questions",
            "salary_rate_per_1000",
          ],
          [
            "NEW-PET",
            "pet",
            "acme-life",
            "Pet",
            "Mascota",
            "no",
            "BSD-PPO-ESS",
            "100 101",
            facts,
            JSON.stringify([{ kind: "enroll", text_en: "Sick?", text_es: "¿Enfermo?", true_condition: 0, decline_answer: 1 }]),
            "0.45",
          ],
        ),
        rates("NEW-PET"),
      ],
      FACTS,
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.upload.carriers.map((c) => [c.code, c.adminFeePercent])).toEqual([["acme-life", 3]]);
    expect(result.upload.categories.map((c) => [c.key, c.on_landing])).toEqual([["pet", 0]]);
    const [plan] = result.upload.plans;
    expect(plan).toMatchObject({
      flags: { is_rider: 0 },
      links: { riders: ["BSD-PPO-ESS"] },
      zip3s: ["100", "101"],
      salaryRateCentsPerK: 45,
      questions: [{ kind: "enroll", text_en: "Sick?", text_es: "¿Enfermo?", true_condition: 0, decline_answer: 1 }],
    });
    expect(plan!.facts.en?.coverage).toEqual([{ key: "basic", label: "Basic", share: "80%" }]);
  });

  it("names a broken flag, link, ZIP3, facts, questions and carrier row by row and column", () => {
    const result = validateImport(
      [
        { file: "carriers.csv", header: ["code", "name", "admin_fee_percent"], rows: [["Bad Code", "", "300"]] },
        plansTable(
          ["code", "is_premier", "premier_pair", "suggested", "zip3s", "facts_es", "questions"],
          ["BSD-PPO-ESS", "maybe", "OLD-PLAN BSD-PPO-ESS", "NOPE-1", "1000", '{"deductible":1}', '[{"kind":"other"}]'],
        ),
      ],
      FACTS,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map(formatProblem)).toEqual([
      "carriers.csv row 2, code: not a code (lower-case letters, digits, - and _; up to 40)",
      "carriers.csv row 2, name: missing",
      "carriers.csv row 2, admin_fee_percent: not between 0 and 100",
      "plans.csv row 2, is_premier: not yes or no",
      "plans.csv row 2, zip3s: not ZIP3 prefixes (three digits each): 1000",
      "plans.csv row 2, premier_pair: more than one plan code",
      "plans.csv row 2, facts_es: not the plan's facts as JSON ({ deductible, maximums, waiting_periods, network, coverage: [{ key, label, share }], exclusions: [text] })",
      "plans.csv row 2, questions: not a JSON list of questions ({ kind: eligibility or enroll, text_en, text_es, true_condition, decline_answer })",
    ]);
  });

  it("refuses a link to a plan neither the catalog nor the upload has", () => {
    const result = validateImport([plansTable(["code", "suggested"], ["BSD-PPO-ESS", "OLD-PLAN NOPE-1"])], FACTS);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems.map(formatProblem)).toEqual(["plans.csv row 2, suggested: no plan NOPE-1 in the catalog or this upload"]);
  });
});
