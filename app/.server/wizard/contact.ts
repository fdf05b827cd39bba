/**
 * The contact step's server rules (enrollment-wizard §2.5, §4, §8): the state follows the ZIP;
 * an address already used by another member is refused; one the checks cannot reach is
 * flagged, and then must be verified by a code or knowingly skipped.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import type { ContactInput } from "~/forms/contact";
import { zipLookup } from "../adapters/zip";
import { checkEmail, checkPhone } from "../adapters/contact-check";
import { contactTakenByOtherMember } from "../repositories/members";
import { isContactHash } from "./contact-codes";
import type { ContactData } from "./step-data";

export type { ContactData } from "./step-data";

export interface ContactFlags {
  email: boolean;
  phone: boolean;
}

export type ContactCheckResult = { ok: true; data: ContactData } | { ok: false; fieldErrors: Record<string, string>; flags: ContactFlags };

export async function checkContact(services: Services, enrollment: Enrollment, input: ContactInput, verified: ContactData["verified"]): Promise<ContactCheckResult> {
  const fieldErrors: Record<string, string> = {};
  const flags: ContactFlags = { email: false, phone: false };
  let state = input.state;
  if (input.zip) {
    const zipState = zipLookup.stateFor(input.zip);
    if (!zipState) {
      fieldErrors.zip = "validation.zipInvalid";
      state = "";
    } else state = zipState; // the state follows the ZIP (filled and locked in the form)
  }
  if (input.email) {
    if (await contactTakenByOtherMember(services.db, "email", input.email, enrollment.member_id)) fieldErrors.email = "validation.emailExists";
    else if (checkEmail(input.email) !== "ok" && !isContactHash(services, "email", input.email, verified.email)) {
      flags.email = true;
      if (!input.skip_validation_email) fieldErrors.email = "validation.emailUnverified";
    }
  }
  if (input.phone_number) {
    if (await contactTakenByOtherMember(services.db, "phone", input.phone_number, enrollment.member_id)) fieldErrors.phone_number = "validation.phoneExists";
    else if (checkPhone(input.phone_number) !== "ok" && !isContactHash(services, "phone", input.phone_number, verified.phone)) {
      flags.phone = true;
      if (!input.skip_validation_phone) fieldErrors.phone_number = "validation.phoneUnverified";
    }
  }
  const data: ContactData = { ...input, state, verified: keepVerified(services, input, verified) };
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors, flags } : { ok: true, data };
}

/** A verification holds only for the value that was verified. */
export function keepVerified(services: Services, input: Pick<ContactInput, "email" | "phone_number">, verified: ContactData["verified"]) {
  return {
    ...(verified.email && isContactHash(services, "email", input.email, verified.email) ? { email: verified.email } : {}),
    ...(verified.phone && isContactHash(services, "phone", input.phone_number, verified.phone) ? { phone: verified.phone } : {}),
  };
}
