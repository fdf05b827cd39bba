import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { isValidName } from "./common";

const REAL = [
  "John O'Neil",
  "O’Neil",
  "Jean-Luc",
  "St. John",
  "José",
  "Peña",
  "Zoë",
  "Nguyễn Văn An",
  "Ana María",
  "D'Angelo-Smith Jr.",
  "Ó Súilleabháin",
  "Łukasz",
  "Müller",
];
const NOT_NAMES = [
  "",
  "   ",
  "\t",
  "123",
  "12345",
  "<b>",
  "Ana <b>",
  "{x}",
  "Ana}",
  "ana@example.com",
  "@",
  "Ana2",
  "'",
  "-",
  ".",
  "'Neil",
  "John\nSmith",
  "Ana_Lopez",
  "Ana;",
  "Ana\u0000",
];

describe("the name rule (forms/common.ts): one rule wherever a name is typed", () => {
  it("accepts real names: apostrophes (straight and curly), hyphens, periods and accented letters", () => {
    for (const n of REAL) expect(isValidName(n), n).toBe(true);
    expect(isValidName("  Zoë  "), "surrounding spaces are trimmed").toBe(true);
  });
  it("refuses empty or blank names, digits, markup and symbols such as < > { } @", () => {
    for (const n of NOT_NAMES) expect(isValidName(n), JSON.stringify(n)).toBe(false);
  });
  it("caps the length (50 by default, or the field's own)", () => {
    expect(isValidName("a".repeat(50))).toBe(true);
    expect(isValidName("a".repeat(51))).toBe(false);
    expect(isValidName("a".repeat(100), "person", 100)).toBe(true);
    expect(isValidName("a".repeat(101), "person", 100)).toBe(false);
  });
  it("an organization (employer, company account holder) may also hold digits and & , ( ) /, but needs a letter", () => {
    for (const n of ["3M Company", "Smith & Sons, Inc.", "O'Neil's Pub (Dallas)", "7-Eleven", "A/B Testing LLC", "Peña Hermanos"])
      expect(isValidName(n, "organization", 100), n).toBe(true);
    for (const n of ["", "  ", "12345", "7-11", "<script>", "Acme {1}", "@home", "Acme@corp", "& ,"])
      expect(isValidName(n, "organization", 100), JSON.stringify(n)).toBe(false);
  });
  it("never accepts a string with markup or @ or braces, whatever surrounds it", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom("<", ">", "{", "}", "@"),
        fc.string(),
        fc.constantFrom("person" as const, "organization" as const),
        (a, bad, b, kind) => !isValidName(`${a}${bad}${b}`, kind, 1000),
      ),
    );
  });
  it("never accepts digits alone or blanks alone", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9 ]{0,30}$/),
        fc.constantFrom("person" as const, "organization" as const),
        (s, kind) => !isValidName(s, kind, 1000),
      ),
    );
  });
});
