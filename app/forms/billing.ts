/**
 * Billing information (enrollment-wizard §2.12, §4 "Billing", §5 "Bank" and "Card", §9).
 *
 * One form holds the method radio, the bill date, the bank (EFT) fields, the card fields and the
 * saved methods, so that it works without JavaScript: only the chosen method's fields are
 * checked, and a chosen saved method of that kind makes the new-bank or new-card fields
 * irrelevant (they are not checked and the server ignores them). When the group bills by list
 * or statement there is nothing to choose and nothing is checked.
 *
 * The same schema runs in the browser and on the server; it must not import server modules,
 * so the ABA check is repeated here (the save checks it again against the bundled table's rule).
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import type { FieldRules } from "~/domain/field-definitions";
import type { IsoDate } from "~/domain/dates";
import {
  cardBrand,
  cardDigits,
  expiryYears,
  isExpired,
  luhnValid,
  securityCodeLength,
  CARD_NUMBER_MAX,
  CARD_NUMBER_MIN,
  EXPIRY_MONTHS,
} from "~/domain/cards";
import { REQUIRED } from "./common";
import { ADDRESS_FIELDS, addressRules, definedFields, organizationName, personName, plainText, postedText } from "./rules";
import { recordIdFrom } from "~/domain/record-id";

export const PAY_METHODS = ["eft", "cc"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Methods fixed by the group: only a note is shown (EFT list, list bill, statement). */
export const FIXED_METHODS = ["elist", "list", "stmt"] as const;
export type FixedMethod = (typeof FIXED_METHODS)[number];

export const BANK_FIELDS = [
  "account_name",
  "bank_name",
  "routing_number",
  "account_number",
  "account_type",
  "account_holder_type",
] as const;
export const CARD_FIELDS = [
  "first_name_on_cc",
  "last_name_on_cc",
  "card_number",
  "expiration_month",
  "expiration_year",
  "security_code",
] as const;
export const BILLING_ADDRESS_FIELDS = ADDRESS_FIELDS;
/** Typed numbers that are never sent back to a page, saved as typed, or logged. */
export const SECRET_FIELDS = ["card_number", "security_code", "account_number"] as const;
/** existing_payment values that mean "enter a new one" */
export const NEW_BANK = "new-bank";
export const NEW_CARD = "new-card";

export const DEFAULT_BILL_DATE = 28;

export interface BillingSetup {
  rules: FieldRules;
  /** what the applicant may choose; empty when the group's method is fixed */
  methods: PayMethod[];
  /** allowed bill_date values ("1" … "28") */
  billDates: string[];
  accountTypes: string[];
  holderTypes: string[];
  /** the saved methods this applicant may choose: "bank:12", "card:7" */
  existing: string[];
  today: IsoDate;
}

/** The card's billing address: the spec words a malformed ZIP here "Invalid Zip code". */
const address = addressRules("validation.zipInvalid");

/** ABA routing number: 9 digits, checksum 3-7-1 ≡ 0 (mod 10), a Federal Reserve prefix. */
export function routingNumberValid(rn: string): boolean {
  if (!/^\d{9}$/.test(rn) || rn === "000000000") return false;
  const d = Array.from(rn, Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  if (sum % 10 !== 0) return false;
  const p = Number(rn.slice(0, 2));
  return p <= 12 || (p >= 21 && p <= 32) || (p >= 61 && p <= 72) || p === 80;
}

export function parseExisting(value: string): { kind: "bank" | "card"; id: number } | null {
  const m = /^(bank|card):([0-9]+)$/.exec(value);
  const id = recordIdFrom(m?.[2]);
  return m && id !== null ? { kind: m[1] as "bank" | "card", id } : null;
}

const kindOf = (method: PayMethod) => (method === "eft" ? "bank" : "card");

export interface BankInput {
  account_name: string;
  bank_name: string;
  routing_number: string;
  account_number: string;
  account_type: string;
  account_holder_type: string;
}
export interface CardInput {
  first_name: string;
  last_name: string;
  /** digits only; handed to the processor, never stored */
  number: string;
  exp_month: number;
  exp_year: number;
  /** handed to the processor, then dropped */
  security_code: string;
}
export interface BillingAddress {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

export type BillingInput =
  | { method: "fixed" }
  | { method: PayMethod; bill_date: number; existing: { kind: "bank" | "card"; id: number } }
  | { method: "eft"; bill_date: number; existing: null; bank: BankInput }
  | { method: "cc"; bill_date: number; existing: null; card: CardInput; physical: boolean; address: BillingAddress | null };

const ALL_FIELDS = [
  "payment_method",
  "bill_date",
  "existing_payment",
  "is_physical_address",
  ...BANK_FIELDS,
  ...CARD_FIELDS,
  ...BILLING_ADDRESS_FIELDS,
] as const;

export function billingSchema(setup: BillingSetup) {
  const { rules } = setup;
  const shape = Object.fromEntries(ALL_FIELDS.map((f) => [f, postedText])) as Record<string, typeof postedText>;
  const { on, req, checker } = definedFields(rules);
  const years = expiryYears(setup.today).map(String);
  const chosenMethod = (v: Record<string, string>): PayMethod | null =>
    setup.methods.length === 1
      ? setup.methods[0]
      : (setup.methods as string[]).includes(v.payment_method)
        ? (v.payment_method as PayMethod)
        : null;
  const existingChoice = (v: Record<string, string>, method: PayMethod | null) => {
    const e = setup.existing.includes(v.existing_payment) ? parseExisting(v.existing_payment) : null;
    return e && method && e.kind === kindOf(method) ? e : null;
  };

  return z
    .object(shape)
    .superRefine((v, ctx) => {
      if (!setup.methods.length) return;
      const { issue, check, checkEach } = checker(ctx);
      const method = chosenMethod(v);
      if (!method) issue("payment_method", REQUIRED);
      if (on("bill_date") && !setup.billDates.includes(v.bill_date)) issue("bill_date", REQUIRED);
      // Only the applicant's own saved methods can be chosen (the server builds this list).
      if (
        v.existing_payment &&
        v.existing_payment !== NEW_BANK &&
        v.existing_payment !== NEW_CARD &&
        !setup.existing.includes(v.existing_payment)
      ) {
        issue("existing_payment", "validation.existingPayment");
        return;
      }
      if (!method || existingChoice(v, method)) return;

      const choiceRule = (f: string, values: readonly string[]) => {
        if (on(f) && !values.includes(v[f]) && (v[f] || req(f))) issue(f, REQUIRED);
      };

      if (method === "eft") {
        // The name rule of every name field; a company (or a holder type not asked) may have digits and & as well.
        const name = v.account_holder_type === "individual" ? personName : organizationName;
        check("account_name", v.account_name, name("validation.accountName", 100));
        check("bank_name", v.bank_name, plainText());
        check("routing_number", v.routing_number, (s) =>
          !/^\d{9}$/.test(s) ? "validation.routingDigits" : !routingNumberValid(s) ? "validation.routingInvalid" : null,
        );
        check("account_number", v.account_number, (s) => (/^\d{4,17}$/.test(s) ? null : "validation.accountNumber"));
        choiceRule("account_type", setup.accountTypes);
        choiceRule("account_holder_type", setup.holderTypes);
        return;
      }

      check("first_name_on_cc", v.first_name_on_cc, personName("validation.firstName"));
      check("last_name_on_cc", v.last_name_on_cc, personName("validation.lastName"));
      const number = cardDigits(v.card_number);
      const numberOk = check("card_number", number, (n) =>
        !/^\d+$/.test(n) || n.length < CARD_NUMBER_MIN || n.length > CARD_NUMBER_MAX
          ? "validation.cardLength"
          : !luhnValid(n)
            ? "validation.cardLuhn"
            : null,
      );
      check("security_code", v.security_code, (s) =>
        !/^\d{3,4}$/.test(s)
          ? "validation.securityCode"
          : numberOk && s.length !== securityCodeLength(cardBrand(number))
            ? "validation.securityCodeBrand"
            : null,
      );
      const monthOk = EXPIRY_MONTHS.includes(v.expiration_month);
      const yearOk = years.includes(v.expiration_year);
      if (on("expiration_month") && !monthOk && (v.expiration_month || req("expiration_month"))) issue("expiration_month", REQUIRED);
      check("expiration_year", v.expiration_year, () => (yearOk ? null : "validation.expiryYear"));
      if (monthOk && yearOk && isExpired(Number(v.expiration_month), Number(v.expiration_year), setup.today))
        issue("expiration_month", "validation.cardExpired");

      // The home address is copied on the server: the fields are not the applicant's to fill.
      if (v.is_physical_address === "1") return;
      checkEach(address, v, ADDRESS_FIELDS);
    })
    .transform((v): BillingInput => {
      if (!setup.methods.length) return { method: "fixed" };
      const method = chosenMethod(v) as PayMethod;
      const bill_date = on("bill_date") ? Number(v.bill_date) : DEFAULT_BILL_DATE;
      const existing = existingChoice(v, method);
      if (existing) return { method, bill_date, existing };
      if (method === "eft") {
        return {
          method,
          bill_date,
          existing: null,
          bank: {
            account_name: v.account_name.replace(/\s+/g, " "),
            bank_name: v.bank_name.toUpperCase(),
            routing_number: v.routing_number,
            account_number: v.account_number,
            account_type: v.account_type,
            account_holder_type: v.account_holder_type,
          },
        };
      }
      const physical = v.is_physical_address === "1";
      const address = physical
        ? null
        : {
            address1: on("address1") ? v.address1 : "",
            address2: on("address2") ? v.address2 : "",
            city: on("city") ? v.city : "",
            state: on("state") ? v.state.toUpperCase() : "",
            zip: on("zip") ? v.zip : "",
          };
      return {
        method: "cc",
        bill_date,
        existing: null,
        card: {
          first_name: v.first_name_on_cc,
          last_name: v.last_name_on_cc,
          number: cardDigits(v.card_number),
          exp_month: Number(v.expiration_month),
          exp_year: Number(v.expiration_year),
          security_code: v.security_code,
        },
        physical,
        address,
      };
    });
}

export const billingValidator = (setup: BillingSetup) => withZod(billingSchema(setup));

/** What a page may get back after a refused post: everything but the typed numbers. */
export function withoutSecrets<T extends Record<string, unknown>>(submitted: T): T {
  const out: Record<string, unknown> = { ...submitted };
  for (const f of SECRET_FIELDS) delete out[f];
  return out as T;
}
