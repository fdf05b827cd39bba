/**
 * A cell of a file people open in a spreadsheet (the roster, the enrollment progress, the carrier
 * CSV): a value starting with =, + , - or @ would run as a formula (CSV injection), and so would
 * one after a leading tab or carriage return, which some spreadsheets skip. Such a value is written
 * as text, prefixed with an apostrophe; every other value as it is.
 */
export function formulaSafe(value: string | null | undefined): string {
  const v = value ?? "";
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}
