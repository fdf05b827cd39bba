/**
 * The health questions as the server sends them to a page: the primary applicant's step and
 * each dependent's popup show the same questions with the same components. Types only.
 */
import type { DetailLayout } from "~/forms/health";

/** A condition question: its text in the visitor's language and which detail fields a Yes asks. */
export interface HealthQuestionView {
  id: number;
  text: string;
  layout: DetailLayout;
}

/** The medication question (up to three medications when Yes). */
export interface MedicationQuestionView {
  id: number;
  text: string;
}

/** The questions one answer set holds, in order. */
export interface HealthQuestionSetView {
  questions: HealthQuestionView[];
  medication: MedicationQuestionView | null;
}
