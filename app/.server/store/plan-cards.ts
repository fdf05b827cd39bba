/** Plan cards and the sections of the plans screen, built from the in-memory catalog. */
import { browsablePlans, planText, type Catalog, type CatalogPlan } from "../repositories/catalog";
import { availability, needsSalaryForPrice, pricePlan, tierPrices, type QuoteFacts } from "~/domain/pricing";
import { isPricedPerPet, TIERS, tierLabelKey } from "~/domain/tiers";
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
  /** the plans the visitor (a current member) already holds, active: never offered again */
  activePlanIds: ReadonlySet<number>;
  /** a premier plan is in the cart (IC is then 'Member + 1 Child') */
  premierInCart: boolean;
  outcome: (planId: number, kind: "eligibility" | "enroll") => "accepted" | "declined" | null;
}

/**
 * A card as the quote prices it, before the visitor's own cart and answers: a pure function of
 * the catalog, the language, the quote facts and whether a premier plan is in the cart. The
 * listing cache (listing-cache.ts) shares these between visitors; they are never changed.
 */
export interface PricedCard extends Omit<PlanCardData, "inCart" | "current" | "directAdd"> {
  /** server-side only (grouping, tests); not sent to the browser */
  categoryKey: string;
  bundleSize: number | null;
  /** the applicant's own tier price, when known */
  myPriceCents: number | null;
  /** the price id a card may add straight away, when the visitor's answers allow it */
  addPriceId: number | null;
  needsEligibility: boolean;
  needsEnroll: boolean;
}

export interface PricedSection {
  key: string;
  heading: string;
  plans: PricedCard[];
  bundles?: Array<{ size: number; plans: PricedCard[] }>;
}

export function pricedCard(catalog: Catalog, plan: CatalogPlan, ctx: Pick<CardContext, "facts" | "locale" | "premierInCart">): PricedCard {
  const text = planText(plan, ctx.locale);
  const rows = catalog.priceRows.get(plan.id) ?? [];
  let prices: PlanCardData["tierPrices"] = [];
  let myPriceCents: number | null = null;
  let addPriceId: number | null = null;
  if (ctx.facts) {
    prices = tierPrices(plan, rows, ctx.facts, TIERS)
      .filter((p) => p.priceCents > 0)
      .map((p) => ({ ...p, labelKey: tierLabelKey(p.tier, { premierInCart: ctx.premierInCart, priceRow: true }) }));
    if (isPricedPerPet(plan.categoryKey) && prices.length) {
      const own = prices.find((p) => p.tier === ctx.facts?.tier) ?? prices[0];
      prices = [{ tier: own.tier, priceCents: own.priceCents, labelKey: "tiers.perPet" }];
    }
    const pricing = pricePlan(plan, rows, ctx.facts);
    if (pricing.ok) {
      myPriceCents = pricing.entries[0].priceCents;
      if (!plan.membership_required && !plan.is_premier) addPriceId = pricing.entries[0].planPriceId;
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
    needsSalary: ctx.facts ? needsSalaryForPrice(plan, ctx.facts) : false,
    myPriceCents,
    hideAdd: plan.hide_add_to_cart === 1,
    addPriceId,
    needsEligibility: Boolean(catalog.questions.get(plan.id)?.eligibility.length),
    needsEnroll: Boolean(plan.has_enroll_questions),
  };
}

/** What a card takes from the visitor: their cart, their active plans and their answers. */
export type Visitor = Pick<CardContext, "cartPlanIds" | "activePlanIds" | "outcome">;

/** The card this visitor sees: a new object with their cart's tick and their answers' add. */
/** The priced card each visitor's card was made from (cards the server draws: card-html.ts). */
const madeFrom = new WeakMap<PlanCardData, PricedCard>();
export const pricedCardOf = (card: PlanCardData): PricedCard | undefined => madeFrom.get(card);

/**
 * A shared (frozen) priced card's shown fields, taken apart once per priced card instead of once
 * per visitor and card (issue 24: the rest-destructuring was ~1.5% of a fresh /plans). The part
 * holds only the priced card's own fields, never a visitor's; it goes with the card.
 */
const shownOf = new WeakMap<
  PricedCard,
  Omit<PricedCard, "addPriceId" | "needsEligibility" | "needsEnroll" | "categoryKey" | "bundleSize" | "myPriceCents">
>();
function shownPart(card: PricedCard) {
  let shown = shownOf.get(card);
  if (!shown) {
    const {
      addPriceId: _add,
      needsEligibility: _e,
      needsEnroll: _n,
      categoryKey: _category,
      bundleSize: _bundle,
      myPriceCents: _mine,
      ...rest
    } = card;
    shown = rest;
    if (Object.isFrozen(card)) shownOf.set(card, shown);
  }
  return shown;
}

export function forVisitor(card: PricedCard, visitor: Visitor): PlanCardData {
  // Only what the card shows travels to the browser (loader data is inlined in every page).
  const { addPriceId, needsEligibility, needsEnroll } = card;
  const shown = shownPart(card);
  const answered =
    (!needsEligibility || visitor.outcome(card.id, "eligibility") === "accepted") &&
    (!needsEnroll || visitor.outcome(card.id, "enroll") === "accepted");
  const current = visitor.activePlanIds.has(card.id);
  const made = {
    ...shown,
    inCart: visitor.cartPlanIds.has(card.id),
    current,
    directAdd: addPriceId !== null && answered && !current ? addPriceId : null,
  };
  if (Object.isFrozen(card)) madeFrom.set(made, card);
  return made;
}

export function planCard(catalog: Catalog, plan: CatalogPlan, ctx: CardContext): PlanCardData {
  return forVisitor(pricedCard(catalog, plan, ctx), ctx);
}

/** Is the plan for sale to this quote at all (state, area, age and tier)? Plans that only
 *  need more answers (tobacco, salary, hours) stay listed. */
export function listedFor(catalog: Catalog, plan: CatalogPlan, facts: QuoteFacts | null) {
  if (!facts) return true;
  if (availability(plan, facts)) return false;
  const result = pricePlan(plan, catalog.priceRows.get(plan.id) ?? [], facts);
  return result.ok || result.errorCode !== "tierError";
}

/** The sections of a plans screen as the quote prices them (pure: see PricedCard). */
export function pricedSections(
  catalog: Catalog,
  options: { over65: boolean; type: string | null; ctx: Pick<CardContext, "facts" | "locale" | "premierInCart"> },
): PricedSection[] {
  const plans = browsablePlans(catalog, options.over65).filter(
    (p) => (!options.type || p.categoryKey === options.type) && listedFor(catalog, p, options.ctx.facts),
  );
  const sections: PricedSection[] = [];
  for (const category of catalog.categories) {
    const inCategory = plans.filter((p) => p.category_id === category.id);
    if (!inCategory.length) continue;
    const cards = inCategory.map((p) => pricedCard(catalog, p, options.ctx));
    const heading = options.ctx.locale === "es" ? category.heading_es : category.heading_en;
    if (category.key === "bundles") {
      const sizes = [2, 3, 4, 5].map((size) => ({ size, plans: cards.filter((c) => c.bundleSize === size) })).filter((b) => b.plans.length);
      sections.push({ key: category.key, heading, plans: [], bundles: sizes });
    } else sections.push({ key: category.key, heading, plans: cards });
  }
  return sections;
}

/** The sections this visitor sees: new objects throughout, the priced ones are left as they are. */
export function sectionsForVisitor(sections: readonly PricedSection[], visitor: Visitor): PlanSection[] {
  return sections.map((section) => ({
    key: section.key,
    heading: section.heading,
    plans: section.plans.map((card) => forVisitor(card, visitor)),
    ...(section.bundles
      ? { bundles: section.bundles.map((b) => ({ size: b.size, plans: b.plans.map((card) => forVisitor(card, visitor)) })) }
      : {}),
  }));
}
