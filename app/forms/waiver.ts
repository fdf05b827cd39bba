/**
 * Declining coverage (issue 28): a reason from the fixed list, and a few words when it is "other".
 * The same schema for the employee's invitation page and the admin's page for an employee.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { WAIVER_REASONS, WAIVER_TEXT_MAX } from "~/domain/employer-progress";

export const waiverSchema = z
  .object({
    reason: z.enum(WAIVER_REASONS, { errorMap: () => ({ message: "waiver.reasonRequired" }) }),
    otherText: z.string().trim().max(WAIVER_TEXT_MAX, "waiver.textTooLong").optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.otherText) ctx.addIssue({ code: "custom", path: ["otherText"], message: "waiver.textRequired" });
  });
export const waiverValidator = withZod(waiverSchema);
