/**
 * The static cancer-insurance medical question page (storefront §2 "Other"): a mock-up with
 * yes/no questions and a repeatable treatment detail block. Nothing on it is submitted.
 */

/** The questions, in order (their texts are translations under cancerQuestions.questions). */
export const CANCER_QUESTIONS = ["diagnosed", "abnormalTest", "awaitingResults", "currentTreatment", "familyHistory"] as const;

export const TREATMENT_TYPES = ["surgery", "chemotherapy", "radiation", "hormone", "other"] as const;

/** How many treatment blocks the page may show. */
export const MAX_TREATMENTS = 10;

/** The number of treatment blocks asked for in the address (?treatments=n): 1 to MAX_TREATMENTS. */
export function treatmentCount(param: string | null | undefined): number {
  const n = /^\d{1,12}$/.test(param ?? "") ? Number(param) : 1;
  return Math.min(Math.max(n, 1), MAX_TREATMENTS);
}
