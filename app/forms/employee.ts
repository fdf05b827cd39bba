/**
 * One employee on a group's roster, added or edited by the group's admin (issue 28): the same
 * rules as a census row (app/domain/roster.ts), each problem beside its field. Termination has
 * its own form (a date); the status here is active or on leave.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { checkEmployee, type EmployeeRecord } from "~/domain/roster";
import { messageKey } from "./common";
import { usDate } from "./rules";

export const EMPLOYEE_FORM_FIELDS = [
  "employeeRef",
  "firstName",
  "lastName",
  "birthdate",
  "gender",
  "email",
  "phone",
  "ssn",
  "hireDate",
  "status",
  "employmentClass",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
] as const;

const text = z.string().max(200, "validation.tooLong").optional().default("");

export function employeeSchema(today: string) {
  return z
    .object(Object.fromEntries(EMPLOYEE_FORM_FIELDS.map((f) => [f, text])) as Record<(typeof EMPLOYEE_FORM_FIELDS)[number], typeof text>)
    .transform((raw, ctx): EmployeeRecord => {
      const status = raw.status === "leave" ? "leave" : "active";
      // the form's radios post 0 (male) and 1 (female), as the store's other forms do
      const gender = raw.gender === "0" ? "M" : raw.gender === "1" ? "F" : raw.gender;
      const { record, problems } = checkEmployee({ ...raw, status, gender }, today);
      for (const p of problems)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [p.field],
          message: messageKey(`employees.problem.${p.problem}`, { value: p.value }),
        });
      return record ?? (z.NEVER as never);
    });
}
export const employeeValidator = (today: string) => withZod(employeeSchema(today));

/** A termination: its date (mm/dd/yyyy). */
export const terminationSchema = z.object({
  terminationDate: z
    .string({ required_error: "employees.terminationDateInvalid" })
    .trim()
    // the one date rule (forms/rules.ts), in this form's wording
    .refine((s) => usDate()(s) === null, "employees.terminationDateInvalid"),
});
export const terminationValidator = withZod(terminationSchema);
