import { describe, expect, it } from "vitest";
import { formulaSafe } from "./spreadsheet-cell";

describe("formulaSafe", () => {
  it("writes what a spreadsheet would run as a formula as text, and everything else as it is", () => {
    for (const v of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1+1", "\r=1+1", "\tplain", '=HYPERLINK("http://x","y")'])
      expect(formulaSafe(v)).toBe(`'${v}`);
    for (const v of ["Lucía", "1-2", " =1", "a\tb", "", "'quoted"]) expect(formulaSafe(v)).toBe(v);
    expect(formulaSafe(undefined)).toBe("");
    expect(formulaSafe(null)).toBe("");
  });
});
