/**
 * Complete Enrollment checks everything again (issue: "the cart, the step list and the review
 * always agree"): the cart has plans, every step the cart requires today is done, and each
 * step's own rules still hold — required fields on file, beneficiaries adding up to exactly 100,
 * the tier's dependent counts and each dependent, every agreement accepted and a signature (or
 * the text-message request), a billing method. Read-only: Complete calls it inside the
 * transaction that creates the policy, with that transaction as `services.db`.
 */
import type { Services } from "../services";
import { enrollmentPaymentRow } from "../repositories/payments";
import { fieldRules, optionLists, readStep, type WizardContext } from "./steps";
import { beneficiaryProblem } from "./beneficiaries";
import { firstInvalidDependent, loadDependentStep } from "./dependents";
import { agreementSetup, esignConsentValid } from "./agreement";
import { employerSkipAllowed } from "./employer";
import { nextProblem } from "~/domain/dependents";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { personalSchema } from "~/forms/personal";
import { contactSchema } from "~/forms/contact";
import { EMPLOYER_OPTION_LISTS, employerSchema, type EmployerChoices } from "~/forms/employer";
import { messageKey } from "~/forms/common";
import type { TabName } from "~/domain/wizard-steps";

/** One thing that stops Complete: where to fix it (a step, or the cart) and the message key. */
export interface Problem {
  tab: TabName | "cart";
  message: string;
}

/** What the check needs to know about the enrollment, read afresh. */
export type VerifyContext = Pick<WizardContext, "enrollment" | "planIds" | "state" | "locale" | "tab" | "returnToReview" | "hideSaveLater" | "session">;

/** Stored step data back into the strings its form posts: numbers as text, ISO dates as mm/dd/yyyy. */
function asFormValues(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, typeof v === "number" ? String(v) : typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? isoToUsDate(v) : v ?? ""]),
  );
}

/** The step's own schema, run again over what is on file under today's field rules. */
function failsSchema(schema: { safeParse(v: unknown): { success: boolean } }, values: Record<string, unknown>) {
  return schema.safeParse(values).success ? null : "review.problems.stepIncomplete";
}

async function stepProblem(services: Services, ctx: VerifyContext, tab: TabName, sendSms: boolean): Promise<string | null> {
  const { enrollment } = ctx;
  switch (tab) {
    case "primary_info": {
      const [rules, saved] = await Promise.all([fieldRules(services, ctx, tab), readStep<Record<string, unknown>, { ssn: string }>(services, enrollment.id, tab)]);
      // The SSN is kept encrypted (or is on file for an existing member); the enroller code has its own check.
      const ssnOnFile = Boolean(saved?.secret.ssn || enrollment.member_id);
      const withoutCode = { ...rules, enroller_code: { shown: false, required: false, readOnly: false } };
      return failsSchema(personalSchema(withoutCode, todayIso(services.now()), { ssnOnFile }), { ...asFormValues(saved?.data ?? {}), ssn: "" });
    }
    case "contact_info": {
      const [rules, saved] = await Promise.all([fieldRules(services, ctx, tab), readStep<Record<string, unknown>>(services, enrollment.id, tab)]);
      return failsSchema(contactSchema(rules), asFormValues(saved?.data ?? {}));
    }
    case "employer_info": {
      const [rules, saved, lists] = await Promise.all([
        fieldRules(services, ctx, tab),
        readStep<Record<string, unknown>>(services, enrollment.id, tab),
        optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), ctx.locale),
      ]);
      if (saved?.data.skipped) return (await employerSkipAllowed(services, ctx.planIds)) ? null : "review.problems.stepIncomplete";
      const choices = Object.fromEntries(Object.entries(EMPLOYER_OPTION_LISTS).map(([f, key]) => [f, (lists[key] ?? []).map((o) => o.value)])) as unknown as EmployerChoices;
      return failsSchema(employerSchema(rules, todayIso(services.now()), choices), asFormValues(saved?.data ?? {}));
    }
    case "beneficiary_info": {
      const [rules, options] = await Promise.all([fieldRules(services, ctx, tab), optionLists(services, ["beneficiary_relationship"], ctx.locale)]);
      return beneficiaryProblem(services, enrollment.id, {
        rules,
        relationshipValues: options.beneficiary_relationship.map((o) => o.value),
        today: todayIso(services.now()),
      });
    }
    case "dependent_info": {
      const step = await loadDependentStep(services, ctx as WizardContext);
      const count = nextProblem(step.tier, step.list, step.flags, step.answer);
      if (count) return count;
      const invalid = firstInvalidDependent(services, step);
      return invalid ? messageKey("dependent.numbered", { n: invalid.n, message: invalid.message }) : null;
    }
    case "agreement_info": {
      const setup = await agreementSetup(services, ctx as WizardContext);
      const data = setup.saved?.data;
      const accepted = new Set(data?.agreements ?? []);
      if (setup.agreements.some((a) => a.required && !accepted.has(a.id))) return "review.problems.agreements";
      // ESIGN Act §7001(c): no electronic record or signature without the recorded consent.
      if (!(await esignConsentValid(services, enrollment.id))) return "review.problems.esignConsent";
      const signed = Boolean(data?.method && setup.saved?.completed);
      if (!signed && setup.signLater) return sendSms ? null : "validation.signatureByText";
      if (!signed && setup.rules.signature?.shown && setup.rules.signature.required) return "validation.signatureRequired";
      return null;
    }
    case "billing_info":
      return (await enrollmentPaymentRow(services.db, enrollment.id)) ? null : "review.problems.billing";
    default:
      return null;
  }
}

/**
 * Everything that stops this enrollment from completing, in the order of the steps; empty when
 * it may complete. Steps not done come first as "not finished"; done steps are checked again.
 */
export async function enrollmentProblems(services: Services, ctx: VerifyContext, input: { sendSms: boolean }): Promise<Problem[]> {
  if (!ctx.planIds.length) return [{ tab: "cart", message: "cart.emptyCheckout" }];
  const tabs = ctx.state.steps.filter((s) => s !== "review_info");
  const found = await Promise.all(
    tabs.map(async (tab): Promise<Problem | null> => {
      if (!ctx.state.completed.has(tab)) return { tab, message: "review.problems.stepIncomplete" };
      const message = await stepProblem(services, ctx, tab, input.sendSms);
      return message ? { tab, message } : null;
    }),
  );
  return found.filter((p): p is Problem => p !== null);
}
