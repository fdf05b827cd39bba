import { describe, it, expect } from "vitest";
import { deriveTier, maxChildren, needsChildren, needsSpouse, tierLabelKey } from "./tiers";

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

describe("tier labels (storefront §3, §9)", () => {
  it("names each tier by its code", () => {
    expect(["IO", "IS", "IC", "IF"].map((t) => tierLabelKey(t as never))).toEqual(["tiers.IO", "tiers.IS", "tiers.IC", "tiers.IF"]);
  });
  it("calls IC 'Member + 1 Child' when a premier plan is in the cart, wherever the tier is named", () => {
    expect(tierLabelKey("IC", { premierInCart: true })).toBe("tiers.ICPremier");
    expect(tierLabelKey("IC", { premierInCart: true, priceRow: true })).toBe("tiers.ICPremier");
    for (const tier of ["IO", "IS", "IF"] as const) expect(tierLabelKey(tier, { premierInCart: true })).toBe(`tiers.${tier}`);
  });
  it("calls IS 'Single + Spouse' in price rows only", () => {
    expect(tierLabelKey("IS", { priceRow: true })).toBe("tiers.ISPriceRow");
    expect(tierLabelKey("IS", { priceRow: true, premierInCart: true })).toBe("tiers.ISPriceRow");
    expect(tierLabelKey("IS")).toBe("tiers.IS");
    for (const tier of ["IO", "IC", "IF"] as const) expect(tierLabelKey(tier, { priceRow: true })).toBe(`tiers.${tier}`);
  });
});
