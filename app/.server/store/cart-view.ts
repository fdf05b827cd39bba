/** What the cart screen shows: lines, totals, effective dates, riders, union-plan fees, notes. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { carriers as listCarriers, planText } from "../repositories/catalog";
import { deleteCartLine, repairCartLine } from "../repositories/cart";
import { catalogFor, effectiveDateRule, quoteFacts } from "./shopping";
import { planHref } from "./plan-cards";
import { pricingFor } from "./cart";
import { safeUrl } from "../repositories/branding";
import { cartTotals, chargedOneTimeFee, L713_FEES } from "~/domain/cart-totals";
import { effectiveDateOptions } from "~/domain/effective-dates";
import { todayIso } from "~/domain/dates";
import { isTier, tierLabelKey } from "~/domain/tiers";
import { sanitizeHtml } from "~/utils/sanitize";
import type { CartLineView, CartView } from "~/views/cart";
import { cartLinesOnce } from "./page-reads";

export type { CartView } from "~/views/cart";

export async function cartView(services: Services, enrollment: Enrollment, locale: string): Promise<CartView> {
  const [catalog, lines, rule] = await Promise.all([
    catalogFor(services, enrollment),
    cartLinesOnce(services, enrollment.id),
    effectiveDateRule(services, enrollment.group_id),
  ]);
  const carriers = await listCarriers(services.db);
  const view = lines.map((l): CartLineView => {
    const plan = catalog.plans.get(l.plan_id);
    const row = catalog.priceRow(l.plan_price_id);
    const text = plan ? planText(plan, locale) : undefined;
    return {
      id: l.id,
      planId: l.plan_id,
      planPriceId: l.plan_price_id,
      name: text?.name ?? "",
      href: plan && plan.is_membership !== 1 ? planHref(plan) : null,
      logoUrl: safeUrl(plan?.logo_url),
      shortHtml: sanitizeHtml(text?.short_text),
      priceCents: l.price_cents,
      oneTimeFeeCents: plan ? chargedOneTimeFee(plan) : 0,
      coverageAmount: row?.coverage_amount ?? null,
      removable: l.removable === 1,
      pairedWith: l.paired_line_id,
      isL713: plan?.is_l713 === 1,
      isTermLife: plan?.categoryKey === "term_life",
      withdrawn: plan?.withdrawn === true,
    };
  });
  const totals = cartTotals(view);
  const today = todayIso(services.now());
  const dates = effectiveDateOptions(rule, today);

  // Riders of the plans in the cart that are not in it yet, priced for this quote.
  const facts = await quoteFacts(services, enrollment);
  const inCart = new Set(lines.map((l) => l.plan_id));
  const riderIds = [...new Set(lines.flatMap((l) => catalog.riders.get(l.plan_id) ?? []))].filter((id) => !inCart.has(id));
  const riders = riderIds.flatMap((id) => {
    const plan = catalog.plans.get(id);
    const pricing = pricingFor(catalog, id, facts);
    if (!plan || plan.active !== 1 || !pricing.ok) return [];
    return [
      {
        planId: id,
        planPriceId: pricing.entries[0].planPriceId,
        priceCents: pricing.entries[0].priceCents,
        name: planText(plan, locale)?.name ?? plan.code,
        shortHtml: sanitizeHtml(planText(plan, locale)?.short_text),
      },
    ];
  });

  const l713Line = view.find((l) => l.isL713);
  const l713Plan = l713Line ? catalog.plans.get(l713Line.planId) : undefined;
  const feeCarrier = carriers.find((c) => c.admin_fee_percent > 0);
  return {
    lines: view,
    totals,
    effectiveDates: dates,
    effectiveDate: enrollment.effective_date && dates.includes(enrollment.effective_date) ? enrollment.effective_date : null,
    riders,
    l713: l713Plan
      ? {
          specialMessageHtml: sanitizeHtml(planText(l713Plan, locale)?.special_message),
          netPriceCents: l713Plan.l713_net_price_cents ?? 0,
          fees: { ...L713_FEES, associationDue: L713_FEES.associationDues[enrollment.tier ?? "IO"] ?? L713_FEES.associationDues.IO },
        }
      : null,
    adminFee: feeCarrier ? { carrier: feeCarrier.name, percent: feeCarrier.admin_fee_percent } : null,
    hasOptionalLife: view.some((l) => l.isTermLife),
    tier: enrollment.tier,
    tierLabelKey: isTier(enrollment.tier)
      ? tierLabelKey(enrollment.tier, { premierInCart: lines.some((l) => catalog.plans.get(l.plan_id)?.is_premier === 1) })
      : null,
  };
}

/**
 * Removes a line the visitor may remove. What was added with it (a membership, a premier
 * companion) goes too — unless another plan in the cart still needs that membership.
 */
export async function removeCartLine(
  services: Services,
  enrollment: Enrollment,
  lineId: number,
): Promise<"removed" | "notInCart" | "notRemovable"> {
  const [catalog, lines] = await Promise.all([catalogFor(services, enrollment), cartLinesOnce(services, enrollment.id)]);
  const line = lines.find((l) => l.id === lineId);
  if (!line) return "notInCart";
  if (line.removable !== 1) return "notRemovable";
  const stillNeedsMembership = lines.find(
    (l) => l.id !== lineId && l.paired_line_id === null && catalog.plans.get(l.plan_id)?.membership_required === 1,
  );
  const membership = lines.find((l) => l.paired_line_id === lineId && catalog.plans.get(l.plan_id)?.is_membership === 1);
  if (membership && stillNeedsMembership) {
    await repairCartLine(services.db, membership.id, stillNeedsMembership.id);
  }
  await deleteCartLine(services.db, enrollment.id, lineId);
  return "removed";
}
