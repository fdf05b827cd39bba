import { describe, expect, it } from "vitest";
import { defaultChecked, valueAt } from "./validated";

describe("default values as remix-validated-form reads them", () => {
  it("finds a field's value by its name's path", () => {
    const values = { zip: "75201", answers: { q12: "1" }, beneficiaries: [{ name: "Ana" }, { name: "Luis" }] };
    expect(valueAt(values, "zip")).toBe("75201");
    expect(valueAt(values, "answers.q12")).toBe("1");
    expect(valueAt(values, "beneficiaries[1].name")).toBe("Luis");
    expect(valueAt(values, "beneficiaries[2].name")).toBeUndefined();
    expect(valueAt(undefined, "zip")).toBeUndefined();
  });

  it("checks a box or a radio as remix-validated-form does", () => {
    expect(defaultChecked("radio", "1", "1")).toBe(true);
    expect(defaultChecked("radio", "1", "0")).toBe(false);
    expect(defaultChecked("radio", "1", undefined)).toBeUndefined();
    expect(defaultChecked("checkbox", "1", true)).toBe(true);
    expect(defaultChecked("checkbox", "b", ["a", "b"])).toBe(true);
    expect(defaultChecked("checkbox", "c", ["a", "b"])).toBe(false);
    expect(defaultChecked("checkbox", undefined, "on")).toBe(true);
  });
});
