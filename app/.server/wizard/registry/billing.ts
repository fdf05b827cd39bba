/** The billing step (billing_info): how the premiums are paid; only the last four digits are shown. */
import { billingChoice } from "../billing";
import { readStep } from "../steps";
import { signedForThisCart } from "../signed-cart";
import { enrollmentPaymentRow } from "../../repositories/payments";
import { dottedLastFour } from "~/domain/cards";
import type { RecordFacts } from "~/domain/enrollment-record";
import type { StepDefinition } from "./types";

const TAB = "billing_info";

export const billingStep = {
  tab: TAB,
  screen: "billing-information",
  titleKey: "wizard.tabs.billing_info",
  historyLabelKey: "wizard.tabs.billing_info",
  /** The method, and the bank account or card by its last four digits only (never the number). */
  async reviewTile(services, ctx) {
    const choice = await billingChoice(services, ctx.enrollment.id, ctx.locale);
    if (!choice) return [];
    return [
      { label: "billing.method", value: choice.method },
      { label: "billing.bankName", value: choice.bank?.name ?? "" },
      {
        label: "review.account",
        value: choice.bank ? [choice.bank.type, dottedLastFour(choice.bank.last4)].filter(Boolean).join(" ") : "",
      },
      { label: "review.card", value: choice.card ? [choice.card.brand, dottedLastFour(choice.card.last4)].filter(Boolean).join(" ") : "" },
      { label: "billing.billDate", value: choice.billDate ?? "" },
    ].filter((l) => l.value);
  },
  async record(services, { enrollment, locale }): Promise<Pick<RecordFacts, "billing">> {
    const billing = await billingChoice(services, enrollment.id, locale);
    return {
      billing: billing
        ? {
            method: billing.method,
            bankName: billing.bank?.name ?? null,
            accountType: billing.bank?.type ?? null,
            account: billing.bank?.last4 ?? null,
            cardBrand: billing.card?.brand ?? null,
            card: billing.card?.last4 ?? null,
            billDate: billing.billDate,
          }
        : null,
    };
  },
  async recheck(services, ctx) {
    if (!(await enrollmentPaymentRow(services.db, ctx.enrollment.id))) return "review.problems.billing";
    // The payment was authorised for the cart as it was then: a change to its plans or prices voids it.
    const step = await readStep(services, ctx.enrollment.id, TAB);
    return (await signedForThisCart(services, ctx.enrollment, step?.data.cart_sha256)) ? null : "review.problems.billingCartChanged";
  },
} satisfies StepDefinition<typeof TAB>;
