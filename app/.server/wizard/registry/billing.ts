/** The billing step (billing_info): how the premiums are paid; only the last four digits are shown. */
import { billingChoice } from "../billing";
import { readStep } from "../steps";
import { signedForThisCart } from "../signed-cart";
import { enrollmentPaymentRow } from "../../repositories/payments";
import { dottedLastFour } from "~/domain/cards";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { NoData } from "../step-data";

const TAB = "billing_info";

/** What it keeps: no account or card numbers, only the last four. */
export interface BillingStepData {
  payment_method: string;
  bill_date: number | null;
  last4: string | null;
  /** SHA-256 of the cart the payment was authorised for (signed-cart.ts) */
  cart_sha256?: string | null;
}
declare module "../step-data" {
  interface StepData {
    billing_info: BillingStepData;
  }
  interface StepSecret {
    billing_info: NoData;
  }
}

export const billingStep = {
  tab: TAB,
  screen: "billing-information",
  titleKey: "wizard.tabs.billing_info",
  historyLabelKey: "wizard.tabs.billing_info",
  /** The method, and the bank account or card by its last four digits only (never the number). */
  async reviewRows(services, { enrollment, locale, t }) {
    const choice = await billingChoice(services, enrollment.id, locale);
    if (!choice) return [];
    const change = changeHref(TAB);
    return group(null, [
      row(t("billing.method"), choice.method, change),
      row(t("billing.bankName"), choice.bank?.name, change),
      row(t("review.account"), choice.bank ? [choice.bank.type, dottedLastFour(choice.bank.last4)].filter(Boolean).join(" ") : "", change),
      row(t("review.card"), choice.card ? [choice.card.brand, dottedLastFour(choice.card.last4)].filter(Boolean).join(" ") : "", change),
      row(t("billing.billDate"), choice.billDate, change),
    ]);
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    if (!(await enrollmentPaymentRow(services.db, ctx.enrollment.id))) return "review.problems.billing";
    // The payment was authorised for the cart as it was then: a change to its plans or prices voids it.
    const step = await readStep(services, ctx.enrollment.id, TAB);
    return (await signedForThisCart(services, ctx.enrollment, step?.data.cart_sha256)) ? null : "review.problems.billingCartChanged";
  },
} satisfies StepDefinition<typeof TAB>;
