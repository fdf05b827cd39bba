import { describe, expect, it } from "vitest";
import { isTabName, TAB_NAMES } from "./wizard-steps";

describe("isTabName", () => {
  it("accepts every tab name", () => {
    for (const tab of TAB_NAMES) expect(isTabName(tab)).toBe(true);
  });

  it("refuses what an object inherits (a tab name comes from a link's path or a form)", () => {
    for (const value of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "", "cart_info"])
      expect(isTabName(value)).toBe(false);
    for (const value of [undefined, null, 1, {}, ["primary_info"]]) expect(isTabName(value)).toBe(false);
  });
});
