/** What the server sends the cart screen (and the quote e-mails): lines, totals, effective dates, riders, union-plan fees. Types only. */
import type { IsoDate } from "~/domain/dates";

export interface CartLineView {
  id: number;
  planId: number;
  planPriceId: number;
  name: string;
  /** the plan page; null for a membership (or a plan no longer in the catalog) */
  href: string | null;
  logoUrl: string | null;
  shortHtml: string;
  priceCents: number;
  oneTimeFeeCents: number;
  coverageAmount: number | null;
  removable: boolean;
  /** the line this one was added with */
  pairedWith: number | null;
  isL713: boolean;
  isTermLife: boolean;
  /** the catalog in force on the coverage's date no longer offers the plan (ADR 022) */
  withdrawn: boolean;
}

export interface CartTotalsView {
  recurringMonthCents: number;
  oneTimeFeesCents: number;
  initialMonthCents: number;
}

/** A rider of a plan in the cart that is not in it yet, priced for this quote. */
export interface CartRiderView {
  planId: number;
  planPriceId: number;
  priceCents: number;
  name: string;
  shortHtml: string;
}

/** The union-plan (L713) fee breakdown, in cents, with the association due of the cart's tier. */
export interface L713FeesView {
  unionDues: number;
  annuityFund: number;
  billingFees: number;
  associationDues: Record<string, number>;
  marketerFeesFrom: number;
  marketerFeesTo: number;
  associationDue: number;
}

export interface CartView {
  lines: CartLineView[];
  totals: CartTotalsView;
  effectiveDates: IsoDate[];
  /** the saved effective date, when it is still one of the options */
  effectiveDate: IsoDate | null;
  riders: CartRiderView[];
  l713: { specialMessageHtml: string; netPriceCents: number; fees: L713FeesView } | null;
  adminFee: { carrier: string; percent: number } | null;
  hasOptionalLife: boolean;
  tier: string | null;
  /** the translation key naming the cart's tier (IC is 'Member + 1 Child' with a premier plan in it) */
  tierLabelKey: string | null;
}
