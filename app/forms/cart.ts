/** Forms of the cart: Save Cart (quote by e-mail), the effective date, removing a line. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { personName } from "./rules";

/** A practical e-mail check: one @, a dot in the domain, no spaces or angle brackets. */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

export const saveCartSchema = z.object({
  name: z
    .string({ required_error: "validation.validName" })
    .trim()
    .min(1, "validation.validName")
    .superRefine((name, ctx) => {
      const problem = personName("validation.validName", 100)(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  email: z
    .string({ required_error: "validation.validEmail" })
    .trim()
    .min(1, "validation.validEmail")
    .max(254, "validation.validEmail")
    .regex(EMAIL, "validation.validEmail"),
  message: z
    .string()
    .trim()
    .max(1000, "validation.messageTooLong")
    .optional()
    .transform((v) => (v ? v : null)),
  /** the quote carries the comparison of the plans chosen to compare (issue 18) */
  includeComparison: z
    .enum(["1"], { errorMap: () => ({ message: "validation.includeComparison" }) })
    .optional()
    .transform((v) => v === "1"),
});
export const saveCartValidator = withZod(saveCartSchema);

export const effectiveDateSchema = z.object({
  effectiveDate: z
    .string({ required_error: "validation.effectiveDate" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.effectiveDate"),
});
export const effectiveDateValidator = withZod(effectiveDateSchema);
