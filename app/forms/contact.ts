/** Contact information and the one-time code form (enrollment-wizard §2.5, §5 "Contact"). */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import { phoneDigits } from "~/domain/identity";
import { addressRules, definedFields, email, phone, plainText, postedText, state } from "./rules";

export const CONTACT_FIELDS = [
  "email",
  "phone_number",
  "address1",
  "address2",
  "city",
  "zip",
  "state",
  "birth_state",
  "birth_city",
] as const;
const address = addressRules();

export function contactSchema(rules: FieldRules) {
  const shape = Object.fromEntries(
    [...CONTACT_FIELDS, "with_validation", "skip_validation_email", "skip_validation_phone"].map((f) => [f, postedText]),
  );
  // The contact step checks a read-only field as posted (and saves it), as it always has.
  const { checker } = definedFields(rules, { editableReadOnly: true });
  return z
    .object(shape as Record<string, typeof postedText>)
    .superRefine((v, ctx) => {
      const { check, checkEach } = checker(ctx);
      check("email", v.email, email());
      check("phone_number", v.phone_number, phone());
      checkEach(address, v, ["address1", "address2", "city"]);
      check("birth_city", v.birth_city, plainText());
      // the ZIP before the state, as on the page: a ZIP fills in its state
      checkEach(address, v, ["zip", "state"]);
      check("birth_state", v.birth_state, state());
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
