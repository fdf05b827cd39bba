import { describe, expect, it } from "vitest";
import { changedFields, leavesNoAdmin, may } from "./operators";

describe("operator roles", () => {
  it("admin may do everything; support only reads; catalog cannot touch sales; sales cannot touch the catalog", () => {
    expect(may("admin", "operators", "edit")).toBe(true);
    expect(may("support", "sales", "read")).toBe(true);
    expect(may("support", "sales", "edit")).toBe(false);
    expect(may("catalog", "sales", "read")).toBe(false);
    expect(may("sales", "sales", "edit")).toBe(true);
    expect(may("sales", "catalog", "edit")).toBe(false);
    expect(may("sales", "operators", "read")).toBe(false);
    for (const role of ["admin", "catalog", "sales", "support"] as const) expect(may(role, "audit")).toBe(true);
  });

  it("a change records only the fields that differ", () => {
    expect(changedFields({ a: 1, b: "x", c: null }, { a: 1, b: "y", c: null })).toEqual({
      before: { b: "x" },
      after: { b: "y" },
      changed: ["b"],
    });
    expect(changedFields(null, { a: 1 })).toEqual({ before: null, after: { a: 1 }, changed: ["a"] });
  });

  it("the last active admin cannot be demoted or deactivated; another admin can", () => {
    expect(leavesNoAdmin(1, { role: "admin", active: true }, { role: "sales", active: true })).toBe(true);
    expect(leavesNoAdmin(1, { role: "admin", active: true }, { role: "admin", active: false })).toBe(true);
    expect(leavesNoAdmin(2, { role: "admin", active: true }, { role: "admin", active: false })).toBe(false);
    expect(leavesNoAdmin(1, { role: "sales", active: true }, { role: "sales", active: false })).toBe(false);
  });
});
