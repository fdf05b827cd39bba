/**
 * The error summary names each field with its message, in the form's order (issue 14): the
 * order is the form's labels', whatever order the schema found the errors in.
 */
import { describe, expect, it } from "vitest";
import { summaryEntries } from "~/components/form/StoreForm";

describe("error summary entries", () => {
  const labels = { first_name: "First name", last_name: "Last name", ssn: "Social Security Number" };
  it("puts the errors in the form's order, each with its field's label", () => {
    expect(summaryEntries({ ssn: "validation.ssn", first_name: "validation.required", last_name: "validation.required" }, labels)).toEqual([
      { name: "first_name", label: "First name", message: "validation.required" },
      { name: "last_name", label: "Last name", message: "validation.required" },
      { name: "ssn", label: "Social Security Number", message: "validation.ssn" },
    ]);
  });
  it("leaves out fields without an error, and puts a field the form did not label last, with its message alone", () => {
    expect(summaryEntries({ other: "validation.required", last_name: "validation.required", first_name: undefined }, labels)).toEqual([
      { name: "last_name", label: "Last name", message: "validation.required" },
      { name: "other", label: null, message: "validation.required" },
    ]);
  });
});
