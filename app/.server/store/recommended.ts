/** Recommended products for a visitor: the recommendation service's picks, priced. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { createRecommendationService } from "../adapters/recommendations";
import { loadCatalog, planText } from "../repositories/catalog";
import { planHref } from "./plan-cards";
import { safeUrl } from "../repositories/branding";
import { tierPrices, type QuoteFacts } from "~/domain/pricing";
import { TIERS } from "~/domain/tiers";
import type { RecommendedCard } from "~/views/plans";

export type { RecommendedCard } from "~/views/plans";

export async function recommendedCards(
  services: Services,
  input: { enrollment: Enrollment | null; facts: QuoteFacts | null; over65: boolean; locale: string; planId?: number; limit?: number },
): Promise<RecommendedCard[]> {
  const service = createRecommendationService(services.db);
  const picks = await service.recommend({
    enrollmentId: input.enrollment?.id ?? null,
    state: input.facts?.state ?? null,
    tier: input.facts?.tier ?? null,
    age: input.facts?.age ?? null,
    gender: input.facts?.gender ?? null,
    over65: input.over65,
    planId: input.planId ?? null,
    limit: input.limit ?? 5,
  });
  const catalog = await loadCatalog(services.db);
  const categories = new Map(catalog.categories.map((c) => [c.id, input.locale === "es" ? c.label_es : c.label_en]));
  return picks.flatMap((pick) => {
    const plan = catalog.plans.get(pick.planId);
    if (!plan) return [];
    const prices = input.facts ? tierPrices(plan, catalog.priceRows.get(plan.id) ?? [], input.facts, TIERS).map((p) => p.priceCents).filter((c) => c > 0) : [];
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
