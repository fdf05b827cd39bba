/** Forms of the plan page: salary and working hours, tobacco use, eligibility and health answers. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { choice, REQUIRED } from "./common";

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ required_error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(12, message)
    .transform((v) => v.replace(/[$,\s]/g, ""))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, message)
    .transform(Number);

/** Annual salary in whole dollars; working hours per week when the plan asks for them. */
export function salarySchema(askHours: boolean) {
  return z.object({
    annualIncome: wholeNumber("validation.salary", 1, 10_000_000),
    workingHours: askHours
      ? wholeNumber("validation.hours", 1, 168)
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
}
export const salaryValidator = (askHours: boolean) => withZod(salarySchema(askHours));

export const tobaccoSchema = z.object({ smoker: choice(["0", "1"], "validation.chooseTobacco").transform(Number) });
export const tobaccoValidator = withZod(tobaccoSchema);

export interface QuestionRef {
  id: number;
  true_condition: number;
}

/** Every question needs an answer; those whose true_condition is 1 need Yes. */
export function eligibilitySchema(questions: QuestionRef[]) {
  return z.object(Object.fromEntries(questions.map((q) => [`q${q.id}`, z.string().optional()]))).superRefine((v, ctx) => {
    for (const q of questions) {
      const a = v[`q${q.id}`];
      if (a !== "1" && a !== "0") ctx.addIssue({ code: "custom", path: [`q${q.id}`], message: "validation.answerAll" });
      else if (q.true_condition === 1 && a === "0") ctx.addIssue({ code: "custom", path: [`q${q.id}`], message: "validation.answerYes" });
    }
  });
}
export const eligibilityValidator = (questions: QuestionRef[]) => withZod(eligibilitySchema(questions));

/** Enroll-Now health questions: 'Please answer all questions'. */
export function enrollAnswersSchema(questions: QuestionRef[]) {
  return z.object(Object.fromEntries(questions.map((q) => [`q${q.id}`, choice(["1", "0"], "validation.answerAllQuestions")])));
}
export const enrollAnswersValidator = (questions: QuestionRef[]) => withZod(enrollAnswersSchema(questions));
