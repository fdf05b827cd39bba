/**
 * C0 control characters but tab, line feed and carriage return, and DEL: no text the store keeps
 * wants them, and PostgreSQL cannot store a NUL ("invalid byte sequence for encoding UTF8: 0x00").
 * Form fields lose them on the way in (platform/request.ts safeFields); an uploaded file's cells
 * are refused beside their row and column (census, catalog), so nothing is silently changed.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The same class without the global flag: `test` keeps no position between calls. */
const ONE_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source);

export const hasControlCharacter = (text: string) => ONE_CONTROL_CHARACTER.test(text);

export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "");

/** Whether a parsed JSON value holds a control character in any key or string (a "\u0000" escape). */
export function jsonHoldsControlCharacter(value: unknown): boolean {
  if (typeof value === "string") return hasControlCharacter(value);
  if (Array.isArray(value)) return value.some(jsonHoldsControlCharacter);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => hasControlCharacter(k) || jsonHoldsControlCharacter(v));
  return false;
}
