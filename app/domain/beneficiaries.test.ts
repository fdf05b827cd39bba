import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { MAX_BENEFICIARIES, beneficiaryTotal, canAdd, canContinue, saveRefusal, totalMessage } from "./beneficiaries";

const list = (...percentages: number[]) => percentages.map((percentage) => ({ percentage }));

describe("beneficiary totals", () => {
  it("adds the percentages", () => {
    expect(beneficiaryTotal([])).toBe(0);
    expect(beneficiaryTotal(list(60, 40))).toBe(100);
    expect(beneficiaryTotal(list(33, 33, 33))).toBe(99);
  });

  it("says under 100 and over 100 in red, exactly 100 in green", () => {
    expect(totalMessage(90)).toEqual({ tone: "error", key: "validation.beneficiaryTotalLow", values: { n: 90 } });
    expect(totalMessage(0)).toEqual({ tone: "error", key: "validation.beneficiaryTotalLow", values: { n: 0 } });
    expect(totalMessage(100)).toEqual({ tone: "ok", key: "beneficiary.totalOk", values: { n: 100 } });
    expect(totalMessage(101)).toEqual({ tone: "error", key: "validation.beneficiaryTotalHigh", values: { n: 101 } });
    expect(totalMessage(250).key).toBe("validation.beneficiaryTotalHigh");
  });

  it("is green only at exactly 100", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (n) => {
        expect(totalMessage(n).tone === "ok").toBe(n === 100);
      }),
    );
  });
});

describe("what the list allows", () => {
  it("offers Add while fewer than 3 exist and the total is under 100", () => {
    expect(MAX_BENEFICIARIES).toBe(3);
    expect(canAdd([])).toBe(true);
    expect(canAdd(list(50))).toBe(true);
    expect(canAdd(list(30, 30))).toBe(true);
    expect(canAdd(list(10, 10, 10))).toBe(false);
    expect(canAdd(list(100))).toBe(false);
    expect(canAdd(list(60, 40))).toBe(false);
  });

  it("continues with at least one beneficiary and a total of exactly 100", () => {
    expect(canContinue([])).toBe(false);
    expect(canContinue(list(90))).toBe(false);
    expect(canContinue(list(100))).toBe(true);
    expect(canContinue(list(60, 40))).toBe(true);
    expect(canContinue(list(50, 30, 20))).toBe(true);
    expect(canContinue(list(60, 50))).toBe(false);
  });

  it("never offers Add and Continue together", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 4 }), (ps) => {
        const l = list(...ps);
        expect(canAdd(l) && canContinue(l)).toBe(false);
      }),
    );
  });
});

describe("saving one beneficiary next to the others", () => {
  it("refuses a 4th on add, but not an edit of one of 3", () => {
    expect(saveRefusal(list(10, 10, 10), 10, "add")).toEqual({ reason: "max" });
    expect(saveRefusal(list(10, 10), 10, "edit")).toBeNull();
  });

  it("refuses a total over 100, allows under or exactly 100", () => {
    expect(saveRefusal(list(60), 50, "add")).toEqual({ reason: "total", total: 110 });
    expect(saveRefusal(list(60, 30), 20, "edit")).toEqual({ reason: "total", total: 110 });
    expect(saveRefusal(list(60), 40, "add")).toBeNull();
    expect(saveRefusal(list(60), 10, "add")).toBeNull();
    expect(saveRefusal([], 100, "add")).toBeNull();
  });
});
