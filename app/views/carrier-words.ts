/**
 * The carrier console's codes as words in the operator's language (ADR 027 addendum): a carrier's
 * acknowledgment codes (IK3, IK4, IK5, TA1 notes), the HD05 coverage levels, and what an
 * effectuation's reconciliation found different. The domain keeps codes and field names; the
 * locales hold their words under `x12Codes.<list>.<code>` and `carrierConsole.*`.
 */
import { ACK_CODE_LISTS } from "~/domain/x12/acknowledgments";
import { COVERAGE_LEVELS } from "~/domain/x12/codes";
import type { ReconciliationReport } from "~/domain/x12/effectuation";
import { isoToUsDate } from "~/domain/dates";
import type { FileProblem } from "~/domain/x12/rules-834";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const CODE_LISTS = { ...ACK_CODE_LISTS, coverageLevel: COVERAGE_LEVELS } as const;
export type CodeList = keyof typeof CODE_LISTS;

/** Every code of every list the console names, for the locale test. */
export const CODE_LIST_ENTRIES: Readonly<Record<CodeList, Readonly<Record<string, string>>>> = CODE_LISTS;

/** The words of `code` in `list`, or null when the list has no such code. */
export function codeWords(t: Translate, list: CodeList, code: string): string | null {
  return Object.hasOwn(CODE_LISTS[list], code) ? t(`x12Codes.${list}.${code}`) : null;
}

/** "code words", or "code Unknown code" for a code the list does not have. */
export function codeWithWords(t: Translate, list: CodeList, code: string): string {
  return `${code} ${codeWords(t, list, code) ?? t("x12Codes.unknown")}`;
}

/** One error a carrier's 999 or TA1 named, as the console lists it. A TA1's note is kept as an error at ISA. */
export interface ShownAckError {
  segment: string;
  segmentPosition: number;
  element?: string;
  elementErrorCode?: string;
  segmentErrorCode?: string;
  badValue?: string;
}

export function ackErrorText(t: Translate, e: ShownAckError): string {
  return [
    `${t("carrierConsole.segment")} ${e.segment} (${e.segmentPosition})`,
    e.segmentErrorCode ? codeWithWords(t, e.segment === "ISA" ? "interchange" : "segment", e.segmentErrorCode) : null,
    e.element ? `${t("carrierConsole.element")} ${e.element}` : null,
    e.elementErrorCode ? `${t("carrierConsole.code")} ${codeWithWords(t, "element", e.elementErrorCode)}` : null,
    e.badValue ? `“${e.badValue}”` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

type Difference = ReconciliationReport["differences"][number];

/** One side of a difference (ours or the carrier's) in words: a state, a coverage level, a date. */
export function differenceValue(t: Translate, field: Difference["field"], value: string): string {
  switch (field) {
    case "coverage":
      return value === "enrolled" || value === "absent" || value === "termed" ? t(`carrierConsole.coverageStates.${value}`) : value;
    case "coverageLevel":
      if (!value) return "—";
      return codeWords(t, "coverageLevel", value) ?? `${value} (${t("x12Codes.unknown")})`;
    case "begin":
    case "end":
      if (!value) return field === "end" ? t("carrierConsole.noEndDate") : "—";
      return isoToUsDate(value) || value;
  }
}

/**
 * Why a file was not sent (or not read), in words: a problem's message key and values; a problem
 * kept before problems had keys holds its English sentence, shown as it is.
 */
export function problemText(t: Translate, p: Pick<FileProblem, "key" | "params"> | { message: string }): string {
  return "key" in p ? t(`x12Problems.${p.key}`, p.params) : p.message;
}
