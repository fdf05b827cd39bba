import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  cardBrand,
  cardDigits,
  expiryYears,
  isExpired,
  luhnCheckDigit,
  luhnValid,
  maskedNumber,
  dottedLastFour,
  securityCodeLength,
  EXPIRY_MONTHS,
} from "./cards";

/** A Luhn-valid number of 13 to 25 digits: random digits, then the check digit. */
const validCardNumber = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 24 }).map((ds) => {
  const partial = ds.join("");
  return partial + String(luhnCheckDigit(partial));
});

describe("luhnValid", () => {
  it.each([
    "4111111111111111",
    "4012888888881881",
    "5555555555554444",
    "2223003122003222",
    "378282246310005",
    "6011111111111117",
    "6445644564456445",
    "4000000000000002",
  ])("accepts the test card %s", (n) => {
    expect(luhnValid(n)).toBe(true);
  });

  it.each(["4111111111111112", "1234567812345678", "378282246310006"])("refuses %s", (n) => {
    expect(luhnValid(n)).toBe(false);
  });

  it.each(["", "4", "4111 1111 1111 1111", "4111-1111-1111-1111", "41111111111111a1", "４１１１１１１１１１１１１１１１"])(
    "refuses what is not a string of digits: %j",
    (n) => {
      expect(luhnValid(n)).toBe(false);
    },
  );

  it("cardDigits drops the grouping spaces and dashes", () => {
    expect(cardDigits(" 4111 1111-1111 1111 ")).toBe("4111111111111111");
    expect(luhnValid(cardDigits("4111 1111 1111 1111"))).toBe(true);
  });

  it("property: a number with its computed check digit is valid", () => {
    fc.assert(fc.property(validCardNumber, (n) => luhnValid(n)));
  });

  it("property: changing any single digit breaks the check", () => {
    fc.assert(
      fc.property(validCardNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (n, at, delta) => {
        const pos = at % n.length;
        const digit = (Number(n[pos]) + delta) % 10;
        const mutated = n.slice(0, pos) + String(digit) + n.slice(pos + 1);
        expect(mutated).not.toBe(n);
        expect(luhnValid(mutated)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("cardBrand", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["4000000000000002", "visa"],
    ["5105105105105100", "mastercard"],
    ["5555555555554444", "mastercard"],
    ["2221000000000009", "mastercard"],
    ["2720990000000007", "mastercard"],
    ["2220990000000000", "card"],
    ["2721000000000000", "card"],
    ["378282246310005", "amex"],
    ["341111111111111", "amex"],
    ["6011111111111117", "discover"],
    ["6500000000000002", "discover"],
    ["6445644564456445", "discover"],
    ["6495000000000000", "discover"],
    ["6430000000000000", "card"],
    ["5000000000000000", "card"],
    ["3530111333300000", "card"],
    ["", "card"],
  ])("%s is %s", (n, brand) => {
    expect(cardBrand(n)).toBe(brand);
  });

  it("needs 4 digits on Amex, 3 on the others", () => {
    expect(securityCodeLength("amex")).toBe(4);
    for (const b of ["visa", "mastercard", "discover", "card"] as const) expect(securityCodeLength(b)).toBe(3);
  });
});

describe("expiry", () => {
  it("offers this year and the next 20 (in the store's time zone)", () => {
    const years = expiryYears(new Date("2031-06-15T12:00:00Z"));
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2031);
    expect(years[20]).toBe(2051);
    // 1 January 03:00 UTC is still New Year's Eve in Chicago
    expect(expiryYears(new Date("2031-01-01T03:00:00Z"))[0]).toBe(2030);
    expect(expiryYears("2040-02-29")[0]).toBe(2040);
  });

  it("months 01 to 12", () => {
    expect(EXPIRY_MONTHS).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]);
  });

  it("a card is good through its expiry month", () => {
    expect(isExpired(6, 2031, "2031-06-30")).toBe(false);
    expect(isExpired(5, 2031, "2031-06-01")).toBe(true);
    expect(isExpired(12, 2030, "2031-01-01")).toBe(true);
    expect(isExpired(1, 2032, "2031-12-31")).toBe(false);
  });

  it("shows only the last four", () => {
    expect(maskedNumber("6789")).toBe("****6789");
  });
  it("the review's mask never shows more than four digits, whatever it is given", () => {
    expect(dottedLastFour("6789")).toBe("••••6789");
    expect(dottedLastFour("40417220356789")).toBe("••••6789");
    expect(dottedLastFour("")).toBe("");
    expect(dottedLastFour(null)).toBe("");
  });
});
