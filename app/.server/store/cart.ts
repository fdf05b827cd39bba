/**
 * Cart operations that span the catalog, pricing and the store: add (with the membership
 * or premier companion), re-price after the quote changes.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { planText, type Catalog } from "../repositories/catalog";
import { activePlanIds, cartLines, deleteCartLine, insertCartLines, planAnswerOutcomes, updateCartLinePrice } from "../repositories/cart";
import { catalogFor, quoteFacts } from "./shopping";
import { decideAdd, type AddErrorCode } from "~/domain/cart";
import { entryFor, pricePlan, type PricingResult, type QuoteFacts } from "~/domain/pricing";

export function pricingFor(catalog: Catalog, planId: number, facts: QuoteFacts, coverage?: number | null): PricingResult {
  const plan = catalog.plans.get(planId);
  if (!plan) return { ok: false, errorCode: "stateError" };
  return pricePlan(plan, catalog.priceRows.get(planId) ?? [], facts, { coverage });
}

export type AddResult = { status: "success"; planName: string } | { status: "error"; code: AddErrorCode | "unknownPlan"; planName: string };

export async function addPlanToCart(
  services: Services,
  enrollment: Enrollment,
  request: { planId: number; planPriceId: number; membershipPriceId?: number | null; locale: string },
): Promise<AddResult> {
  const catalog = await catalogFor(services, enrollment);
  const plan = catalog.plans.get(request.planId);
  if (!plan) return { status: "error", code: "unknownPlan", planName: "" };
  const planName = planText(plan, request.locale)?.name ?? "";
  const facts = await quoteFacts(services, enrollment);
  // Priced for every coverage amount the plan offers: the posted price id must be one of them.
  const pricing = pricingFor(catalog, plan.id, facts);
  const [lines, active, outcome] = await Promise.all([
    cartLines(services.db, enrollment.id),
    activePlanIds(services.db, enrollment.member_id),
    planAnswerOutcomes(services.db, services.cipher, enrollment.id),
  ]);
  const membershipPlanId = catalog.membershipPlanId;
  const membership =
    request.membershipPriceId && membershipPlanId
      ? entryFor(pricingFor(catalog, membershipPlanId, facts), request.membershipPriceId)
      : null;
  const companionId = plan.premier_pair_plan_id;
  const companionPricing = companionId ? pricingFor(catalog, companionId, facts) : null;
  const companion = companionPricing?.ok ? companionPricing.entries[0] : null;

  const decision = decideAdd({
    plan: { ...plan, hasEligibilityQuestions: (catalog.questions.get(plan.id)?.eligibility.length ?? 0) > 0 },
    pricing,
    planPriceId: request.planPriceId,
    cart: lines.map((l) => ({
      planId: l.plan_id,
      categoryKey: catalog.plans.get(l.plan_id)?.categoryKey ?? "",
      isMembership: catalog.plans.get(l.plan_id)?.is_membership === 1,
    })),
    enrollType: enrollment.enroll_type,
    activePlanIds: active,
    eligibility: outcome(plan.id, "eligibility"),
    enrollAnswers: outcome(plan.id, "enroll"),
    membership,
    membershipPlanId,
    companion,
  });
  if (!decision.ok) return { status: "error", code: decision.code, planName };
  try {
    await insertCartLines(services.db, enrollment.id, decision.lines, services.now());
  } catch {
    // the unique (enrollment, plan) constraint: a double click or a second tab got there first
    return { status: "error", code: "alreadyInCart", planName };
  }
  return { status: "success", planName };
}

/**
 * After the quote changes, each line is priced again for the same coverage; a plan that is
 * no longer sold for the new details leaves the cart (with what came with it).
 */
export async function repriceCart(services: Services, enrollment: Enrollment, locale: string) {
  const catalog = await catalogFor(services, enrollment);
  const facts = await quoteFacts(services, enrollment);
  const lines = await cartLines(services.db, enrollment.id);
  const removed: string[] = [];
  for (const line of lines.filter((l) => l.paired_line_id === null)) {
    const coverage = catalog.priceRow(line.plan_price_id)?.coverage_amount ?? null;
    const pricing = pricingFor(catalog, line.plan_id, facts, coverage);
    const entry = pricing.ok ? pricing.entries[0] : null;
    const plan = catalog.plans.get(line.plan_id);
    if (!entry || !plan || plan.active !== 1) {
      await deleteCartLine(services.db, enrollment.id, line.id);
      if (plan) removed.push(planText(plan, locale)?.name ?? "");
      continue;
    }
    if (entry.planPriceId !== line.plan_price_id || entry.priceCents !== line.price_cents)
      await updateCartLinePrice(services.db, line.id, entry.planPriceId, entry.priceCents);
    for (const paired of lines.filter((l) => l.paired_line_id === line.id)) {
      const p = pricingFor(catalog, paired.plan_id, facts);
      const e = p.ok ? p.entries[0] : null;
      if (e && (e.planPriceId !== paired.plan_price_id || e.priceCents !== paired.price_cents))
        await updateCartLinePrice(services.db, paired.id, e.planPriceId, e.priceCents);
    }
  }
  return removed;
}
