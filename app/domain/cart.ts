/**
 * Adding to the cart (storefront §4 "Adding to cart", "Membership-required plans", §8
 * add-to-cart errors). Pure: the caller gathers the facts, this decides which lines go in.
 */
import type { PriceEntry, PricingResult } from "./pricing";

/** Major-medical categories: a cart holds one plan of these at most ("blackout"). */
export const MAJOR_MEDICAL = new Set(["medical", "guaranteed", "hsa", "limited_medical"]);

export interface CartPlanFacts {
  id: number;
  categoryKey: string;
  hide_add_to_cart: number;
  membership_required: number;
  is_membership: number;
  is_premier: number;
  premier_pair_plan_id: number | null;
  has_enroll_questions: number;
  hasEligibilityQuestions: boolean;
  active: number;
}

export interface CartLineFacts {
  planId: number;
  categoryKey: string;
  isMembership: boolean;
}

export interface AddRequest {
  plan: CartPlanFacts;
  pricing: PricingResult;
  planPriceId: number;
  cart: CartLineFacts[];
  enrollType: string | null;
  /** plans the existing member already has ACTIVE */
  activePlanIds: number[];
  eligibility: "accepted" | "declined" | null;
  enrollAnswers: "accepted" | "declined" | null;
  /** the chosen wellness membership price (required for membership plans) */
  membership: PriceEntry | null;
  membershipPlanId: number | null;
  /** the premier companion's price for the same quote */
  companion: PriceEntry | null;
}

export type AddErrorCode =
  | "notSold"
  | "hidden"
  | "alreadyInCart"
  | "alreadyActive"
  | "blackout"
  | "needsEligibility"
  | "needsQuestions"
  | "declined"
  | "needsMembership"
  | "companionUnavailable"
  | "pricing";

export interface NewLine {
  planId: number;
  planPriceId: number;
  priceCents: number;
  removable: boolean;
  /** index of the line in this list it belongs with */
  pairedWith: number | null;
}

export type AddDecision = { ok: true; lines: NewLine[] } | { ok: false; code: AddErrorCode };

export function decideAdd(r: AddRequest): AddDecision {
  const { plan } = r;
  if (!plan.active || plan.is_membership) return { ok: false, code: "notSold" };
  if (plan.hide_add_to_cart) return { ok: false, code: "hidden" };
  if (r.cart.some((l) => l.planId === plan.id)) return { ok: false, code: "alreadyInCart" };
  if (r.activePlanIds.includes(plan.id)) return { ok: false, code: "alreadyActive" };
  if (MAJOR_MEDICAL.has(plan.categoryKey) && r.cart.some((l) => MAJOR_MEDICAL.has(l.categoryKey))) return { ok: false, code: "blackout" };
  if (plan.hasEligibilityQuestions && r.eligibility !== "accepted") return { ok: false, code: "needsEligibility" };
  if (plan.has_enroll_questions && r.enrollAnswers === "declined") return { ok: false, code: "declined" };
  if (plan.has_enroll_questions && r.enrollAnswers !== "accepted") return { ok: false, code: "needsQuestions" };
  if (!r.pricing.ok) return { ok: false, code: "pricing" };
  const entry = r.pricing.entries.find((e) => e.planPriceId === r.planPriceId);
  if (!entry) return { ok: false, code: "pricing" };

  const lines: NewLine[] = [
    { planId: plan.id, planPriceId: entry.planPriceId, priceCents: entry.priceCents, removable: true, pairedWith: null },
  ];
  // Existing members already hold a membership: only the main plan goes in.
  const membershipInCart = r.cart.some((l) => l.isMembership);
  if (plan.membership_required && r.enrollType !== "existing-member" && !membershipInCart) {
    if (!r.membership || r.membershipPlanId === null || r.membership.planId !== r.membershipPlanId)
      return { ok: false, code: "needsMembership" };
    lines.push({
      planId: r.membership.planId,
      planPriceId: r.membership.planPriceId,
      priceCents: r.membership.priceCents,
      removable: false,
      pairedWith: 0,
    });
  }
  if (plan.is_premier && plan.premier_pair_plan_id !== null && !r.cart.some((l) => l.planId === plan.premier_pair_plan_id)) {
    if (!r.companion || r.companion.planId !== plan.premier_pair_plan_id) return { ok: false, code: "companionUnavailable" };
    lines.push({
      planId: r.companion.planId,
      planPriceId: r.companion.planPriceId,
      priceCents: r.companion.priceCents,
      removable: false,
      pairedWith: 0,
    });
  }
  return { ok: true, lines };
}
