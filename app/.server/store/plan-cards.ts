/** Plan cards and the sections of the plans screen, built from the in-memory catalog. */
import { browsablePlans, planText, type Catalog, type CatalogPlan } from "../repositories/catalog";
import { availability, pricePlan, tierPrices, type QuoteFacts } from "~/domain/pricing";
import { TIERS, tierLabelKey } from "~/domain/tiers";
import { sanitizeHtml, slugify } from "~/utils/sanitize";
import { safeUrl } from "../repositories/branding";
import type { PlanCardData, PlanSection } from "~/views/plans";

export type { PlanCardData, PlanSection } from "~/views/plans";

export function planHref(plan: CatalogPlan) {
  return `/plan/${plan.id}/${slugify(planText(plan, "en")?.name ?? plan.code)}`;
}

export interface CardContext {
  facts: QuoteFacts | null;
  locale: string;
  cartPlanIds: Set<number>;
  /** a premier plan is in the cart (IC is then 'Member + 1 Child') */
  premierInCart: boolean;
  outcome: (planId: number, kind: "eligibility" | "enroll") => "accepted" | "declined" | null;
}

export function planCard(catalog: Catalog, plan: CatalogPlan, ctx: CardContext): PlanCardData {
  const text = planText(plan, ctx.locale);
  const rows = catalog.priceRows.get(plan.id) ?? [];
  let prices: PlanCardData["tierPrices"] = [];
  let myPriceCents: number | null = null;
  let directAdd: number | null = null;
  if (ctx.facts) {
    prices = tierPrices(plan, rows, ctx.facts, TIERS)
      .filter((p) => p.priceCents > 0)
      .map((p) => ({ ...p, labelKey: tierLabelKey(p.tier, { premierInCart: ctx.premierInCart, priceRow: true }) }));
    const pricing = pricePlan(plan, rows, ctx.facts);
    if (pricing.ok) {
      myPriceCents = pricing.entries[0].priceCents;
      const questions = catalog.questions.get(plan.id);
      const simple =
        !plan.membership_required &&
        !plan.is_premier &&
        (!questions?.eligibility.length || ctx.outcome(plan.id, "eligibility") === "accepted") &&
        (!plan.has_enroll_questions || ctx.outcome(plan.id, "enroll") === "accepted");
      if (simple) directAdd = pricing.entries[0].planPriceId;
    }
  }
  return {
    id: plan.id,
    name: text?.name ?? plan.code,
    href: planHref(plan),
    logoUrl: safeUrl(plan.logo_url),
    shortHtml: sanitizeHtml(text?.short_text),
    callout: text?.callout_text ?? null,
    categoryKey: plan.categoryKey,
    bundleSize: plan.bundle_size,
    tierPrices: prices,
    myPriceCents,
    inCart: ctx.cartPlanIds.has(plan.id),
    hideAdd: plan.hide_add_to_cart === 1,
    directAdd,
  };
}

/** Is the plan for sale to this quote at all (state, area, age and tier)? Plans that only
 *  need more answers (tobacco, salary, hours) stay listed. */
export function listedFor(catalog: Catalog, plan: CatalogPlan, facts: QuoteFacts | null) {
  if (!facts) return true;
  if (availability(plan, facts)) return false;
  const result = pricePlan(plan, catalog.priceRows.get(plan.id) ?? [], facts);
  return result.ok || result.errorCode !== "tierError";
}

export function planSections(catalog: Catalog, options: { over65: boolean; type: string | null; ctx: CardContext }): PlanSection[] {
  const plans = browsablePlans(catalog, options.over65).filter((p) => (!options.type || p.categoryKey === options.type) && listedFor(catalog, p, options.ctx.facts));
  const sections: PlanSection[] = [];
  for (const category of catalog.categories) {
    const inCategory = plans.filter((p) => p.category_id === category.id);
    if (!inCategory.length) continue;
    const cards = inCategory.map((p) => planCard(catalog, p, options.ctx));
    const heading = options.ctx.locale === "es" ? category.heading_es : category.heading_en;
    if (category.key === "bundles") {
      const sizes = [2, 3, 4, 5].map((size) => ({ size, plans: cards.filter((c) => c.bundleSize === size) })).filter((b) => b.plans.length);
      sections.push({ key: category.key, heading, plans: [], bundles: sizes });
    } else sections.push({ key: category.key, heading, plans: cards });
  }
  return sections;
}
