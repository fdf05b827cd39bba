/**
 * The signer of a signature link confirms who they are with their date of birth (ADR 005
 * addendum): mm/dd/yyyy, the date rules and messages of the wizard's dates of birth (required, a
 * real date, not in the future). Whether it is theirs is the server's answer alone.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { parseUsDate, type IsoDate } from "~/domain/dates";
import { REQUIRED } from "./common";
import { postedText, usDate } from "./rules";

export const SIGN_DOB_FIELD = "dob";

export function signDobSchema(today: IsoDate) {
  return z
    .object({ [SIGN_DOB_FIELD]: postedText })
    .superRefine((v, ctx) => {
      const dob = v[SIGN_DOB_FIELD] ?? "";
      const problem = dob ? usDate(today)(dob) : REQUIRED;
      if (problem) ctx.addIssue({ code: "custom", path: [SIGN_DOB_FIELD], message: problem });
    })
    .transform((v) => ({ birthdate: parseUsDate(v[SIGN_DOB_FIELD] ?? "") as IsoDate }));
}
export const signDobValidator = (today: IsoDate) => withZod(signDobSchema(today));
