import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  ROUTING_BANKS,
  abaCheckDigit,
  abaChecksumOk,
  bankNameForRouting,
  isValidRoutingNumber,
  isValidRoutingPrefix,
} from "./routing-banks";

const VALID_PREFIXES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72,
  80,
];

/** Valid routing numbers: a valid prefix, six random digits, then the check digit. */
const validRoutingNumber = fc
  .tuple(fc.constantFrom(...VALID_PREFIXES), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 6 }))
  .map(([prefix, rest]) => {
    const first8 = String(prefix).padStart(2, "0") + rest.join("");
    return first8 + String(abaCheckDigit(first8));
  })
  .filter((rn) => rn !== "000000000");

describe("isValidRoutingNumber", () => {
  it.each(["021000021", "011000015", "121000248", "322271627", "256074974", "314074269"])("accepts %s", (rn) => {
    expect(abaChecksumOk(rn)).toBe(true);
    expect(isValidRoutingNumber(rn)).toBe(true);
  });

  it.each(["021000022", "121000249", "123456789", "111111111"])("rejects bad checksum %s", (rn) => {
    expect(abaChecksumOk(rn)).toBe(false);
    expect(isValidRoutingNumber(rn)).toBe(false);
  });

  it.each(["", "02100002", "0210000210", "02100002a", " 021000021", "021-000-021", "０２１００００２１"])("rejects malformed %j", (rn) => {
    expect(isValidRoutingNumber(rn)).toBe(false);
  });

  it("rejects good checksums with a prefix outside the Federal Reserve ranges", () => {
    for (const prefix of [13, 20, 33, 50, 60, 73, 79, 81, 99]) {
      const first8 = `${prefix}000000`;
      const rn = first8 + String(abaCheckDigit(first8));
      expect(abaChecksumOk(rn), rn).toBe(true);
      expect(isValidRoutingNumber(rn), rn).toBe(false);
    }
  });

  it("knows the valid prefix ranges", () => {
    for (let p = 0; p <= 99; p++) {
      expect(isValidRoutingPrefix(p), String(p)).toBe(VALID_PREFIXES.includes(p));
    }
  });

  it("rejects the all-zero number", () => {
    expect(isValidRoutingNumber("000000000")).toBe(false);
  });

  it("property: generated numbers with the computed check digit are valid", () => {
    fc.assert(fc.property(validRoutingNumber, (rn) => isValidRoutingNumber(rn)));
  });

  it("property: changing any single digit breaks the checksum", () => {
    fc.assert(
      fc.property(validRoutingNumber, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (rn, pos, delta) => {
        const digit = (Number(rn[pos]) + delta) % 10;
        const mutated = rn.slice(0, pos) + String(digit) + rn.slice(pos + 1);
        expect(mutated).not.toBe(rn);
        expect(abaChecksumOk(mutated)).toBe(false);
        expect(isValidRoutingNumber(mutated)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("ROUTING_BANKS", () => {
  it("has at least 60 entries", () => {
    expect(ROUTING_BANKS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ROUTING_BANKS.map(([rn, name]) => [rn, name] as const))("%s (%s) is a valid routing number", (rn) => {
    expect(isValidRoutingNumber(rn)).toBe(true);
  });

  it("has no duplicate routing numbers and upper-case names", () => {
    const numbers = ROUTING_BANKS.map(([rn]) => rn);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const [, name] of ROUTING_BANKS) {
      expect(name).toBe(name.toUpperCase());
      expect(name.trim()).toBe(name);
      expect(name.length).toBeGreaterThan(0);
    }
  });
});

describe("bankNameForRouting", () => {
  it.each([
    ["021000021", "JPMORGAN CHASE BANK"],
    ["026009593", "BANK OF AMERICA"],
    ["121000248", "WELLS FARGO BANK"],
    ["011000138", "BANK OF AMERICA"],
    ["091000019", "WELLS FARGO BANK"],
    ["071000013", "JPMORGAN CHASE BANK"],
    ["122000661", "BANK OF AMERICA"],
    ["322271627", "JPMORGAN CHASE BANK"],
    ["021000089", "CITIBANK"],
    ["031176110", "CAPITAL ONE"],
    ["061000104", "TRUIST BANK"],
    ["043000096", "PNC BANK"],
  ])("%s → %s", (rn, name) => {
    expect(bankNameForRouting(rn)).toEqual({ ok: true, name });
  });

  it("returns every table entry", () => {
    for (const [rn, name] of ROUTING_BANKS) expect(bankNameForRouting(rn)).toEqual({ ok: true, name });
  });

  it("reports a valid number that is not in the table as unknown", () => {
    // 011000015 is the Federal Reserve Bank of Boston: valid, but not a retail bank in the table.
    expect(isValidRoutingNumber("011000015")).toBe(true);
    expect(bankNameForRouting("011000015")).toEqual({ ok: false, reason: "unknown" });
  });

  it("reports a bad checksum or malformed input as invalid", () => {
    expect(bankNameForRouting("021000022")).toEqual({ ok: false, reason: "invalid" });
    expect(bankNameForRouting("12345")).toEqual({ ok: false, reason: "invalid" });
    expect(bankNameForRouting("abcdefghi")).toEqual({ ok: false, reason: "invalid" });
    expect(bankNameForRouting("130000006")).toEqual({ ok: false, reason: "invalid" });
  });
});
