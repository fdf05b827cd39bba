/**
 * What each wizard step keeps in its row of `enrollment_steps`, declared once: the plain part
 * (`data`, JSON) and the sealed part (`secret`, encrypted). `readStep(…, tab)` and
 * `writeStep(…, tab, …)` take their types from here, so every reader of a step sees the same
 * shape. A new step adds its line to both maps (a `Record<TabName, …>`: leaving it out does not
 * compile).
 */
import type { TabName } from "~/domain/wizard-steps";
import type { SignatureMethod, VerificationField } from "~/domain/agreement";
import type { SpouseAnswer } from "~/domain/dependents";
import type { IsoDate } from "~/domain/dates";
import type { ContactInput } from "~/forms/contact";
import type { EmployerData } from "~/forms/employer";
import type { HealthAnswers } from "~/forms/health";

/** The personal step: only shown, editable fields; numbers as numbers, dates ISO. The SSN is sealed. */
export type PersonalData = {
  first_name: string;
  middle_name: string;
  last_name: string;
  height_feet: number;
  height_inch: number;
  weight: number;
  marital_status: number;
  prior_coverage_flag: number;
  prior_carrier_name: string;
  prior_effective_date: IsoDate;
  prior_term_date: IsoDate;
};
export interface PersonalSecret {
  ssn: string;
}

/** The contact step: what the form posts, and which addresses were verified by a code. */
export interface ContactData extends ContactInput {
  /** keyed hashes of the e-mail and phone that were verified by a code */
  verified: { email?: string; phone?: string };
}

/** The employer step: its fields, or the skip of an IHA cart. */
export type EmployerStepData = EmployerData & { skipped?: boolean };

/** The beneficiary step: the list itself is in `beneficiaries`. */
export interface BeneficiaryStepData {
  /** the existing member's beneficiaries were looked up (once) */
  prefetched?: boolean;
  count?: number;
}

/** The health step in clear: never an answer, only when and how many. The answers are sealed. */
export interface HealthStepData extends Record<string, unknown> {
  answered_at: string;
  saved_at: string;
  prefilled_at: string;
  question_count: number;
}

/** The dependent step: the list itself is in `dependents`. */
export interface DependentStepData {
  /** the existing member's dependents were looked up (once) */
  prefetched?: boolean;
  count?: number;
  spouses?: number;
  children?: number;
  spouse_enroll_accept?: SpouseAnswer;
}

/** The agreement step's plain data. The signature itself (PNG or typed name) lives in the sealed part. */
export interface AgreementData extends Partial<Record<VerificationField, string>> {
  method: SignatureMethod | null;
  signed_at: string | null;
  eprocess: string;
  agreements: number[];
  /** SHA-256 of the cart signed for (signed-cart.ts): a change to the plans or prices voids the signature */
  cart_sha256?: string | null;
}
export interface AgreementSecret extends Partial<Record<VerificationField, string>> {
  signature: string;
  signature_name: string;
}

/** The billing step: no account or card numbers, only the last four. */
export interface BillingStepData {
  payment_method: string;
  bill_date: number | null;
  last4: string | null;
  /** SHA-256 of the cart the payment was authorised for (signed-cart.ts) */
  cart_sha256?: string | null;
}

/** Nothing kept (the review). */
export type NoData = Record<string, never>;

/** Each step's plain data, by tab. */
export interface StepData {
  primary_info: PersonalData;
  contact_info: ContactData;
  employer_info: EmployerStepData;
  beneficiary_info: BeneficiaryStepData;
  primary_health_info: HealthStepData;
  dependent_info: DependentStepData;
  review_info: NoData;
  agreement_info: AgreementData;
  billing_info: BillingStepData;
}

/** Each step's sealed data, by tab. */
export interface StepSecret {
  primary_info: PersonalSecret;
  contact_info: NoData;
  employer_info: NoData;
  beneficiary_info: NoData;
  primary_health_info: HealthAnswers;
  dependent_info: NoData;
  review_info: NoData;
  agreement_info: AgreementSecret;
  billing_info: NoData;
}

/** Both maps name every tab and nothing else: a step left out (or misspelt) does not compile. */
type EveryTab<T extends Record<TabName, object>> = keyof T extends TabName ? T : never;
export type StepShapes = { [K in TabName]: { data: EveryTab<StepData>[K]; secret: EveryTab<StepSecret>[K] } };
