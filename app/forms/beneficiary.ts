/**
 * One beneficiary, as the add and edit popups post it (enrollment-wizard §2.7, §5
 * "Beneficiary"). The fields come from the server's definitions; only shown ones are checked.
 * The list rules (at most 3, total 100) are checked by the server against the saved list.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { isValidSsn } from "~/domain/identity";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED, isValidName } from "./common";

export const BENEFICIARY_FIELDS = ["first_name", "middle_name", "last_name", "birthdate", "relationship", "ssn", "beneficiary_percentage"] as const;

const text = z.string().optional().transform((v) => (v ?? "").trim());

/** The percentage as typed: non-numeric characters are dropped (the box strips them too). */
export const percentageDigits = (input: string) => input.replace(/\D/g, "");
const ssnDigits = (input: string) => input.replace(/[\s-]/g, "");

// A type (not an interface) so it fits the forms' Record<string, unknown> validators.
export type BeneficiaryInput = {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** YYYY-MM-DD */
  birthdate: IsoDate;
  relationship: string;
  /** 9 digits, or null: none given (on edit, keep the one on file) */
  ssn: string | null;
  percentage: number;
};

export function beneficiarySchema(rules: FieldRules, relationshipValues: readonly string[], today: IsoDate, options: { ssnOnFile?: boolean } = {}) {
  const shape = Object.fromEntries(BENEFICIARY_FIELDS.map((f) => [f, text])) as Record<(typeof BENEFICIARY_FIELDS)[number], typeof text>;
  const on = (f: string) => Boolean(rules[f]?.shown && !rules[f]?.readOnly);
  const req = (f: string) => on(f) && Boolean(rules[f]?.required);
  return z
    .object(shape)
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
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
      if (on("relationship")) {
        if (!relationshipValues.includes(v.relationship)) {
          if (v.relationship || req("relationship")) issue("relationship", REQUIRED);
        }
      }
      if (on("birthdate")) {
        const iso = v.birthdate ? parseUsDate(v.birthdate) : null;
        if (!v.birthdate) {
          if (req("birthdate")) issue("birthdate", REQUIRED);
        } else if (!iso) issue("birthdate", "validation.invalidDate");
        else if (iso > today) issue("birthdate", "validation.futureDate");
      }
      if (on("ssn")) {
        const ssn = ssnDigits(v.ssn);
        if (!ssn) {
          // On edit the SSN on file is never sent back to the page: an empty box keeps it.
          if (req("ssn") && !options.ssnOnFile) issue("ssn", REQUIRED);
        } else if (ssn.length > 9 || !isValidSsn(ssn)) issue("ssn", "validation.ssn");
      }
      if (on("beneficiary_percentage")) {
        const digits = percentageDigits(v.beneficiary_percentage);
        if (!digits) {
          if (req("beneficiary_percentage")) issue("beneficiary_percentage", REQUIRED);
        } else if (digits.length > 3 || Number(digits) < 1 || Number(digits) > 100) issue("beneficiary_percentage", "validation.beneficiaryPercentage");
      }
    })
    .transform(
      (v): BeneficiaryInput => ({
        first_name: v.first_name,
        middle_name: on("middle_name") && v.middle_name ? v.middle_name : null,
        last_name: v.last_name,
        birthdate: parseUsDate(v.birthdate) ?? "",
        relationship: v.relationship,
        ssn: on("ssn") && ssnDigits(v.ssn) ? ssnDigits(v.ssn) : null,
        percentage: Number(percentageDigits(v.beneficiary_percentage) || "0"),
      }),
    );
}

export const beneficiaryValidator = (rules: FieldRules, relationshipValues: readonly string[], today: IsoDate, options: { ssnOnFile?: boolean } = {}) =>
  withZod(beneficiarySchema(rules, relationshipValues, today, options));
