/** The data of a plans screen (/plans and /new-plans). */
import type { RequestContext } from "../platform/request-context";
import { shoppingContext } from "./shopping";
import { sectionsForVisitor } from "./plan-cards";
import { cachedPricedSections } from "./listing-cache";
import { siteOf } from "./site";
import { recommendedCards } from "./recommended";
import { field } from "../platform/request";
import { handleAddToCart } from "./add-to-cart";
import { submitQuote } from "./quote";
import type { ListedCard, PlanCardData, PlanSection, PlansListingData } from "~/views/plans";

export type { PlansListingData } from "~/views/plans";

export async function plansListing(rc: RequestContext, request: Request, requestedType: string | null): Promise<PlansListingData> {
  const { services } = rc;
  const [ctx, site] = await Promise.all([shoppingContext(rc), siteOf(services, request)]);
  const type = requestedType && ctx.catalog.categories.some((c) => c.key === requestedType) ? requestedType : null;
  // Priced once per question and shared (ADR 011); the visitor's ticks and add buttons on top.
  const priced = cachedPricedSections(ctx.catalog, {
    siteId: site.id,
    locale: ctx.locale,
    facts: ctx.facts,
    over65: ctx.over65,
    type,
    premierInCart: ctx.premierInCart,
  });
  const sections = sectionsForVisitor(priced, { cartPlanIds: ctx.cartPlanIds, activePlanIds: ctx.activePlanIds, outcome: ctx.outcome });
  const recommended =
    ctx.quoted && ctx.session.get("eprocess") !== "group"
      ? await recommendedCards(services, { enrollment: ctx.quoted, facts: ctx.facts, over65: ctx.over65, locale: ctx.locale })
      : [];
  return {
    type,
    sections,
    categories: ctx.catalog.categories.map((c) => ({ key: c.key, label: ctx.locale === "es" ? c.label_es : c.label_en })),
    filter: ctx.filter,
    banner: ctx.banner,
    recommended,
  };
}

/**
 * The listing as the browser is sent it (issue 24). For a document (`listedCards`: the server's
 * render gets the whole cards there, by plan id) each card carries only what the browser's own
 * rendering needs — id, name, link, the visitor's cart tick and add button; the rest is drawn once
 * into the HTML (components/plan-card-html.ts) and would be paid twice as JSON. Loader data for a
 * client navigation (no `listedCards`) keeps the whole cards: the browser draws them itself.
 */
export function listingForBrowser(
  data: PlansListingData,
  listedCards: Map<number, PlanCardData> | undefined,
): PlansListingData<ListedCard> {
  if (!listedCards) return data;
  const lean = (card: PlanCardData): ListedCard => {
    listedCards.set(card.id, card);
    return {
      id: card.id,
      name: card.name,
      href: card.href,
      inCart: card.inCart,
      current: card.current,
      hideAdd: card.hideAdd,
      directAdd: card.directAdd,
    };
  };
  const section = (s: PlanSection): PlanSection<ListedCard> => ({
    key: s.key,
    heading: s.heading,
    plans: s.plans.map(lean),
    ...(s.bundles ? { bundles: s.bundles.map((b) => ({ size: b.size, plans: b.plans.map(lean) })) } : {}),
  });
  return { ...data, sections: data.sections.map(section) };
}

/** The plans screens' action: add to cart from a card, or save the Basic Details; both come back. */
export async function plansAction(ctx: RequestContext, request: Request, form: FormData) {
  const { services } = ctx;
  const session = await ctx.session;
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  url.searchParams.delete("added");
  const back = url.pathname + url.search;
  // an add comes back to its card in the list (issue 26 #3)
  if (field(form, "intent", 20) === "add")
    return handleAddToCart(services, request, session, form, { from: "listing", back, toCard: true });
  return submitQuote(services, request, session, form, { requireCategory: false, next: () => back });
}
