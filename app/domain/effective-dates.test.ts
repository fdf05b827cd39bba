import { describe, it, expect } from "vitest";
import { effectiveDateOptions } from "./effective-dates";

describe("effective dates", () => {
  const rule = { days_of_month: "1,15", months_ahead: 3, min_days_ahead: 1 };
  it("lists the 1st and 15th of the coming months, at least a day ahead", () => {
    expect(effectiveDateOptions(rule, "2026-11-21")).toEqual([
      "2026-12-01",
      "2026-12-15",
      "2027-01-01",
      "2027-01-15",
      "2027-02-01",
      "2027-02-15",
    ]);
  });
  it("includes the 15th of this month when it is still ahead", () => {
    expect(effectiveDateOptions(rule, "2026-11-10")[0]).toBe("2026-11-15");
  });
  it("never offers today or the past", () => {
    expect(effectiveDateOptions(rule, "2026-11-15")[0]).toBe("2026-12-01");
    expect(effectiveDateOptions({ ...rule, min_days_ahead: 0 }, "2026-11-15")[0]).toBe("2026-11-15");
  });
  it("rolls over the year and ignores nonsense days", () => {
    expect(effectiveDateOptions({ days_of_month: "1, 40, x", months_ahead: 2, min_days_ahead: 1 }, "2026-12-20")).toEqual([
      "2027-01-01",
      "2027-02-01",
    ]);
  });
});
