import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BUILD_FIELDS,
  NAME_FIELDS,
  addressRules,
  buildRules,
  definedFields,
  email,
  heightFeet,
  heightInches,
  nameRules,
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

describe("blocks composed of the rules (issue 25): the name, the build and the SSN, declared once", () => {
  const on = { shown: true, required: true, readOnly: false };
  const issuesOf = (
    rules: Record<string, typeof on>,
    run: (c: ReturnType<ReturnType<typeof definedFields>["checker"]>, v: Record<string, string>) => void,
    v: Record<string, string>,
  ) => {
    const parsed = z
      .record(z.string())
      .superRefine((v, ctx) => run(definedFields(rules).checker(ctx), v))
      .safeParse(v);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path[0]}:${i.message}`);
  };

  it("check each field of a block by its own rule and definition, in the order given", () => {
    const rules = { first_name: on, middle_name: { ...on, required: false }, last_name: on, height_feet: on, height_inch: on, weight: on };
    const run = (c: ReturnType<ReturnType<typeof definedFields>["checker"]>, v: Record<string, string>) => {
      c.checkEach(nameRules(), v, NAME_FIELDS);
      c.checkEach(buildRules(), v, BUILD_FIELDS);
    };
    expect(issuesOf(rules, run, {})).toEqual([
      "first_name:validation.required",
      "last_name:validation.required",
      "height_feet:validation.required",
      "height_inch:validation.required",
      "weight:validation.required",
    ]);
    expect(
      issuesOf(rules, run, { first_name: "R2", middle_name: "D2", last_name: "Lee", height_feet: "0", height_inch: "12", weight: "150" }),
    ).toEqual([
      "first_name:validation.firstName",
      "middle_name:validation.middleName",
      "height_feet:validation.heightZero",
      "height_inch:validation.inch",
    ]);
    // a field the definitions do not show is not checked, unless the block says always
    const always = (c: ReturnType<ReturnType<typeof definedFields>["checker"]>, v: Record<string, string>) =>
      c.checkEach(nameRules(), v, NAME_FIELDS, { first_name: { always: true, required: true } });
    expect(issuesOf({}, always, {})).toEqual(["first_name:validation.required"]);
  });

  it("an SSN on file may be left empty; a typed one is checked without its dashes", () => {
    const run = (onFile: boolean) => (c: ReturnType<ReturnType<typeof definedFields>["checker"]>, v: Record<string, string>) =>
      c.checkSsn(v.ssn ?? "", onFile);
    expect(issuesOf({ ssn: on }, run(false), {})).toEqual(["ssn:validation.required"]);
    expect(issuesOf({ ssn: on }, run(true), {})).toEqual([]);
    expect(issuesOf({ ssn: on }, run(true), { ssn: "000-12-3456" })).toEqual(["ssn:validation.ssn"]);
    expect(issuesOf({ ssn: on }, run(false), { ssn: "123-45-6789" })).toEqual([]);
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
