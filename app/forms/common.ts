/** Building blocks for the zod schemas. Messages are translation keys (see public/locales). */
import { z } from "zod";

export const REQUIRED = "validation.required";

/** A required text field: trimmed, 'Field is required' when empty, capped in length. */
export function requiredText(max = 200, tooLong = "validation.tooLong") {
  return z.string({ required_error: REQUIRED, invalid_type_error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong);
}

export function optionalText(max = 200, tooLong = "validation.tooLong") {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** A choice among fixed values with one message when missing or tampered. */
export function choice<T extends [string, ...string[]]>(values: T, message = REQUIRED) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/** A positive integer id posted by a form (a select or radio value). */
export function idField(message = REQUIRED) {
  return z.coerce.number({ invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message);
}
