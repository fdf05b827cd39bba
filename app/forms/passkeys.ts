/**
 * The name an operator gives a passkey (issue 27, ADR 025): what their account page lists it by,
 * "Work laptop", "Phone". Checked on the server before the ceremony starts and again when the
 * passkey is kept; the message is a translation key.
 */
import { z } from "zod";
import { requiredText } from "./common";

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = z.object({ name: requiredText(PASSKEY_NAME_MAX) });
