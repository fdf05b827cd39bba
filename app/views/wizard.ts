/** What the server sends the enrollment wizard's steps: beneficiaries, dependents and review summaries. Types only. */
import type { Relationship } from "~/domain/dependents";

export interface BeneficiaryView {
  id: number;
  number: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** mm/dd/yyyy */
  birthdate: string;
  relationship: string;
  percentage: number;
  /** XXX-XX-1234, or '' when none is on file */
  ssnMasked: string;
  ssnLast4: string | null;
}

export interface DependentView {
  id: number;
  number: number;
  relationship: Relationship;
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** mm/dd/yyyy */
  birthdate: string;
  /** XXX-XX-1234, or '' when none is on file */
  ssnMasked: string;
  ssnLast4: string | null;
}

/** One answer on the review ("Check your answers") and in the record: label and value, already in the page's language. */
export interface SummaryLine {
  label: string;
  value: string;
  /** where its Change link goes (the step, with the review's return marker); null: nothing to change there */
  change: string | null;
}

/** A step's answers on the review, in groups (one per person where a step asks about several). */
export interface ReviewGroup {
  /** the group's heading ("Dependent #1: Sam Lopez"), or null for the step's own answers */
  title: string | null;
  lines: SummaryLine[];
}
