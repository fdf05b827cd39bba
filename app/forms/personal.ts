/**
 * Personal information (enrollment-wizard §2.4, §5 "Personal"). The fields come from the
 * server's definitions: only shown fields are checked, and read-only ones must not be posted.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { isValidSsn } from "~/domain/identity";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED, isValidName } from "./common";

export const PERSONAL_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "height_feet",
  "height_inch",
  "weight",
  "marital_status",
  "ssn",
  "prior_coverage_flag",
  "prior_carrier_name",
  "prior_effective_date",
  "prior_term_date",
] as const;

const text = z.string().optional().transform((v) => (v ?? "").trim());

export function personalSchema(rules: FieldRules, today: IsoDate, options: { ssnOnFile?: boolean } = {}) {
  const shape = Object.fromEntries([...PERSONAL_FIELDS, "birthdate", "gender"].map((f) => [f, text])) as Record<string, typeof text>;
  return z
    .object(shape)
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const on = (f: string) => rules[f]?.shown && !rules[f]?.readOnly;
      const req = (f: string) => on(f) && rules[f]?.required;
      // Read-only fields are shown, never taken from the form: posting one is tampering.
      for (const f of ["birthdate", "gender", ...PERSONAL_FIELDS]) if (rules[f]?.readOnly && v[f]) issue(f, "validation.readOnly");
      for (const [f, message] of [
        ["first_name", "validation.firstName"],
        ["middle_name", "validation.middleName"],
        ["last_name", "validation.lastName"],
      ] as const) {
        if (!on(f)) continue;
        if (!v[f]) {
          if (req(f)) issue(f, REQUIRED);
        } else if (!isValidName(v[f])) issue(f, message);
      }
      if (on("marital_status") && !["0", "1", "2", "3"].includes(v.marital_status)) {
        if (v.marital_status || req("marital_status")) issue("marital_status", REQUIRED);
      }
      if (on("ssn")) {
        const ssn = v.ssn.replace(/[\s-]/g, "");
        if (!ssn) {
          // An SSN already on file is never sent back to the page: leaving the box empty keeps it.
          if (req("ssn") && !options.ssnOnFile) issue("ssn", REQUIRED);
        } else if (!isValidSsn(ssn)) issue("ssn", "validation.ssn");
      }
      if (on("height_feet")) {
        if (!v.height_feet) {
          if (req("height_feet")) issue("height_feet", REQUIRED);
        } else if (!/^\d$/.test(v.height_feet) || v.height_feet === "0") issue("height_feet", "validation.heightZero");
      }
      if (on("height_inch")) {
        if (!v.height_inch) {
          if (req("height_inch")) issue("height_inch", REQUIRED);
        } else if (!/^\d{1,2}$/.test(v.height_inch) || Number(v.height_inch) > 11) issue("height_inch", "validation.inch");
      }
      if (on("weight")) {
        if (!v.weight) {
          if (req("weight")) issue("weight", REQUIRED);
        } else if (!/^\d{1,3}$/.test(v.weight) || Number(v.weight) <= 0) issue("weight", "validation.weight");
      }
      if (on("prior_coverage_flag")) {
        if (!["0", "1"].includes(v.prior_coverage_flag)) issue("prior_coverage_flag", REQUIRED);
        else if (v.prior_coverage_flag === "1") {
          // The prior carrier's details matter only when there was prior coverage.
          if (on("prior_carrier_name")) {
            if (!v.prior_carrier_name) issue("prior_carrier_name", REQUIRED);
            else if (v.prior_carrier_name.length > 100 || /[<>]/.test(v.prior_carrier_name)) issue("prior_carrier_name", "validation.carrierName");
          }
          const dates: Record<string, IsoDate | null> = {};
          for (const f of ["prior_effective_date", "prior_term_date"]) {
            if (!on(f)) continue;
            const iso = parseUsDate(v[f]);
            dates[f] = iso;
            if (!v[f]) issue(f, REQUIRED);
            else if (!iso) issue(f, "validation.invalidDate");
            else if (iso > today) issue(f, "validation.notAfterToday");
          }
          if (dates.prior_effective_date && dates.prior_term_date && dates.prior_term_date < dates.prior_effective_date) issue("prior_term_date", "validation.termBeforeEffective");
        }
      }
    })
    .transform((v) => {
      const keep = (f: string) => rules[f]?.shown && !rules[f]?.readOnly && v[f] !== "";
      const data: Record<string, string | number> = {};
      for (const f of ["first_name", "middle_name", "last_name", "prior_carrier_name"]) if (keep(f)) data[f] = v[f];
      for (const f of ["height_feet", "height_inch", "weight", "marital_status", "prior_coverage_flag"]) if (keep(f)) data[f] = Number(v[f]);
      for (const f of ["prior_effective_date", "prior_term_date"]) if (keep(f) && v.prior_coverage_flag === "1") data[f] = parseUsDate(v[f]) as string;
      if (v.prior_coverage_flag !== "1") delete data.prior_carrier_name;
      const ssn = keep("ssn") ? v.ssn.replace(/[\s-]/g, "") : null;
      return { data, ssn };
    });
}
export const personalValidator = (rules: FieldRules, today: IsoDate, options: { ssnOnFile?: boolean } = {}) => withZod(personalSchema(rules, today, options));

export const enrollerCodeSchema = z.object({
  enrollerCode: z.string({ required_error: "validation.enrollerCode" }).trim().min(1, "validation.enrollerCode").max(32, "validation.enrollerCode"),
});
export const enrollerCodeValidator = withZod(enrollerCodeSchema);
