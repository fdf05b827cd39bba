import { describe, expect, it } from "vitest";
import { AA_TEXT, brandContrast, contrastRatio, isHexColor, luminance } from "./contrast";

describe("colour contrast (WCAG)", () => {
  it("luminance runs from black to white", () => {
    expect(luminance("#000000")).toBe(0);
    expect(luminance("#ffffff")).toBeCloseTo(1, 10);
    expect(luminance("#808080")).toBeCloseTo(0.2159, 3);
  });

  it("black on white is 21:1, a colour on itself 1:1, and the order does not matter", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#1d4e89", "#1d4e89")).toBe(1);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(contrastRatio("#767676", "#ffffff"), 12);
  });

  it("matches published values: #767676 on white is the lightest grey that passes (4.54:1), #777777 fails (4.48:1)", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(brandContrast("#767676").ok).toBe(true);
    expect(brandContrast("#777777").ok).toBe(false);
  });

  it("the theme's own brand colour passes; a light yellow fails with its ratio rounded down", () => {
    expect(brandContrast("#1d4e89")).toEqual({ ok: true, ratio: expect.any(Number) });
    const yellow = brandContrast("#ffdd00");
    expect(yellow.ok).toBe(false);
    expect(yellow.ratio).toBeLessThan(AA_TEXT);
    expect(yellow.ratio).toBe(Math.floor(contrastRatio("#ffdd00", "#ffffff") * 100) / 100);
  });

  it("checks against every counterpart given: the lowest ratio decides", () => {
    expect(brandContrast("#777777", ["#000000"]).ok).toBe(true);
    expect(brandContrast("#777777", ["#000000", "#ffffff"]).ok).toBe(false);
  });

  it("only #rrggbb colours are colours", () => {
    expect(isHexColor("#a1B2c3")).toBe(true);
    for (const bad of ["a1b2c3", "#abc", "#ggg000", "red", "#a1b2c3 ", ""]) expect(isHexColor(bad)).toBe(false);
    expect(() => luminance("red")).toThrow();
  });
});
