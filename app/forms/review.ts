import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";

export const reviewSchema = z.object({
  additional_notes: z
    .string()
    .trim()
    .max(1000, "validation.notesTooLong")
    .refine((v) => !/[<>]/.test(v), "validation.plainText")
    .optional()
    .transform((v) => (v ? v : null)),
  send_sms: z
    .string()
    .optional()
    .transform((v) => v === "1"),
});
export const reviewValidator = withZod(reviewSchema);
