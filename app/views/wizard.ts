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

/** One line of an opened review tile. */
export interface SummaryLine {
  /** translation key of the label */
  label: string;
  value: string;
}
