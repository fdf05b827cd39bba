import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID, recordIdFrom } from "./record-id";

describe("recordIdFrom", () => {
  it("reads a record id up to PostgreSQL's integer", () => {
    expect(recordIdFrom("1")).toBe(1);
    expect(recordIdFrom("42")).toBe(42);
    expect(recordIdFrom("2147483647")).toBe(MAX_RECORD_ID);
  });
  it("refuses a number no record can have", () => {
    expect(recordIdFrom("2147483648")).toBeNull();
    expect(recordIdFrom("9999999999")).toBeNull();
    expect(recordIdFrom("10000000000")).toBeNull();
  });
  it("refuses anything that is not plain digits", () => {
    for (const raw of ["", "0", "01", "-1", "+1", "1.0", "1e3", " 1", "1 ", "0x10", "１", "1\n", null, undefined, 7, ["1"]]) {
      expect(recordIdFrom(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});
