/** Signing in a rep or group admin with a code sent to them (issue 15). */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";

/** Where to send the code: one person on file and one of their channels, e.g. rep:1:email. */
export const DESTINATION = /^(rep|group_admin):[1-9][0-9]{0,9}:(email|phone)$/;

export const sendCodeSchema = z.object({
  destination: z
    .string({ required_error: "validation.chooseDestination", invalid_type_error: "validation.chooseDestination" })
    .regex(DESTINATION, "validation.chooseDestination"),
});
export const sendCodeValidator = withZod(sendCodeSchema);

/** The 6 digits, spaces forgiven (people copy "123 456"): every one-time code form's (~/components/form/CodeForm: staff, operators, invitations). */
export const signInCodeSchema = z.object({
  code: z
    .string({ required_error: "validation.otpRequired" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "validation.otpRequired")
        .regex(/^\d{6}$/, "validation.otpLength"),
    ),
});
export const signInCodeValidator = withZod(signInCodeSchema);
