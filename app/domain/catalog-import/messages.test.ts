import { describe, expect, it } from "vitest";
import en from "../../../public/locales/en/common.json";
import es from "../../../public/locales/es/common.json";
import { englishProblem, PROBLEM_MESSAGES, problem, type ProblemCode } from "./messages";
import { Problems } from "./problems";

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the importer's problem messages", () => {
  it("are the console's English words, and Spanish has every one with the same values", () => {
    const codes = Object.keys(PROBLEM_MESSAGES) as ProblemCode[];
    expect(en.admin.catalog.problems).toEqual(PROBLEM_MESSAGES);
    expect(Object.keys(es.admin.catalog.problems).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const spanish = (es.admin.catalog.problems as Record<string, string>)[code]!;
      expect(placeholders(spanish), code).toEqual(placeholders(PROBLEM_MESSAGES[code]));
      expect(spanish, code).not.toBe(PROBLEM_MESSAGES[code]);
    }
  });

  it("keeps the English words for the command line beside the code and values", () => {
    const problems = new Problems();
    problems.add("Rate_PUF.csv", 214, "IndividualRate", problem("notANumber"));
    problems.add("rating-areas.csv", 9, "zip3", problem("zip3Taken", { zip3: "750", state: "TX", row: 4 }));
    expect(problems.list).toEqual([
      { file: "Rate_PUF.csv", row: 214, column: "IndividualRate", message: "not a number", code: "notANumber" },
      {
        file: "rating-areas.csv",
        row: 9,
        column: "zip3",
        message: "750 of TX is already in an area at row 4",
        code: "zip3Taken",
        values: { zip3: "750", state: "TX", row: 4 },
      },
    ]);
    expect(englishProblem(problem("notBetween", { min: 0, max: 120 }))).toBe("not between 0 and 120");
  });
});
