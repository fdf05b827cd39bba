import { describe, it, expect } from "vitest";
import { resolveFields, type FieldRow } from "./field-definitions";

const row = (field_name: string, required: number, over: Partial<FieldRow> = {}): FieldRow => ({
  field_name,
  required,
  read_only: 0,
  optional: 0,
  plan_id: null,
  enroll_type: null,
  ...over,
});

describe("resolveFields", () => {
  it("shows required fields, hides the others", () => {
    const r = resolveFields([row("first_name", 1), row("middle_name", 0)], { planIds: [], enrollType: null });
    expect(r.first_name).toEqual({ shown: true, required: true, readOnly: false });
    expect(r.middle_name).toEqual({ shown: false, required: false, readOnly: false });
  });
  it("a plan in the cart can require a field; other plans cannot", () => {
    const rows = [row("birth_state", 0), row("birth_state", 1, { plan_id: 7 })];
    expect(resolveFields(rows, { planIds: [7], enrollType: null }).birth_state.required).toBe(true);
    expect(resolveFields(rows, { planIds: [8], enrollType: null }).birth_state.shown).toBe(false);
  });
  it("an enroll type can lock a field", () => {
    const rows = [row("ssn", 1), row("ssn", 1, { enroll_type: "existing-member", read_only: 1 })];
    expect(resolveFields(rows, { planIds: [], enrollType: "existing-member" }).ssn.readOnly).toBe(true);
    expect(resolveFields(rows, { planIds: [], enrollType: "new-member" }).ssn.readOnly).toBe(false);
  });
  it("optional fields are shown but not required", () => {
    expect(resolveFields([row("enroller_code", 1, { optional: 1 })], { planIds: [], enrollType: null }).enroller_code).toEqual({
      shown: true,
      required: false,
      readOnly: false,
    });
  });
});
