/**
 * A rep's or group admin's cancellation of one plan of a member's enrollment (issue 29): which
 * plan, and the day its coverage ends (MM/DD/YYYY). The rules that need the enrollment (the plan
 * is on it and still open, the day is not before the plan began) are the use case's.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { idField } from "./common";
import { usDate } from "./rules";

export const planCancelSchema = z.object({
  planId: idField("planCancel.choosePlan"),
  endDate: z
    .string({ required_error: "planCancel.endDateInvalid" })
    .trim()
    .refine((s) => usDate()(s) === null, "planCancel.endDateInvalid"),
});
export type PlanCancelInput = z.infer<typeof planCancelSchema>;
export const planCancelValidator = withZod(planCancelSchema);
