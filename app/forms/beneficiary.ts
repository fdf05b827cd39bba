/**
 * One beneficiary, as the add and edit popups post it (enrollment-wizard §2.7, §5
 * "Beneficiary"). The fields come from the server's definitions; only shown ones are checked.
 * The list rules (at most 3, total 100) are checked by the server against the saved list.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED } from "./common";
import { NAME_FIELDS, definedFields, nameRules, postedText, ssnDigits, usDate } from "./rules";

export const BENEFICIARY_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "birthdate",
  "relationship",
  "ssn",
  "beneficiary_percentage",
] as const;

/** The percentage as typed: non-numeric characters are dropped (the box strips them too). */
export const percentageDigits = (input: string) => input.replace(/\D/g, "");

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

const names = nameRules();

export function beneficiarySchema(
  rules: FieldRules,
  relationshipValues: readonly string[],
  today: IsoDate,
  options: { ssnOnFile?: boolean } = {},
) {
  const shape = Object.fromEntries(BENEFICIARY_FIELDS.map((f) => [f, postedText])) as Record<
    (typeof BENEFICIARY_FIELDS)[number],
    typeof postedText
  >;
  const { on, req, checker } = definedFields(rules);
  return z
    .object(shape)
    .superRefine((v, ctx) => {
      const { issue, check, checkEach, checkSsn } = checker(ctx);
      checkEach(names, v, NAME_FIELDS);
      if (on("relationship") && !relationshipValues.includes(v.relationship)) {
        if (v.relationship || req("relationship")) issue("relationship", REQUIRED);
      }
      check("birthdate", v.birthdate, usDate(today));
      // On edit the SSN on file is never sent back to the page: an empty box keeps it.
      checkSsn(v.ssn, options.ssnOnFile);
      check("beneficiary_percentage", percentageDigits(v.beneficiary_percentage), (d) =>
        d.length > 3 || Number(d) < 1 || Number(d) > 100 ? "validation.beneficiaryPercentage" : null,
      );
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

export const beneficiaryValidator = (
  rules: FieldRules,
  relationshipValues: readonly string[],
  today: IsoDate,
  options: { ssnOnFile?: boolean } = {},
) => withZod(beneficiarySchema(rules, relationshipValues, today, options));
