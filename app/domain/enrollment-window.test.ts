import { describe, expect, it } from "vitest";
import { newHireWindowEnd, windowState } from "./enrollment-window";

const oe = { openEnrollmentStart: "2026-11-01", openEnrollmentEnd: "2026-11-30", newHireDays: 30 };

describe("enrollment windows", () => {
  it("is open for everyone when the group has set no open-enrollment dates", () => {
    expect(windowState({ openEnrollmentStart: null, openEnrollmentEnd: null, newHireDays: 30 }, "2026-06-01")).toEqual({
      open: true,
      why: "unset",
      closes: null,
    });
  });
  it("is open from the first to the last day of open enrollment, and says when it next opens otherwise", () => {
    expect(windowState(oe, "2026-11-01")).toEqual({ open: true, why: "openEnrollment", closes: "2026-11-30" });
    expect(windowState(oe, "2026-11-30")).toEqual({ open: true, why: "openEnrollment", closes: "2026-11-30" });
    expect(windowState(oe, "2026-10-31")).toEqual({ open: false, nextOpens: "2026-11-01" });
    // after it closed, it opens on the same days next year
    expect(windowState(oe, "2026-12-01")).toEqual({ open: false, nextOpens: "2027-11-01" });
    expect(windowState(oe, "2028-11-15")).toEqual({ open: true, why: "openEnrollment", closes: "2028-11-30" });
  });
  it("opens for a new hire from the hire date for the group's number of days", () => {
    expect(newHireWindowEnd("2026-03-10", 30)).toBe("2026-04-08");
    expect(windowState(oe, "2026-04-08", "2026-03-10")).toEqual({ open: true, why: "newHire", closes: "2026-04-08" });
    expect(windowState(oe, "2026-04-09", "2026-03-10")).toEqual({ open: false, nextOpens: "2026-11-01" });
    // hired next month: their window opens first
    expect(windowState(oe, "2026-05-20", "2026-06-01")).toEqual({ open: false, nextOpens: "2026-06-01" });
    expect(windowState({ ...oe, newHireDays: 0 }, "2026-03-12", "2026-03-10")).toEqual({ open: false, nextOpens: "2026-11-01" });
  });
  it("keeps a window that ends on 29 February in step in other years", () => {
    const leap = { openEnrollmentStart: "2028-02-01", openEnrollmentEnd: "2028-02-29", newHireDays: 30 };
    expect(windowState(leap, "2029-02-28")).toEqual({ open: true, why: "openEnrollment", closes: "2029-02-28" });
  });
});
