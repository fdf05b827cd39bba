import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { isValidEmail, isValidSsn, maskSsn, phoneDigits } from "./identity";

describe("SSN shape", () => {
  it.each(["123-45-6789", "123456789", "001010001", "899999999", "665123456"])("accepts %s", (s) => expect(isValidSsn(s)).toBe(true));
  it.each([
    "000123456",
    "666123456",
    "900123456",
    "999123456",
    "123006789",
    "123450000",
    "12345678",
    "1234567890",
    "abcdefghi",
    "078051120",
  ])("refuses %s", (s) => expect(isValidSsn(s)).toBe(false));
  it("never accepts an area of 000, 666 or 9xx", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 666, ...Array.from({ length: 100 }, (_, i) => 900 + i)),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 9999 }),
        (area, group, serial) => {
          const s = `${String(area).padStart(3, "0")}${String(group).padStart(2, "0")}${String(serial).padStart(4, "0")}`;
          expect(isValidSsn(s)).toBe(false);
        },
      ),
    );
  });
  it("masks to the last four", () => {
    expect(maskSsn("6789")).toBe("XXX-XX-6789");
    expect(maskSsn(null)).toBe("");
    expect(maskSsn("12a4")).toBe("");
    // one masking for the last four on file and for a whole SSN (the review's personal details)
    expect(maskSsn("123-45-6789")).toBe("XXX-XX-6789");
    expect(maskSsn("123456789")).toBe("XXX-XX-6789");
    expect(maskSsn("")).toBe("");
    expect(maskSsn("12345")).toBe("");
  });
});

describe("e-mail, phone", () => {
  it("checks e-mail addresses", () => {
    expect(isValidEmail("ana@example.com")).toBe(true);
    for (const e of ["ana@example", "ana example@x.com", "ana@x.com\r\nBcc: y@z.com", "@x.com"]) expect(isValidEmail(e)).toBe(false);
  });
  it("reduces phones to 10 digits", () => {
    expect(phoneDigits("(214) 555-0187")).toBe("2145550187");
    expect(phoneDigits("+1 214 555 0187")).toBe("2145550187");
  });
});
