/** The billing step (billing_info): how the premiums are paid; only the last four digits are shown.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The billing-information page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { billingChoice, billingSetup, physicalAddress, saveBilling, saveBillingDraft, savedBilling, MERCHANT_DESCRIPTOR } from "../billing";
import { afterSave, readStep, stepChrome, type WizardContext } from "../steps";
import { signedForThisCart } from "../signed-cart";
import { enrollmentPaymentRow } from "../../repositories/payments";
import { dottedLastFour, expiryYears, isExpired, EXPIRY_MONTHS } from "~/domain/cards";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import type { NoData } from "../step-data";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import { stateOptions } from "../state-options";
import {
  billingValidator,
  withoutSecrets,
  BILLING_ADDRESS_FIELDS,
  DEFAULT_BILL_DATE,
  NEW_BANK,
  NEW_CARD,
  type PayMethod,
} from "~/forms/billing";
import type { Services } from "../../services";

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
  page: billingStepPage,
  action: billingStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/billing-information";

/** Billing: the method, the bill date, a bank or a card (new or saved), or the group's fixed method. */
async function billingStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [{ rules, lists, mode, existing, setup, today }, saved, home, personal, contact] = await Promise.all([
    billingSetup(services, ctx),
    savedBilling(services, ctx.enrollment.id),
    physicalAddress(services, ctx.enrollment.id),
    readStep(services, ctx.enrollment.id, "primary_info"),
    readStep(services, ctx.enrollment.id, "contact_info"),
  ]);
  const label = (list: Array<{ value: string; label: string }>, value: string) => list.find((o) => o.value === value)?.label ?? value;
  const methods = mode.kind === "choose" ? mode.methods : [];
  const { payment, step } = saved;

  // Defaults: what was saved (or drafted), else EFT and the 28th. Typed numbers never come back.
  const values: Record<string, string> = {};
  const savedMethod = [payment?.payment_method, step?.data.payment_method].find((m): m is PayMethod =>
    (methods as string[]).includes(m ?? ""),
  );
  values.payment_method = savedMethod ?? (methods.includes("eft") ? "eft" : (methods[0] ?? ""));
  values.bill_date = String(payment?.bill_date ?? step?.data.bill_date ?? DEFAULT_BILL_DATE);
  const chosen = payment?.payment_method_id
    ? [...existing.banks, ...existing.cards].find((m) => m.id === payment.payment_method_id)
    : undefined;
  values.existing_payment = chosen && setup.existing.includes(chosen.value) ? chosen.value : "";
  values.first_name_on_cc = personal?.data.first_name ?? "";
  values.last_name_on_cc = personal?.data.last_name ?? "";
  values.account_name = [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ");
  values.account_type = "";
  values.account_holder_type = "";
  values.is_physical_address = payment?.is_physical_address ? "1" : "";
  const address = payment?.is_physical_address ? home : payment;
  for (const f of BILLING_ADDRESS_FIELDS) values[f] = address?.[f] ?? "";

  const url = new URL(request.url);
  return json({
    chrome: stepChrome(ctx),
    rules,
    setup,
    fixedMethod: mode.kind === "fixed" ? { value: mode.method, label: label(lists.payment_method, mode.method) } : null,
    methodOptions: methods.map((m) => ({ value: m, label: label(lists.payment_method, m) })),
    billDates: lists.bill_date,
    accountTypes: lists.account_type,
    holderTypes: lists.account_holder_type,
    months: EXPIRY_MONTHS.map((m) => ({ value: m, label: m })),
    years: expiryYears(today).map((y) => ({ value: String(y), label: String(y) })),
    states: stateOptions(ctx.locale),
    existing: {
      banks: existing.banks.map((b) => ({
        value: b.value,
        bankName: b.bankName,
        accountType: label(lists.account_type, b.accountType),
        masked: b.masked,
      })),
      cards: existing.cards.map((c) => ({
        value: c.value,
        brand: c.brand,
        masked: c.masked,
        expires: `${String(c.expMonth).padStart(2, "0")}/${c.expYear}`,
        expired: isExpired(c.expMonth, c.expYear, today),
      })),
    },
    newBank: NEW_BANK,
    newCard: NEW_CARD,
    physicalAddress: home,
    values,
    descriptor: MERCHANT_DESCRIPTOR,
    dialog: url.searchParams.get("dialog"),
    defaultEmail: contact?.data.email ?? null,
  });
}

async function billingStepAction(services: Services, ctx: WizardContext, { form }: StepInput) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const { setup, mode } = await billingSetup(services, ctx);

  if (intent === "save-later") {
    // Only the method and the bill date are kept as a draft: never a typed number.
    await saveBillingDraft(services, ctx, setup, {
      payment_method: field(form, "payment_method", 10),
      bill_date: field(form, "bill_date", 3),
    });
    return redirect(`${HERE}?dialog=save-later`);
  }
  const result = await billingValidator(setup).validate(form);
  // A refused post gets its typed values back, except card and account numbers and the code.
  if (result.error) return validationError(result.error, withoutSecrets(result.submittedData));
  const saved = await saveBilling(services, ctx, result.data, mode);
  if (!saved.ok) return validationError({ fieldErrors: saved.fieldErrors, formId: result.formId }, withoutSecrets(result.submittedData));
  return afterSave(services, ctx);
}
