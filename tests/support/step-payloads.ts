/**
 * Valid saved data for every wizard step, as the steps themselves would leave it: the one
 * source tests use when they put a step on file without going through its page. Typed by the
 * steps' declared shapes (app/.server/wizard/step-data.ts): a tab left out, or a field of the
 * wrong type, does not compile.
 */
import type { TabName } from "~/domain/wizard-steps";
import type { StepData, StepSecret } from "~/.server/wizard/step-data";

export type StepPayloads = { [K in TabName]: { data: Partial<StepData[K]>; secret: Partial<StepSecret[K]> | null } };

/** `now`: the save's time; `agreementIds`: every text the cart shows (all accepted). */
export function validStepPayloads(now: string, agreementIds: number[]): StepPayloads {
  return {
    primary_info: {
      data: {
        first_name: "Ana",
        last_name: "Lopez",
        height_feet: 5,
        height_inch: 6,
        weight: 140,
        marital_status: 1,
        prior_coverage_flag: 0,
      },
      secret: { ssn: "123456789" },
    },
    contact_info: {
      data: {
        email: "ana.lopez@gmail.com",
        phone_number: "2145550234",
        address1: "100 Main St",
        address2: "",
        city: "Dallas",
        zip: "75201",
        state: "TX",
        birth_state: "TX",
        birth_city: "Dallas",
        with_validation: 1,
        skip_validation_email: 0,
        skip_validation_phone: 0,
        verified: {},
      },
      secret: null,
    },
    employer_info: { data: {}, secret: null },
    beneficiary_info: { data: {}, secret: null },
    primary_health_info: { data: {}, secret: null },
    dependent_info: { data: {}, secret: null },
    review_info: { data: {}, secret: null },
    agreement_info: {
      data: { method: "typed", signed_at: now, eprocess: "sigapplicant", agreements: agreementIds },
      secret: { signature_name: "Ana Lopez" },
    },
    billing_info: { data: {}, secret: null },
  };
}

/** The personal step's form, as a browser posts it: valid, so Next goes on to the contact step. */
export const PERSONAL_FORM = {
  intent: "next",
  first_name: "Ana",
  last_name: "Lopez",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};

/** The contact step's fields, with an e-mail and a phone the checks cannot reach: both must be verified by a code. */
export const CONTACT_FORM = {
  email: "ana@example.com",
  phone_number: "(214) 555-0187",
  address1: "100 Main St",
  address2: "",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  with_validation: "1",
};
