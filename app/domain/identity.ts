/** Shape checks for personal identifiers and contact details (enrollment-wizard §5). */

/**
 * A real SSN shape: 9 digits; area not 000, 666 or 900–999; group not 00; serial not 0000.
 * (The numbers SSA never issues, plus the famous Woolworth wallet card.)
 */
export function isValidSsn(input: string): boolean {
  const ssn = input.replace(/[\s-]/g, "");
  if (!/^\d{9}$/.test(ssn)) return false;
  const area = Number(ssn.slice(0, 3));
  const group = ssn.slice(3, 5);
  const serial = ssn.slice(5);
  if (area === 0 || area === 666 || area >= 900) return false;
  if (group === "00" || serial === "0000") return false;
  return ssn !== "078051120";
}

/**
 * XXX-XX-1234: the only form an SSN takes on a screen or in a record, from the last four on file
 * or from a whole SSN (dashes or not); "" when the value is neither.
 */
export function maskSsn(value: string | null | undefined) {
  const v = (value ?? "").trim();
  return /^\d{4}$/.test(v) || /^\d{3}-?\d{2}-?\d{4}$/.test(v) ? `XXX-XX-${v.slice(-4)}` : "";
}

export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

export function isValidEmail(email: string) {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** 10 digits (punctuation allowed while typing; stored as digits). */
export function phoneDigits(input: string) {
  const digits = input.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
