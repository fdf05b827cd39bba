/**
 * Employer information (enrollment-wizard §2.6, §3 "Employer info", §5 "Employer"). The fields
 * come from the server's definitions: only shown fields are checked, and every problem is found
 * in one pass so the page shows them all at once. The choice lists are the server's options.
 *
 * Holiday policy checkboxes post as `holiday_policy.<Option>=1` (one named field per option):
 * remix-validated-form turns the dotted names into `{ holiday_policy: { Standard_6: "1" } }` on
 * the client and on the server alike, a plain form post without JavaScript sends the same names,
 * and the group's error sits on `holiday_policy`. A repeated `holiday_policy=<Option>` field is
 * read too (a string, or an array when several are ticked).
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { phoneDigits } from "~/domain/identity";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED } from "./common";
import { addressRules, definedFields, organizationName, phone, plainText, postedText, usDate } from "./rules";

/** The text inputs (holiday_policy and the checkboxes are read separately). */
export const EMPLOYER_FIELDS = [
  "name",
  "phone",
  "address1",
  "address2",
  "city",
  "zip",
  "state",
  "average_work_week",
  "employment_start_date",
  "occupation",
  "compensation_type",
  "employment_status",
  "emp_industry",
  "emp_num_employed",
  "emp_vac_policy",
  "emp_barg_unit",
] as const;

/** Fields answered by choosing one of the server's options. */
export const EMPLOYER_CHOICE_FIELDS = [
  "average_work_week",
  "compensation_type",
  "employment_status",
  "emp_industry",
  "emp_vac_policy",
  "emp_barg_unit",
] as const;
export type EmployerChoiceField = (typeof EMPLOYER_CHOICE_FIELDS)[number];

/** Which option list feeds which field (options.list_key). */
export const EMPLOYER_OPTION_LISTS: Record<EmployerChoiceField | "holiday_policy", string> = {
  average_work_week: "average_work_week",
  compensation_type: "compensation_type",
  employment_status: "employment_status",
  emp_industry: "employer_industry",
  emp_vac_policy: "vacation_policy",
  emp_barg_unit: "bargaining_unit",
  holiday_policy: "holiday_policy",
};

/** The allowed values of each choice, holiday policies included. */
export type EmployerChoices = Record<EmployerChoiceField | "holiday_policy", readonly string[]>;

/** Employment status R (retired) blocks progress (§4). */
export const RETIRED = "R";
export const MAX_EMPLOYEES = 1_000_000;

type TextKey = (typeof EMPLOYER_FIELDS)[number] | "with_validation" | "intent";
/** Anything: the holiday policy arrives as an object, a string or an array (see above). */
const loose = z.unknown().optional();
const address = addressRules();

/** The ticked holiday options, whichever way the form posted them. */
export function tickedHolidays(raw: unknown, allowed: readonly string[]): string[] {
  let ticked: string[] = [];
  if (typeof raw === "string") ticked = [raw];
  else if (Array.isArray(raw)) ticked = raw.filter((v): v is string => typeof v === "string");
  else if (raw && typeof raw === "object")
    ticked = Object.entries(raw as Record<string, unknown>)
      .filter(([, v]) => v === "1" || v === 1 || v === true || (Array.isArray(v) && v.includes("1")))
      .map(([k]) => k);
  return allowed.filter((a) => ticked.includes(a));
}

export function employerSchema(rules: FieldRules, today: IsoDate, choices: EmployerChoices) {
  const shape = Object.fromEntries([...EMPLOYER_FIELDS, "with_validation", "intent"].map((f) => [f, postedText])) as Record<
    TextKey,
    typeof postedText
  >;
  const { on, req, checker } = definedFields(rules);
  return z
    .object({ ...shape, holiday_policy: loose })
    .superRefine((v, ctx) => {
      // Skip (IHA plans only; the server decides) saves nothing typed, so nothing is checked.
      if (v.intent === "skip") return;
      const { issue, check, checkEach } = checker(ctx);
      check("name", v.name, organizationName("validation.employerName"));
      check("phone", v.phone, phone());
      checkEach(address, v, ["address1", "address2", "city"]);
      check("occupation", v.occupation, plainText());
      // the ZIP before the state, as on the page: a ZIP fills in its state
      checkEach(address, v, ["zip", "state"]);
      for (const f of EMPLOYER_CHOICE_FIELDS) {
        if (!on(f)) continue;
        // A missing or tampered choice is simply not chosen.
        if (!choices[f].includes(v[f])) {
          if (v[f] || req(f)) issue(f, REQUIRED);
        } else if (f === "employment_status" && v[f] === RETIRED) issue(f, "validation.retiredEmployer");
      }
      check("employment_start_date", v.employment_start_date, usDate(today));
      if (on("emp_num_employed")) {
        const count = v.emp_num_employed.replace(/[,\s]/g, "");
        if (!count) req("emp_num_employed") && issue("emp_num_employed", REQUIRED);
        else if (!/^\d{1,7}$/.test(count) || Number(count) < 1 || Number(count) > MAX_EMPLOYEES)
          issue("emp_num_employed", "validation.employeeCount");
      }
      if (req("holiday_policy") && tickedHolidays(v.holiday_policy, choices.holiday_policy).length === 0)
        issue("holiday_policy", "validation.holidayPolicy");
    })
    .transform((v) => {
      const keep = (f: TextKey) => on(f) && v[f] !== "";
      const data: EmployerData = {};
      for (const f of ["name", "address1", "address2", "city", "zip", "occupation", ...EMPLOYER_CHOICE_FIELDS] as const)
        if (keep(f)) data[f] = v[f];
      if (keep("phone")) data.phone = phoneDigits(v.phone);
      if (keep("state")) data.state = v.state.toUpperCase();
      if (keep("employment_start_date")) data.employment_start_date = parseUsDate(v.employment_start_date) ?? "";
      if (keep("emp_num_employed")) data.emp_num_employed = Number(v.emp_num_employed.replace(/[,\s]/g, ""));
      if (on("with_validation")) data.with_validation = v.with_validation === "1" ? 1 : 0;
      if (on("holiday_policy")) {
        const ticked = tickedHolidays(v.holiday_policy, choices.holiday_policy);
        data.holiday_policy = Object.fromEntries(choices.holiday_policy.map((h) => [h, ticked.includes(h) ? 1 : 0]));
      }
      return data;
    });
}
export const employerValidator = (rules: FieldRules, today: IsoDate, choices: EmployerChoices) =>
  withZod(employerSchema(rules, today, choices));

/** What the step stores (JSON): only shown fields; dates ISO; the holiday policy as numeric flags. */
export interface EmployerData extends Record<string, unknown> {
  name?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  with_validation?: number;
  average_work_week?: string;
  employment_start_date?: IsoDate;
  occupation?: string;
  compensation_type?: string;
  employment_status?: string;
  emp_industry?: string;
  emp_num_employed?: number;
  emp_vac_policy?: string;
  emp_barg_unit?: string;
  /** Standard_6, Presendents_Day, Columbus_Day, Religious_Days, Birthday, Floating_Day: 1 or 0 */
  holiday_policy?: Record<string, number>;
}
