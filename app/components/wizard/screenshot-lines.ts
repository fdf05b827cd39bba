/**
 * What a step's screenshot may show of a field (StepScreenshot): a card's security code never,
 * not even masked (PCI DSS: it is not kept after authorisation, encrypted or not); another
 * sensitive field (SSN, card and account numbers, routing number, codes, signatures, health
 * answers) at most its last four digits, and only when it has enough digits that four give
 * nothing away (a 3- or 4-digit code masked "by its last four" is the whole code). Pure.
 */

/** Never drawn. */
const NEVER = /security_code|cvv|cvc/i;
/** Drawn masked. */
const SENSITIVE = /ssn|account|card|security|routing|otp|signature|code|answer/i;
/** Fewer digits than this: nothing of the value is drawn. */
const MIN_DIGITS_FOR_LAST_FOUR = 8;

export const SCREENSHOT_MASK = "••••";

/** The value as the screenshot draws it, or null when the field is left out of the picture. */
export function screenshotValue(name: string, value: string): string | null {
  if (NEVER.test(name)) return null;
  if (!value || !SENSITIVE.test(name)) return value;
  const digits = value.replace(/\D/g, "");
  return digits.length >= MIN_DIGITS_FOR_LAST_FOUR ? `${SCREENSHOT_MASK} ${digits.slice(-4)}` : SCREENSHOT_MASK;
}
