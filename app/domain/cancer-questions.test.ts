import { describe, it, expect } from "vitest";
import { MAX_TREATMENTS, treatmentCount } from "./cancer-questions";

describe("the cancer-insurance mock-up's treatment blocks (storefront §2 Other)", () => {
  it("shows as many blocks as the address asks, one at least", () => {
    expect(treatmentCount("3")).toBe(3);
    expect(treatmentCount(null)).toBe(1);
    expect(treatmentCount("")).toBe(1);
    expect(treatmentCount("0")).toBe(1);
  });
  it("ignores nonsense and caps the count", () => {
    for (const bad of ["abc", "-2", "2.5", "1e3", " 2", "2 ", "9".repeat(40)]) expect(treatmentCount(bad), bad).toBe(1);
    expect(treatmentCount("999")).toBe(MAX_TREATMENTS);
    expect(treatmentCount(String(MAX_TREATMENTS + 1))).toBe(MAX_TREATMENTS);
  });
});
