import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { ageOn, formatDateTyping, isoToUsDate, parseUsDate, todayIso } from "./dates";

describe("dates", () => {
  it("parses real mm/dd/yyyy dates to ISO and rejects impossible ones", () => {
    expect(parseUsDate("02/29/2024")).toBe("2024-02-29");
    expect(parseUsDate("2/9/1990")).toBe("1990-02-09");
    expect(parseUsDate("02/29/2023")).toBeNull();
    expect(parseUsDate("13/01/1990")).toBeNull();
    expect(parseUsDate("00/10/1990")).toBeNull();
    expect(parseUsDate("1990-01-01")).toBeNull();
    expect(parseUsDate("01/32/1990")).toBeNull();
  });
  it("round-trips with the US format", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        expect(parseUsDate(isoToUsDate(iso))).toBe(iso);
      }),
    );
  });
  it("counts whole years, birthdays included", () => {
    expect(ageOn("2000-06-15", "2018-06-14")).toBe(17);
    expect(ageOn("2000-06-15", "2018-06-15")).toBe(18);
    expect(ageOn("2000-02-29", "2019-02-28")).toBe(18);
  });
  it("gives today's date in the store's time zone", () => {
    expect(todayIso(new Date("2026-01-01T03:00:00Z"))).toBe("2025-12-31");
  });
  it("gives the right day on both sides of midnight within one second and across time zones (kept per second)", () => {
    // 06:00:00Z is midnight in Chicago (CST): the last millisecond before and the first of the day
    expect(todayIso(new Date("2026-01-02T05:59:59.000Z"))).toBe("2026-01-01");
    expect(todayIso(new Date("2026-01-02T05:59:59.999Z"))).toBe("2026-01-01");
    expect(todayIso(new Date("2026-01-02T06:00:00.000Z"))).toBe("2026-01-02");
    expect(todayIso(new Date("2026-01-02T05:59:59.999Z"))).toBe("2026-01-01");
    expect(todayIso(new Date("2026-01-02T06:00:00.000Z"), "Asia/Tokyo")).toBe("2026-01-02");
    expect(todayIso(new Date("2026-01-02T06:00:00.000Z"), "Pacific/Honolulu")).toBe("2026-01-01");
    expect(todayIso(new Date("2026-01-02T06:00:00.500Z"))).toBe("2026-01-02");
    // the day a time zone's offset changes (DST in Chicago: 2026-03-08 02:00 local)
    expect(todayIso(new Date("2026-03-09T04:59:59.999Z"))).toBe("2026-03-08");
    expect(todayIso(new Date("2026-03-09T05:00:00.000Z"))).toBe("2026-03-09");
    // before 1970 (a negative second) and an invalid date, as before
    expect(todayIso(new Date("1969-12-31T23:59:59.500Z"))).toBe("1969-12-31");
    expect(() => todayIso(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => todayIso(new Date(Number.NaN))).toThrow(RangeError);
  });
  it("formats typing as the spec's helper does", () => {
    expect(formatDateTyping("1")).toBe("1");
    expect(formatDateTyping("13")).toBe("12");
    expect(formatDateTyping("0")).toBe("0");
    expect(formatDateTyping("00")).toBe("01");
    expect(formatDateTyping("0135")).toBe("01/31");
    expect(formatDateTyping("01151990")).toBe("01/15/1990");
    expect(formatDateTyping("01/15/19901")).toBe("01/15/1990");
    expect(formatDateTyping("ab12cd")).toBe("12");
  });
  /** What the field shows after each key: the helper runs on the field's value plus the typed character. */
  const typeInto = (keys: string) => [...keys].reduce((value, key) => formatDateTyping(value + key), "");
  it("keeps single-digit months and days as typed, character by character (issue 26 #5)", () => {
    expect(typeInto("3/27/1985")).toBe("3/27/1985");
    expect(typeInto("3/5/1985")).toBe("3/5/1985");
    expect(typeInto("12/5/1985")).toBe("12/5/1985");
    expect(typeInto("1/27/1985")).toBe("1/27/1985");
    expect(typeInto("03/27/1985")).toBe("03/27/1985");
    expect(typeInto("3271985")).toBe("3/27/1985");
    expect(typeInto("03271985")).toBe("03/27/1985");
    expect(typeInto("3/")).toBe("3/");
    expect(typeInto("3//")).toBe("3/");
    expect(parseUsDate(typeInto("3/27/1985"))).toBe("1985-03-27");
  });
  it("keeps single-digit months and days as pasted (issue 26 #5)", () => {
    expect(formatDateTyping("3/27/1985")).toBe("3/27/1985");
    expect(formatDateTyping("3/5/1985")).toBe("3/5/1985");
    expect(formatDateTyping("11/5/1985")).toBe("11/5/1985");
    expect(formatDateTyping("3-27-1985")).toBe("3/27/1985");
    expect(formatDateTyping(" 3/27/1985 ")).toBe("3/27/1985");
    expect(formatDateTyping("0/0/1985")).toBe("01/01/1985");
  });
});
