import { describe, it, expect } from "vitest";
import { deriveTier, maxChildren, needsChildren, needsSpouse } from "./tiers";

describe("tier derivation (storefront §4)", () => {
  it.each([
    [true, 2, "IF"],
    [true, 0, "IS"],
    [false, 3, "IC"],
    [false, 0, "IO"],
  ] as const)("spouse=%s children=%s → %s", (spouse, children, tier) => {
    expect(deriveTier(spouse, children)).toBe(tier);
  });
  it("asks for a spouse on IS and IF, children on IC and IF", () => {
    expect(["IO", "IS", "IC", "IF"].filter((t) => needsSpouse(t as never))).toEqual(["IS", "IF"]);
    expect(["IO", "IS", "IC", "IF"].filter((t) => needsChildren(t as never))).toEqual(["IC", "IF"]);
  });
  it("offers 1–8 children with a spouse and 1–9 without", () => {
    expect(maxChildren("IF")).toBe(8);
    expect(maxChildren("IC")).toBe(9);
    expect(maxChildren("IO")).toBe(0);
  });
});
