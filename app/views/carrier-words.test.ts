import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import { CODE_LIST_ENTRIES, differenceValue, problemText, type CodeList } from "./carrier-words";
import { PROBLEM_KEYS } from "~/domain/x12/rules-834";

/** Words spelled alike in English and Spanish. */
const SAME_IN_BOTH = new Set(["coverageLevel.IND"]);

describe("the carrier console's code words", () => {
  it("names every code of every list in English as the X12 standard does, and in Spanish", () => {
    for (const [list, codes] of Object.entries(CODE_LIST_ENTRIES) as Array<[CodeList, Record<string, string>]>) {
      expect(en.x12Codes[list], list).toEqual(codes);
      expect(Object.keys(es.x12Codes[list]).sort(), list).toEqual(Object.keys(codes).sort());
      for (const [code, words] of Object.entries(es.x12Codes[list] as Record<string, string>)) {
        expect(words.trim(), `${list}.${code}`).not.toBe("");
        // a Spanish entry is not the English one copied, except a word both languages share
        if (!SAME_IN_BOTH.has(`${list}.${code}`)) expect(words, `${list}.${code}`).not.toBe(codes[code]);
      }
    }
  });

  it("says a difference's dates as the store writes dates, and an open end in words", () => {
    const t = (key: string) => key;
    expect(differenceValue(t, "begin", "2026-03-01")).toBe("03/01/2026");
    expect(differenceValue(t, "end", "")).toBe("carrierConsole.noEndDate");
    expect(differenceValue(t, "coverageLevel", "FAM")).toBe("x12Codes.coverageLevel.FAM");
    expect(differenceValue(t, "coverageLevel", "ZZZ")).toBe("ZZZ (x12Codes.unknown)");
    expect(differenceValue(t, "coverage", "termed")).toBe("carrierConsole.coverageStates.termed");
  });

  it("words every problem a file can have in both languages, with the same values named", () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const enProblems = en.x12Problems as Record<string, string>;
    const esProblems = es.x12Problems as Record<string, string>;
    expect(Object.keys(enProblems).sort()).toEqual([...PROBLEM_KEYS].sort());
    expect(Object.keys(esProblems).sort()).toEqual([...PROBLEM_KEYS].sort());
    for (const key of PROBLEM_KEYS) expect(names(esProblems[key]), key).toEqual(names(enProblems[key]));
  });

  it("shows a problem kept before problems had keys as it was kept", () => {
    const t = (key: string) => `[${key}]`;
    expect(problemText(t, { message: "BGN must follow ST." })).toBe("BGN must follow ST.");
    expect(problemText(t, { key: "bgnFirst" })).toBe("[x12Problems.bgnFirst]");
  });
});
