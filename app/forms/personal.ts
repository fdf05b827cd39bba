/**
 * Personal information (enrollment-wizard §2.4, §5 "Personal"). The fields come from the
 * server's definitions: only shown fields are checked, and read-only ones must not be posted.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED } from "./common";
import { BUILD_FIELDS, NAME_FIELDS, buildRules, definedFields, nameRules, postedText, ssnDigits, usDate } from "./rules";

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

const names = nameRules();
const build = buildRules();

export function personalSchema(rules: FieldRules, today: IsoDate, options: { ssnOnFile?: boolean } = {}) {
  const shape = Object.fromEntries([...PERSONAL_FIELDS, "birthdate", "gender"].map((f) => [f, postedText])) as Record<
    string,
    typeof postedText
  >;
  const { on, req, readOnly, checker } = definedFields(rules);
  return z
    .object(shape)
    .superRefine((v, ctx) => {
      const { issue, check, checkEach, checkSsn } = checker(ctx);
      // Read-only fields are shown, never taken from the form: posting one is tampering.
      for (const f of ["birthdate", "gender", ...PERSONAL_FIELDS]) if (readOnly(f) && v[f]) issue(f, "validation.readOnly");
      checkEach(names, v, NAME_FIELDS);
      if (on("marital_status") && !["0", "1", "2", "3"].includes(v.marital_status)) {
        if (v.marital_status || req("marital_status")) issue("marital_status", REQUIRED);
      }
      checkSsn(v.ssn, options.ssnOnFile);
      checkEach(build, v, BUILD_FIELDS);
      if (on("prior_coverage_flag")) {
        if (!["0", "1"].includes(v.prior_coverage_flag)) issue("prior_coverage_flag", REQUIRED);
        else if (v.prior_coverage_flag === "1") {
          // The prior carrier's details matter only when there was prior coverage.
          check("prior_carrier_name", v.prior_carrier_name, (s) => (s.length > 100 || /[<>]/.test(s) ? "validation.carrierName" : null), {
            required: true,
          });
          const dates: Record<string, IsoDate | null> = {};
          for (const f of ["prior_effective_date", "prior_term_date"]) {
            if (!on(f)) continue;
            dates[f] = parseUsDate(v[f]);
            check(f, v[f], usDate(today, "validation.notAfterToday"), { required: true });
          }
          if (dates.prior_effective_date && dates.prior_term_date && dates.prior_term_date < dates.prior_effective_date)
            issue("prior_term_date", "validation.termBeforeEffective");
        }
      }
    })
    .transform((v) => {
      const keep = (f: string) => on(f) && v[f] !== "";
      const data: Record<string, string | number> = {};
      for (const f of ["first_name", "middle_name", "last_name", "prior_carrier_name"]) if (keep(f)) data[f] = v[f];
      for (const f of ["height_feet", "height_inch", "weight", "marital_status", "prior_coverage_flag"])
        if (keep(f)) data[f] = Number(v[f]);
      for (const f of ["prior_effective_date", "prior_term_date"])
        if (keep(f) && v.prior_coverage_flag === "1") data[f] = parseUsDate(v[f]) as string;
      if (v.prior_coverage_flag !== "1") delete data.prior_carrier_name;
      return { data, ssn: keep("ssn") ? ssnDigits(v.ssn) : null };
    });
}
export const personalValidator = (rules: FieldRules, today: IsoDate, options: { ssnOnFile?: boolean } = {}) =>
  withZod(personalSchema(rules, today, options));

export const enrollerCodeSchema = z.object({
  enrollerCode: z
    .string({ required_error: "validation.enrollerCode" })
    .trim()
    .min(1, "validation.enrollerCode")
    .max(32, "validation.enrollerCode"),
});
export const enrollerCodeValidator = withZod(enrollerCodeSchema);
