/**
 * What a visitor adds to a quote already made: gender and tobacco (/new-landing, step 2);
 * salary, working hours and tobacco (the plan page). Repricing the cart is the caller's part.
 */
import type { Services } from "../services";
import type { EnrollmentUpdate } from "../db/schema";
import { updateEnrollment } from "../repositories/enrollments";

export type QuoteDetails = Pick<EnrollmentUpdate, "gender" | "is_smoker" | "annual_income" | "working_hours">;

export async function saveQuoteDetails(services: Services, enrollmentId: number, values: QuoteDetails) {
  await updateEnrollment(services.db, enrollmentId, values, services.now());
}
