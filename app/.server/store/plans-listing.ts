/** The data of a plans screen (/plans and /new-plans). */
import type { Services } from "../services";
import { shoppingContext } from "./shopping";
import { sectionsForVisitor } from "./plan-cards";
import { cachedPricedSections } from "./listing-cache";
import { siteOf } from "./site";
import { recommendedCards } from "./recommended";
import { field } from "../platform/request";
import { handleAddToCart } from "./add-to-cart";
import { submitQuote } from "./quote";
import type { PlansListingData } from "~/views/plans";

export type { PlansListingData } from "~/views/plans";

export async function plansListing(services: Services, request: Request, requestedType: string | null): Promise<PlansListingData> {
  const [ctx, site] = await Promise.all([shoppingContext(services, request), siteOf(services, request)]);
  const type = requestedType && ctx.catalog.categories.some((c) => c.key === requestedType) ? requestedType : null;
  // Priced once per question and shared (ADR 011); the visitor's ticks and add buttons on top.
  const priced = cachedPricedSections(ctx.catalog, { siteId: site.id, locale: ctx.locale, facts: ctx.facts, over65: ctx.over65, type, premierInCart: ctx.premierInCart });
  const sections = sectionsForVisitor(priced, { cartPlanIds: ctx.cartPlanIds, outcome: ctx.outcome });
  const recommended =
    ctx.quoted && ctx.session.get("eprocess") !== "group" ? await recommendedCards(services, { enrollment: ctx.quoted, facts: ctx.facts, over65: ctx.over65, locale: ctx.locale }) : [];
  return {
    type,
    sections,
    categories: ctx.catalog.categories.map((c) => ({ key: c.key, label: ctx.locale === "es" ? c.label_es : c.label_en })),
    filter: ctx.filter,
    banner: ctx.banner,
    recommended,
  };
}

/** The plans screens' action: add to cart from a card, or save the Basic Details; both come back. */
export async function plansAction(services: Services, request: Request, form: FormData) {
  const session = await services.sessions.read(request);
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const back = url.pathname + url.search;
  if (field(form, "intent", 20) === "add") return handleAddToCart(services, request, session, form, { from: "listing", back });
  return submitQuote(services, request, session, form, { requireCategory: false, next: () => back });
}
