import { describe, it, expect } from "vitest";
import { decideAdd, type AddRequest, type CartPlanFacts } from "./cart";

const plan = (over: Partial<CartPlanFacts> = {}): CartPlanFacts => ({
  id: 10,
  categoryKey: "dental",
  hide_add_to_cart: 0,
  membership_required: 0,
  is_membership: 0,
  is_premier: 0,
  premier_pair_plan_id: null,
  has_enroll_questions: 0,
  hasEligibilityQuestions: false,
  active: 1,
  ...over,
});
const req = (over: Partial<AddRequest> = {}): AddRequest => ({
  plan: plan(),
  pricing: { ok: true, entries: [{ planId: 10, planPriceId: 100, priceCents: 2500, coverageAmount: null }] },
  planPriceId: 100,
  cart: [],
  enrollType: "new-member",
  activePlanIds: [],
  eligibility: null,
  enrollAnswers: null,
  membership: null,
  membershipPlanId: 99,
  companion: null,
  ...over,
});

describe("decideAdd", () => {
  it("adds a priced plan with the server's price", () => {
    expect(decideAdd(req())).toEqual({
      ok: true,
      lines: [{ planId: 10, planPriceId: 100, priceCents: 2500, removable: true, pairedWith: null }],
    });
  });
  it("refuses a price id that is not the quote's", () => {
    expect(decideAdd(req({ planPriceId: 101 }))).toEqual({ ok: false, code: "pricing" });
    expect(decideAdd(req({ pricing: { ok: false, errorCode: "stateError" } }))).toEqual({ ok: false, code: "pricing" });
  });
  it("refuses hidden, inactive and membership plans and doubles", () => {
    expect(decideAdd(req({ plan: plan({ hide_add_to_cart: 1 }) })).ok).toBe(false);
    expect(decideAdd(req({ plan: plan({ active: 0 }) }))).toEqual({ ok: false, code: "notSold" });
    expect(decideAdd(req({ plan: plan({ is_membership: 1 }) }))).toEqual({ ok: false, code: "notSold" });
    expect(decideAdd(req({ cart: [{ planId: 10, categoryKey: "dental", isMembership: false }] }))).toEqual({
      ok: false,
      code: "alreadyInCart",
    });
  });
  it("already-active for an existing member's active plan", () => {
    expect(decideAdd(req({ activePlanIds: [10] }))).toEqual({ ok: false, code: "alreadyActive" });
  });
  it("blackout: one major-medical plan per cart", () => {
    const cart = [{ planId: 5, categoryKey: "guaranteed", isMembership: false }];
    expect(decideAdd(req({ plan: plan({ categoryKey: "medical" }), cart }))).toEqual({ ok: false, code: "blackout" });
    expect(decideAdd(req({ plan: plan({ categoryKey: "dental" }), cart })).ok).toBe(true);
  });
  it("needs eligibility answers, and Enroll-Now answers that were not declined", () => {
    expect(decideAdd(req({ plan: plan({ hasEligibilityQuestions: true }) }))).toEqual({ ok: false, code: "needsEligibility" });
    expect(decideAdd(req({ plan: plan({ hasEligibilityQuestions: true }), eligibility: "accepted" })).ok).toBe(true);
    expect(decideAdd(req({ plan: plan({ has_enroll_questions: 1 }) }))).toEqual({ ok: false, code: "needsQuestions" });
    expect(decideAdd(req({ plan: plan({ has_enroll_questions: 1 }), enrollAnswers: "declined" }))).toEqual({ ok: false, code: "declined" });
    expect(decideAdd(req({ plan: plan({ has_enroll_questions: 1 }), enrollAnswers: "accepted" })).ok).toBe(true);
  });
  it("membership-required plans go in with the chosen membership; existing members add the plan alone", () => {
    const p = plan({ membership_required: 1 });
    expect(decideAdd(req({ plan: p }))).toEqual({ ok: false, code: "needsMembership" });
    const membership = { planId: 99, planPriceId: 900, priceCents: 500, coverageAmount: null };
    const d = decideAdd(req({ plan: p, membership }));
    expect(d.ok && d.lines).toEqual([
      { planId: 10, planPriceId: 100, priceCents: 2500, removable: true, pairedWith: null },
      { planId: 99, planPriceId: 900, priceCents: 500, removable: false, pairedWith: 0 },
    ]);
    expect(decideAdd(req({ plan: p, enrollType: "existing-member" })).ok && true).toBe(true);
    const wrong = { ...membership, planId: 98 };
    expect(decideAdd(req({ plan: p, membership: wrong }))).toEqual({ ok: false, code: "needsMembership" });
    expect(decideAdd(req({ plan: p, cart: [{ planId: 99, categoryKey: "lifestyle", isMembership: true }] })).ok).toBe(true);
  });
  it("premier plans go in as a pair", () => {
    const p = plan({ is_premier: 1, premier_pair_plan_id: 11 });
    expect(decideAdd(req({ plan: p }))).toEqual({ ok: false, code: "companionUnavailable" });
    const d = decideAdd(req({ plan: p, companion: { planId: 11, planPriceId: 110, priceCents: 1200, coverageAmount: null } }));
    expect(d.ok && d.lines.map((l) => [l.planId, l.pairedWith])).toEqual([
      [10, null],
      [11, 0],
    ]);
  });
});
