/** Recommended products for a visitor: the recommendation service's picks, priced. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import {
  createRecommendationService,
  MAX_RECOMMENDATIONS,
  type Recommendation,
  type RecommendationInput,
} from "../adapters/recommendations";
import { once } from "../platform/request-memo";
import { planText } from "../repositories/catalog";
import { catalogFor } from "./shopping";
import { planHref } from "./plan-cards";
import { safeUrl } from "../repositories/branding";
import { tierPrices, type QuoteFacts } from "~/domain/pricing";
import { TIERS } from "~/domain/tiers";
import type { RecommendedCard } from "~/views/plans";

export type { RecommendedCard } from "~/views/plans";

/**
 * The service's picks, asked once per page: the header's "View Your Recommended Products" and
 * the page's carousel ask the same question (the same facts), and share the answer.
 */
export async function recommendations(
  services: Services,
  input: Omit<RecommendationInput, "catalog" | "enrollmentId"> & { enrollment: Enrollment | null },
): Promise<Recommendation[]> {
  const { limit = MAX_RECOMMENDATIONS, enrollment, ...facts } = input;
  // the catalog in force on the visitor's coverage date, as their listing is priced
  const catalog = await catalogFor(services, enrollment);
  const question = { ...facts, enrollmentId: enrollment?.id ?? null };
  const all = await once(services, `recommendations:${catalog.fingerprint}:${JSON.stringify(question)}`, () =>
    createRecommendationService(services.db, services.dialect).recommend({ ...question, catalog, limit: MAX_RECOMMENDATIONS }),
  );
  return all.slice(0, Math.max(0, limit));
}

export async function recommendedCards(
  services: Services,
  input: { enrollment: Enrollment | null; facts: QuoteFacts | null; over65: boolean; locale: string; planId?: number; limit?: number },
): Promise<RecommendedCard[]> {
  const picks = await recommendations(services, {
    enrollment: input.enrollment,
    state: input.facts?.state ?? null,
    tier: input.facts?.tier ?? null,
    age: input.facts?.age ?? null,
    gender: input.facts?.gender ?? null,
    over65: input.over65,
    planId: input.planId ?? null,
    limit: input.limit ?? 5,
  });
  const catalog = await catalogFor(services, input.enrollment);
  const categories = new Map(catalog.categories.map((c) => [c.id, input.locale === "es" ? c.label_es : c.label_en]));
  return picks.flatMap((pick) => {
    const plan = catalog.plans.get(pick.planId);
    if (!plan) return [];
    const prices = input.facts
      ? tierPrices(plan, catalog.priceRows.get(plan.id) ?? [], input.facts, TIERS)
          .map((p) => p.priceCents)
          .filter((c) => c > 0)
      : [];
    return [
      {
        id: plan.id,
        name: planText(plan, input.locale)?.name ?? plan.code,
        href: planHref(plan),
        logoUrl: safeUrl(plan.logo_url),
        categoryLabel: categories.get(plan.category_id) ?? "",
        startingFromCents: prices.length ? Math.min(...prices) : null,
      },
    ];
  });
}
