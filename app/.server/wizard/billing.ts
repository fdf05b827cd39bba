/**
 * The billing step on the server (enrollment-wizard §2.12, §4 "Billing", §7 billing calls):
 * which methods the applicant may use, the saved methods they may choose, and the save.
 *
 * Security rules: a card number goes to the payment processor once and only its token, brand
 * and last four are kept; the security code is used for that call and dropped (never stored,
 * logged or mailed); a bank account number is kept only encrypted, plus its last four.
 */
import type { Services } from "../services";
import { fieldRules, optionLists, readStep, writeStep, type WizardContext } from "./steps";
import type { StepData } from "./step-data";
import { cartFingerprint } from "./signed-cart";
import type { PaymentGateway } from "../adapters/payments";
import { isValidRoutingNumber } from "../adapters/data/routing-banks";
import { zipLookup } from "../adapters/zip";
import {
  dropUnusedEnrollmentMethods,
  enrollmentPaymentChoice,
  enrollmentPaymentRow,
  existingMethods,
  groupPaymentMethod,
  insertBankMethod,
  insertCardMethod,
  ownedMethod,
  upsertEnrollmentPayment,
  type MethodOwner,
} from "../repositories/payments";
import { todayIso } from "~/domain/dates";
import { isExpired, lastFour } from "~/domain/cards";
import {
  DEFAULT_BILL_DATE,
  FIXED_METHODS,
  type BillingAddress,
  type BillingInput,
  type BillingSetup,
  type FixedMethod,
  type PayMethod,
} from "~/forms/billing";

/**
 * The merchant statement descriptor (get-billing-text): how charges appear on the applicant's
 * bank or card statement. A fixed processor setting, not a translation: the sentence around it
 * is in the translations (billing.billingText).
 */
export const MERCHANT_DESCRIPTOR = "BENEFITSTORE*PREMIUM";

export type PaymentMode = { kind: "fixed"; method: FixedMethod } | { kind: "choose"; methods: PayMethod[] };

/**
 * From the group's method (get-payment-method): elist, list and stmt are fixed (only a note);
 * eft offers the bank draft only; cc or none offers Credit Card and EFT (EFT selected first).
 */
export function paymentMode(groupMethod: string | null): PaymentMode {
  if (groupMethod && (FIXED_METHODS as readonly string[]).includes(groupMethod))
    return { kind: "fixed", method: groupMethod as FixedMethod };
  if (groupMethod === "eft") return { kind: "choose", methods: ["eft"] };
  return { kind: "choose", methods: ["cc", "eft"] };
}

export const BILLING_OPTION_LISTS = ["bill_date", "account_type", "account_holder_type", "payment_method"] as const;

const owner = (ctx: WizardContext): MethodOwner => ({ memberId: ctx.enrollment.member_id, enrollmentId: ctx.enrollment.id });

/** Everything the page and the schema need, built the same way for the loader and the action. */
export async function billingSetup(services: Services, ctx: WizardContext) {
  const [rules, lists, groupMethod, existing] = await Promise.all([
    fieldRules(services, ctx, "billing_info"),
    optionLists(services, [...BILLING_OPTION_LISTS], ctx.locale),
    groupPaymentMethod(services.db, ctx.enrollment.group_id),
    existingMethods(services.db, ctx.enrollment.member_id, ctx.enrollment.id),
  ]);
  const mode = paymentMode(groupMethod);
  const today = todayIso(services.now());
  const setup: BillingSetup = {
    rules,
    methods: mode.kind === "choose" ? mode.methods : [],
    billDates: lists.bill_date.map((o) => o.value),
    accountTypes: lists.account_type.map((o) => o.value),
    holderTypes: lists.account_holder_type.map((o) => o.value),
    // An expired card is listed but cannot be chosen.
    existing: [
      ...existing.banks.map((b) => b.value),
      ...existing.cards.filter((c) => !isExpired(c.expMonth, c.expYear, today)).map((c) => c.value),
    ],
    today,
  };
  return { rules, lists, mode, existing, setup, today };
}

/** The home address from the contact step, for "my billing address is my home address". */
export async function physicalAddress(services: Services, enrollmentId: number): Promise<BillingAddress | null> {
  const contact = await readStep(services, enrollmentId, "contact_info");
  const a = contact?.data;
  if (!a?.address1 || !a.city || !a.state || !a.zip) return null;
  return { address1: a.address1, address2: a.address2 ?? "", city: a.city, state: a.state, zip: a.zip };
}

/** What is shown again when the step is opened later: never a card or account number. */
export async function savedBilling(services: Services, enrollmentId: number) {
  const [payment, step] = await Promise.all([
    enrollmentPaymentRow(services.db, enrollmentId),
    readStep(services, enrollmentId, "billing_info"),
  ]);
  return { payment: payment ?? null, step: step ?? null };
}

/** The billing choice for the review, in the visitor's language: the method, the bank or card masked, the bill date. */
export interface BillingChoice {
  method: string;
  billDate: string | null;
  bank: { name: string; type: string; last4: string } | null;
  card: { brand: string; last4: string } | null;
}

export async function billingChoice(services: Services, enrollmentId: number, locale: string): Promise<BillingChoice | null> {
  const [row, lists, t] = await Promise.all([
    enrollmentPaymentChoice(services.db, enrollmentId),
    optionLists(services, ["payment_method", "account_type", "bill_date"], locale),
    services.i18n.getFixedT(locale, "common"),
  ]);
  if (!row) return null;
  const label = (list: keyof typeof lists, value: string | number | null) =>
    value === null ? "" : (lists[list].find((o) => o.value === String(value))?.label ?? String(value));
  const fixed = (FIXED_METHODS as readonly string[]).includes(row.payment_method);
  return {
    method: label("payment_method", row.payment_method),
    billDate: fixed ? null : label("bill_date", row.bill_date),
    bank:
      row.kind === "eft"
        ? { name: row.bank_name ?? "", type: label("account_type", row.account_type), last4: row.account_last4 ?? "" }
        : null,
    card:
      row.kind === "cc"
        ? {
            brand: t(`billing.brands.${row.card_brand ?? "card"}`, { defaultValue: t("billing.brands.card") }),
            last4: row.card_last4 ?? "",
          }
        : null,
  };
}

export type BillingStepData = StepData["billing_info"];

export type SaveOutcome = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

/** The simulator until a processor is configured (see adapters/payments.ts). */
export function paymentGateway(services: Services): PaymentGateway {
  return services.payments;
}

/**
 * save-billing-info / save-billing-info-existing: a new bank (encrypted), a new card
 * (tokenized first: a refused card saves nothing), a saved method of the applicant's own, or
 * the group's fixed method. The method row, the enrollment's billing row and the step are
 * written in one transaction.
 */
export async function saveBilling(
  services: Services,
  ctx: WizardContext,
  input: BillingInput,
  mode: PaymentMode,
  gateway: PaymentGateway = paymentGateway(services),
): Promise<SaveOutcome> {
  const now = services.now();
  const enrollmentId = ctx.enrollment.id;
  type Plan = {
    paymentMethod: string;
    billDate: number;
    physical: boolean;
    address: BillingAddress | null;
    last4: string | null;
    stepBillDate: number | null;
  };
  /** `method` writes or finds the payment method in the transaction: its id, null for none, or "refused". */
  const commit = async (plan: Plan, method: (trx: Services["db"]) => Promise<number | null | "refused">): Promise<SaveOutcome> => {
    const outcome = await services.db.transaction().execute(async (trx): Promise<SaveOutcome> => {
      const methodId = await method(trx);
      if (methodId === "refused") return { ok: false, fieldErrors: { existing_payment: "validation.existingPayment" } };
      await upsertEnrollmentPayment(trx, {
        enrollmentId,
        paymentMethod: plan.paymentMethod,
        paymentMethodId: methodId,
        billDate: plan.billDate,
        isPhysicalAddress: plan.physical,
        address: plan.address,
        now,
      });
      await dropUnusedEnrollmentMethods(trx, enrollmentId, methodId);
      // what the payment was authorised for: a change to the cart's plans or prices afterwards voids it
      const cart_sha256 = await cartFingerprint({ db: trx }, ctx.enrollment);
      const data: BillingStepData = { payment_method: plan.paymentMethod, bill_date: plan.stepBillDate, last4: plan.last4, cart_sha256 };
      await writeStep({ ...services, db: trx }, ctx.enrollment, "billing_info", { data, completed: true });
      return { ok: true };
    });
    if (outcome.ok) services.log.info("billing saved", { enrollmentId, method: plan.paymentMethod });
    return outcome;
  };

  if (input.method === "fixed") {
    if (mode.kind !== "fixed") return { ok: false, fieldErrors: { payment_method: "validation.required" } };
    return commit(
      { paymentMethod: mode.method, billDate: DEFAULT_BILL_DATE, physical: false, address: null, last4: null, stepBillDate: null },
      async () => null,
    );
  }
  if (mode.kind !== "choose" || !mode.methods.includes(input.method))
    return { ok: false, fieldErrors: { payment_method: "validation.required" } };

  if (input.existing) {
    const { kind, id } = input.existing;
    const found = await ownedMethod(services.db, id, kind === "bank" ? "eft" : "cc", owner(ctx));
    if (!found) return { ok: false, fieldErrors: { existing_payment: "validation.existingPayment" } };
    if (found.kind === "cc" && isExpired(found.card_exp_month ?? 0, found.card_exp_year ?? 0, now))
      return { ok: false, fieldErrors: { existing_payment: "validation.cardExpired" } };
    const last4 = (found.kind === "eft" ? found.account_last4 : found.card_last4) ?? null;
    return commit(
      { paymentMethod: input.method, billDate: input.bill_date, physical: false, address: null, last4, stepBillDate: input.bill_date },
      async (trx) =>
        // checked again inside the transaction: the row is still there and still theirs
        (await ownedMethod(trx, id, found.kind, owner(ctx))) ? id : "refused",
    );
  }

  if (input.method === "eft") {
    const bank = input.bank;
    if (!isValidRoutingNumber(bank.routing_number)) return { ok: false, fieldErrors: { routing_number: "validation.routingInvalid" } };
    const last4 = lastFour(bank.account_number);
    const accountNumberEnc = services.cipher.encrypt(bank.account_number);
    return commit(
      { paymentMethod: "eft", billDate: input.bill_date, physical: false, address: null, last4, stepBillDate: input.bill_date },
      (trx) =>
        insertBankMethod(trx, {
          enrollmentId,
          accountName: bank.account_name,
          bankName: bank.bank_name.toUpperCase(),
          routingNumber: bank.routing_number,
          accountNumberEnc,
          last4,
          accountType: bank.account_type,
          accountHolderType: bank.account_holder_type,
          now,
        }),
    );
  }

  // A card: the billing address first (the home address, or the one typed, its state from the ZIP).
  let address = input.address;
  if (input.physical) {
    address = await physicalAddress(services, enrollmentId);
    if (!address) return { ok: false, fieldErrors: { is_physical_address: "validation.noPhysicalAddress" } };
  } else if (address?.zip) {
    const state = zipLookup.stateFor(address.zip);
    if (!state) return { ok: false, fieldErrors: { zip: "validation.zipInvalid" } };
    address = { ...address, state };
  }
  const card = input.card;
  const name = `${card.first_name} ${card.last_name}`.trim();
  // The security code goes to the processor in this call and nowhere else.
  const token = await gateway.tokenizeCard({
    number: card.number,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    securityCode: card.security_code,
    name,
    zip: address?.zip ?? "",
  });
  if (!token.ok)
    return { ok: false, fieldErrors: { card_number: token.reason === "declined" ? "validation.cardDeclined" : "validation.cardInvalid" } };
  return commit(
    {
      paymentMethod: "cc",
      billDate: input.bill_date,
      physical: input.physical,
      address,
      last4: token.last4,
      stepBillDate: input.bill_date,
    },
    (trx) =>
      insertCardMethod(trx, {
        enrollmentId,
        token: token.token,
        brand: token.brand,
        last4: token.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        nameOnCard: name,
        now,
      }),
  );
}

/**
 * Save & Continue Later: only the method and the bill date are kept as a draft (never a typed
 * number), and only while the step is not done — a draft never replaces a finished save.
 */
export async function saveBillingDraft(
  services: Services,
  ctx: WizardContext,
  setup: BillingSetup,
  form: { payment_method: string; bill_date: string },
) {
  const step = await readStep(services, ctx.enrollment.id, "billing_info");
  if (step?.completed || !setup.methods.length) return;
  const method = (setup.methods as string[]).includes(form.payment_method) ? form.payment_method : null;
  const billDate = setup.billDates.includes(form.bill_date) ? Number(form.bill_date) : null;
  if (!method && billDate === null) return;
  const data: BillingStepData = { payment_method: method ?? "", bill_date: billDate, last4: null };
  await writeStep(services, ctx.enrollment, "billing_info", { data, completed: false });
}
