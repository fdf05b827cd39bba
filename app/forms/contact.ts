/** Contact information and the one-time code form (enrollment-wizard §2.5, §5 "Contact"). */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { isValidEmail, phoneDigits } from "~/domain/identity";
import { REQUIRED } from "./common";

export const CONTACT_FIELDS = ["email", "phone_number", "address1", "address2", "city", "zip", "state", "birth_state", "birth_city"] as const;
const text = z.string().optional().transform((v) => (v ?? "").trim());

/** Address lines, cities: letters, digits and the usual punctuation; no markup. */
const PLAIN = /^[\p{L}\p{M}0-9 .,'#\-/&]+$/u;

export function contactSchema(rules: FieldRules) {
  const shape = Object.fromEntries([...CONTACT_FIELDS, "with_validation", "skip_validation_email", "skip_validation_phone"].map((f) => [f, text]));
  return z
    .object(shape as Record<string, typeof text>)
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const on = (f: string) => rules[f]?.shown ?? false;
      const req = (f: string) => rules[f]?.required ?? false;
      if (on("email")) {
        if (!v.email) req("email") && issue("email", REQUIRED);
        else if (!isValidEmail(v.email)) issue("email", "validation.emailFormat");
      }
      if (on("phone_number")) {
        if (!v.phone_number) req("phone_number") && issue("phone_number", REQUIRED);
        else if (!/^\d{10}$/.test(phoneDigits(v.phone_number))) issue("phone_number", "validation.phoneFormat");
      }
      for (const f of ["address1", "address2", "city", "birth_city"]) {
        if (!on(f)) continue;
        if (!v[f]) req(f) && issue(f, REQUIRED);
        else if (v[f].length > 100 || !PLAIN.test(v[f])) issue(f, "validation.plainText");
      }
      if (on("zip")) {
        if (!v.zip) req("zip") && issue("zip", REQUIRED);
        else if (!/^\d{5}$/.test(v.zip)) issue("zip", "validation.zipFormat");
      }
      for (const f of ["state", "birth_state"]) {
        if (!on(f)) continue;
        if (!v[f]) req(f) && issue(f, REQUIRED);
        else if (!/^[A-Za-z]{2}$/.test(v[f])) issue(f, "validation.state");
      }
    })
    .transform((v) => ({
      email: v.email.toLowerCase(),
      phone_number: phoneDigits(v.phone_number),
      address1: v.address1,
      address2: v.address2,
      city: v.city,
      zip: v.zip,
      state: v.state.toUpperCase(),
      birth_state: v.birth_state.toUpperCase(),
      birth_city: v.birth_city,
      with_validation: v.with_validation === "1" ? 1 : 0,
      skip_validation_email: v.skip_validation_email === "1" ? 1 : 0,
      skip_validation_phone: v.skip_validation_phone === "1" ? 1 : 0,
    }));
}
export const contactValidator = (rules: FieldRules) => withZod(contactSchema(rules));
export type ContactInput = z.output<ReturnType<typeof contactSchema>>;

export const otpSchema = z.object({
  otp: z
    .string({ required_error: "validation.otpRequired" })
    .trim()
    .min(1, "validation.otpRequired")
    .regex(/^\d{6}$/, "validation.otpLength"),
});
export const otpValidator = withZod(otpSchema);
