import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  addressRules,
  definedFields,
  email,
  heightFeet,
  heightInches,
  personName,
  phone,
  plainText,
  ssn,
  state,
  usDate,
  weight,
  zip,
} from "./rules";

describe("field rules", () => {
  it("give one message per rule, the ZIP's as the form's spec words it", () => {
    expect(zip()("1234")).toBe("validation.zipFormat");
    expect(addressRules("validation.zipInvalid").zip("1234")).toBe("validation.zipInvalid");
    expect(zip()("75001")).toBeNull();
    expect(state()("T1")).toBe("validation.state");
    expect(plainText()("12 Main St. #4")).toBeNull();
    expect(plainText()("<b>")).toBe("validation.plainText");
    expect(plainText()("a".repeat(101))).toBe("validation.plainText");
    expect(plainText(200, "?!()@:")("Who? (me)")).toBeNull();
    expect(phone()("(214) 555-0100")).toBeNull();
    expect(phone()("555-0100")).toBe("validation.phoneFormat");
    expect(ssn()("123-45-6789")).toBeNull();
    expect(ssn()("000-12-3456")).toBe("validation.ssn");
    expect(personName("validation.firstName")("Zoë")).toBeNull();
    expect(personName("validation.firstName")("R2D2")).toBe("validation.firstName");
    expect([heightFeet()("0"), heightInches()("12"), weight()("0")]).toEqual([
      "validation.heightZero",
      "validation.inch",
      "validation.weight",
    ]);
    expect(usDate("2024-06-01")("02/30/2024")).toBe("validation.invalidDate");
    expect(usDate("2024-06-01")("06/02/2024")).toBe("validation.futureDate");
    expect(usDate("2024-06-01", "validation.notAfterToday")("06/02/2024")).toBe("validation.notAfterToday");
  });

  it("apply the server's definitions: hidden and read-only fields are not checked, required empty ones are", () => {
    const rules = {
      zip: { shown: true, required: true, readOnly: false },
      state: { shown: true, required: false, readOnly: false },
      city: { shown: true, required: true, readOnly: true },
    };
    const issues = (v: Record<string, string>) => {
      const r = z.record(z.string()).superRefine((v, ctx) => {
        const { check } = definedFields(rules).checker(ctx);
        check("zip", v.zip ?? "", zip());
        check("state", v.state ?? "", state());
        check("city", v.city ?? "", plainText());
        check("address1", v.address1 ?? "", plainText());
      });
      const parsed = r.safeParse(v);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path[0]}:${i.message}`);
    };
    expect(issues({})).toEqual(["zip:validation.required"]);
    expect(issues({ zip: "1", state: "x", city: "<x>", address1: "<x>" })).toEqual(["zip:validation.zipFormat", "state:validation.state"]);
    expect(definedFields(rules, { editableReadOnly: true }).on("city")).toBe(true);
  });
});

describe("one e-mail and one phone rule, in the console's forms too (issue 25)", () => {
  it("the rep form reads a phone as every other form does (punctuation and a leading 1 dropped) and an e-mail by the same rule", async () => {
    const { repSchema, operatorEmailSchema } = await import("./admin");
    const phoneOf = (v: string) => repSchema.shape.phone.safeParse(v);
    expect(phone()("1 (214) 555-0100")).toBeNull();
    expect(phoneOf("1 (214) 555-0100")).toMatchObject({ success: true, data: "2145550100" });
    expect(phoneOf("214-555-0100")).toMatchObject({ success: true, data: "2145550100" });
    expect(phoneOf("555-0100").success).toBe(false);
    // an address the wizard's contact step refuses is refused by the console as well
    for (const bad of ["jane@example.c", "jane@example.123"]) {
      expect(email()(bad), bad).toBe("validation.emailFormat");
      expect(operatorEmailSchema.safeParse({ email: bad }).success, bad).toBe(false);
    }
    expect(operatorEmailSchema.safeParse({ email: "Jane@Example.com" })).toMatchObject({
      success: true,
      data: { email: "jane@example.com" },
    });
  });
});
