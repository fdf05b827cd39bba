/**
 * The wizard's steps, one module each (issue 25). The review tiles, the enrollment record,
 * Complete's re-check and the step pages read a step from here. `satisfies` makes every tab
 * present, under its own name, with every member of StepDefinition: a step left out, or one
 * missing a member, does not compile.
 */
import type { TabName } from "~/domain/wizard-steps";
import type { StepDefinition } from "./types";
import { personalStep } from "./personal";
import { contactStep } from "./contact";
import { employerStep } from "./employer";
import { beneficiaryStep } from "./beneficiaries";
import { healthStep } from "./health";
import { dependentStep } from "./dependents";
import { reviewStep } from "./review";
import { agreementStep } from "./agreement";
import { billingStep } from "./billing";

export type { RecordContext, ReviewContext, StepDefinition, StepInput, StepRecordFacts, Translate, VerifyContext } from "./types";

/** Every tab, each with its own fully declared step. */
export type StepRegistry = { [K in TabName]: StepDefinition<K> };

export const STEPS = {
  primary_info: personalStep,
  contact_info: contactStep,
  employer_info: employerStep,
  beneficiary_info: beneficiaryStep,
  primary_health_info: healthStep,
  dependent_info: dependentStep,
  review_info: reviewStep,
  agreement_info: agreementStep,
  billing_info: billingStep,
} as const satisfies StepRegistry;

export function stepOf<K extends TabName>(tab: K): (typeof STEPS)[K] {
  return STEPS[tab];
}
