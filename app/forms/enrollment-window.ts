/**
 * A group's enrollment windows and termination rule, set by its admin (issue 28): open enrollment
 * from one date to another (both or neither), the new-hire window in days, and how coverage ends.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { parseUsDate } from "~/domain/dates";
import { usDate } from "./rules";
import { NEW_HIRE_DAYS_MAX } from "~/domain/enrollment-window";
import { COVERAGE_END_RULES } from "~/domain/roster";

const date = z
  .string()
  .trim()
  .max(10, "windows.dateInvalid")
  // the one date rule (forms/rules.ts), in this form's wording
  .refine((s) => s === "" || usDate()(s) === null, "windows.dateInvalid");

export const windowSchema = z
  .object({
    openEnrollmentStart: date.optional().default(""),
    openEnrollmentEnd: date.optional().default(""),
    newHireDays: z
      .string({ required_error: "windows.daysInvalid" })
      .trim()
      .regex(/^\d{1,3}$/, "windows.daysInvalid")
      .transform(Number)
      .refine((n) => n <= NEW_HIRE_DAYS_MAX, "windows.daysInvalid"),
    coverageEndRule: z.enum(COVERAGE_END_RULES, { errorMap: () => ({ message: "windows.ruleRequired" }) }),
  })
  .superRefine((v, ctx) => {
    const start = v.openEnrollmentStart ? parseUsDate(v.openEnrollmentStart) : null;
    const end = v.openEnrollmentEnd ? parseUsDate(v.openEnrollmentEnd) : null;
    if (v.openEnrollmentStart && !v.openEnrollmentEnd)
      ctx.addIssue({ code: "custom", path: ["openEnrollmentEnd"], message: "windows.bothDates" });
    if (v.openEnrollmentEnd && !v.openEnrollmentStart)
      ctx.addIssue({ code: "custom", path: ["openEnrollmentStart"], message: "windows.bothDates" });
    if (start && end && end < start) ctx.addIssue({ code: "custom", path: ["openEnrollmentEnd"], message: "windows.endBeforeStart" });
    if (start && end && Date.parse(end) - Date.parse(start) > 365 * 24 * 3600 * 1000)
      ctx.addIssue({ code: "custom", path: ["openEnrollmentEnd"], message: "windows.tooLong" });
  });
export const windowValidator = withZod(windowSchema);
