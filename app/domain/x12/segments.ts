/**
 * X12 segments as data: the separators an interchange declares, writing a segment, and reading
 * an interchange back into segments with their positions (for problems an operator can find).
 */

/** The four separators, always set explicitly (ISA gives the element, repetition and sub-element ones). */
export interface Separators {
  element: string;
  subElement: string;
  segment: string;
  repetition: string;
}

export const DEFAULT_SEPARATORS: Separators = { element: "*", subElement: ":", segment: "~", repetition: "^" };

/** A segment read back: its tag, its elements (index 1 = XX01) and where it sits (1 = ISA). */
export interface Segment {
  tag: string;
  elements: string[];
  position: number;
}

/** XX01… of a segment; "" when absent. */
export const el = (s: Segment, n: number) => s.elements[n] ?? "";

/** Writes a segment, dropping trailing empty elements as X12 requires. */
export function writeSegment(tag: string, elements: ReadonlyArray<string | undefined>, sep: Separators = DEFAULT_SEPARATORS) {
  let last = elements.length;
  while (last > 0 && !elements[last - 1]) last--;
  const parts = [tag];
  for (let i = 0; i < last; i++) parts.push(elements[i] ?? "");
  return parts.join(sep.element) + sep.segment;
}

/** Reads the separators an interchange declares in its fixed-width ISA; null when it does not start with one. */
export function separatorsOf(text: string): Separators | null {
  const t = text.replace(/^\s+/, "");
  if (!t.startsWith("ISA") || t.length < 106) return null;
  return { element: t.charAt(3), repetition: t.charAt(82), subElement: t.charAt(104), segment: t.charAt(105) };
}

/** Splits an interchange into segments (line breaks after the terminator are tolerated). */
export function readSegments(text: string): { separators: Separators; segments: Segment[] } | null {
  const separators = separatorsOf(text);
  if (!separators) return null;
  const segments: Segment[] = [];
  let position = 0;
  for (const raw of text.split(separators.segment)) {
    const body = raw.replace(/^[\r\n]+/, "").replace(/[\r\n]+$/, "");
    if (body.trim() === "") continue;
    const parts = body.split(separators.element);
    segments.push({ tag: parts[0].trim(), elements: parts, position: ++position });
  }
  return { separators, segments };
}

const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * A value as it may travel in an element: accents folded (Peña → PENA), upper case, only the
 * X12 extended character set, never a separator, trimmed to the element's maximum length.
 */
export function x12Text(value: string | null | undefined, max = 60, sep: Separators = DEFAULT_SEPARATORS): string {
  if (!value) return "";
  const banned = new Set([sep.element, sep.subElement, sep.segment, sep.repetition]);
  let out = "";
  for (const ch of value.normalize("NFD").replace(DIACRITICS, "").toUpperCase()) {
    if (banned.has(ch)) continue;
    if (/[A-Z0-9 !"&'()+,\-./;?=%@[\]_{}\\|<>#$]/.test(ch)) out += ch;
    else if (/\s/.test(ch)) out += " ";
  }
  return out.replace(/\s+/g, " ").trim().slice(0, max).trim();
}

/** YYYY-MM-DD → CCYYMMDD. */
export const ccyymmdd = (iso: string) => iso.replaceAll("-", "");

/** CCYYMMDD → YYYY-MM-DD, or null when it is not a real calendar date. */
export function isoFromCcyymmdd(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1800 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}
