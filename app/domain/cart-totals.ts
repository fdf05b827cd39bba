/**
 * The cart's order summary (storefront §3 cart result): the recurring monthly cost is the sum
 * of the monthly premiums; the first month adds each plan's one-time fee.
 */
export interface TotalsLine {
  priceCents: number;
  oneTimeFeeCents: number;
}

export function cartTotals(lines: readonly TotalsLine[]) {
  const recurring = lines.reduce((sum, l) => sum + l.priceCents, 0);
  const fees = lines.reduce((sum, l) => sum + l.oneTimeFeeCents, 0);
  return { recurringMonthCents: recurring, oneTimeFeesCents: fees, initialMonthCents: recurring + fees };
}

/**
 * The one-time fee the first month adds for a plan. An L713 (union) plan's carrier fees, its
 * billing fee among them, are the breakdown of its monthly price: they are charged once, in it.
 */
export function chargedOneTimeFee(plan: { is_l713: number; one_time_fee_cents: number }) {
  return plan.is_l713 ? 0 : plan.one_time_fee_cents;
}

/** The union-plan (L713) fee breakdown (storefront §9, wizard §9), in cents. */
export const L713_FEES = {
  unionDues: 2500,
  annuityFund: 1000,
  billingFees: 3000,
  associationDues: { IO: 5000, IS: 10000, IC: 10000, IF: 15000 } as Record<string, number>,
  marketerFeesFrom: 7700,
  marketerFeesTo: 15000,
};
