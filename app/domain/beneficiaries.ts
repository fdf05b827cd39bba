/**
 * Beneficiary list rules (enrollment-wizard §2.7, §4 "Beneficiary", §5, §9): up to 3
 * beneficiaries, each 1–100 %, and the list may be finished only when the total is exactly 100.
 * Pure: the server and the page both ask these questions.
 */

export const MAX_BENEFICIARIES = 3;
export const FULL_PERCENTAGE = 100;

export interface HasPercentage {
  percentage: number;
}

export function beneficiaryTotal(list: readonly HasPercentage[]): number {
  return list.reduce((sum, b) => sum + (Number.isFinite(b.percentage) ? b.percentage : 0), 0);
}

export interface TotalMessage {
  tone: "ok" | "error";
  /** a translation key */
  key: string;
  values: { n: number };
}

/** The message under the list: red under or over 100, green at exactly 100. */
export function totalMessage(total: number): TotalMessage {
  if (total < FULL_PERCENTAGE) return { tone: "error", key: "validation.beneficiaryTotalLow", values: { n: total } };
  if (total > FULL_PERCENTAGE) return { tone: "error", key: "validation.beneficiaryTotalHigh", values: { n: total } };
  return { tone: "ok", key: "beneficiary.totalOk", values: { n: total } };
}

/** "+ Add Beneficiary" is offered while fewer than 3 exist and the total is under 100. */
export function canAdd(list: readonly HasPercentage[]): boolean {
  return list.length < MAX_BENEFICIARIES && beneficiaryTotal(list) < FULL_PERCENTAGE;
}

/** Next works with at least one beneficiary and a total of exactly 100. */
export function canContinue(list: readonly HasPercentage[]): boolean {
  return list.length >= 1 && beneficiaryTotal(list) === FULL_PERCENTAGE;
}

export type SaveRefusal = { reason: "max" } | { reason: "total"; total: number };

/**
 * May this beneficiary be saved next to the others? `others` excludes the one being edited.
 * Adding refuses a 4th; any save refuses a total over 100 (a total under 100 is fine: the
 * list is simply not finished yet).
 */
export function saveRefusal(others: readonly HasPercentage[], percentage: number, mode: "add" | "edit"): SaveRefusal | null {
  if (mode === "add" && others.length >= MAX_BENEFICIARIES) return { reason: "max" };
  const total = beneficiaryTotal(others) + percentage;
  if (total > FULL_PERCENTAGE) return { reason: "total", total };
  return null;
}
