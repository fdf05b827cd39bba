/** Forms shared by the wizard's steps. */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { email } from "./rules";

/** The one e-mail rule (forms/rules.ts), in the save-for-later wording. */
const saveLaterEmail = email("validation.saveLaterEmail");

export const saveLaterSchema = z.object({
  email: z
    .string({ required_error: "validation.saveLaterEmail" })
    .trim()
    .refine((v) => saveLaterEmail(v) === null, "validation.saveLaterEmail"),
});
export const saveLaterValidator = withZod(saveLaterSchema);

export const continueSchema = z.object({
  code: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(20, "validation.resumeCodeFormat")
    .refine((v) => /^[A-Za-z0-9-\s]{10,20}$/.test(v), "validation.resumeCodeFormat"),
  email: z
    .string({ required_error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => saveLaterEmail(v) === null, "validation.saveLaterEmail"),
});
export const continueValidator = withZod(continueSchema);
