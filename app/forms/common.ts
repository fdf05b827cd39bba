/** Building blocks for the zod schemas. Messages are translation keys (see public/locales). */
import { z } from "zod";

export const REQUIRED = "validation.required";

/** A required text field: trimmed, 'Field is required' when empty, capped in length. */
export function requiredText(max = 200, tooLong = "validation.tooLong") {
  return z.string({ required_error: REQUIRED, invalid_type_error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong);
}

/** How long a person's name may be unless the field says otherwise. */
export const NAME_MAX = 50;

/** A person's name: letters of any language with their accents, then letters, spaces, apostrophes (' ’), hyphens, periods. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} '\u2019.-]*$/u;
/** An organization's name may also hold digits and & , ( ) /, and starts with a letter or a digit. */
const ORGANIZATION_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '\u2019.,&()/-]*$/u;

/**
 * The one rule for a name, wherever one is typed: personal, beneficiary and dependent names,
 * the names on a card, the account holder, the broker or applicant verification, Save Cart,
 * the employer. Real names pass — John O'Neil, O’Neil, Jean-Luc, St. John, José, Peña, Zoë,
 * Nguyễn; empty or blank names, digits only, and symbols such as < > { } @ never do.
 * A "person" has no digits; an "organization" (an employer, a company that holds the
 * account) may have digits and & , ( ) / as well, but still needs a letter. Surrounding
 * spaces do not count; `max` caps the trimmed length.
 */
export function isValidName(input: string, kind: "person" | "organization" = "person", max = NAME_MAX): boolean {
  const name = input.trim();
  if (!name || name.length > max) return false;
  if (kind === "person") return PERSON_NAME.test(name);
  return ORGANIZATION_NAME.test(name) && /\p{L}/u.test(name);
}

/** A choice among fixed values with one message when missing or tampered. */
export function choice<T extends [string, ...string[]]>(values: T, message = REQUIRED) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/** A positive integer id posted by a form (a select or radio value). */
export function idField(message = REQUIRED) {
  return z.coerce.number({ invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message);
}

/**
 * Validation messages travel as translation keys, optionally with values:
 * `validation.required` or `validation.beneficiaryTotalLow::{"n":80}`.
 */
export function messageKey(key: string, values?: Record<string, string | number>) {
  return values ? `${key}::${JSON.stringify(values)}` : key;
}
