import { describe, it, expect } from "vitest";
import { cartTotals, chargedOneTimeFee, L713_FEES } from "./cart-totals";

describe("cart totals (storefront §3 cart result)", () => {
  it("adds each plan's one-time fee to the first month only", () => {
    expect(
      cartTotals([
        { priceCents: 2000, oneTimeFeeCents: 2500 },
        { priceCents: 1500, oneTimeFeeCents: 0 },
      ]),
    ).toEqual({ recurringMonthCents: 3500, oneTimeFeesCents: 2500, initialMonthCents: 6000 });
  });
});

describe("the union plan's (L713) fees are charged once (storefront §2 Cart, §9)", () => {
  it("charges no one-time fee on top of an L713 plan's monthly price: the carrier's fees, billing included, are inside it", () => {
    expect(chargedOneTimeFee({ is_l713: 1, one_time_fee_cents: L713_FEES.billingFees })).toBe(0);
    expect(chargedOneTimeFee({ is_l713: 1, one_time_fee_cents: 0 })).toBe(0);
  });
  it("charges other plans' one-time fees as they are", () => {
    expect(chargedOneTimeFee({ is_l713: 0, one_time_fee_cents: 2500 })).toBe(2500);
    expect(chargedOneTimeFee({ is_l713: 0, one_time_fee_cents: 0 })).toBe(0);
  });
});
