/**
 * Pet plans are priced per pet, the same whoever is in the household (seed/catalog.ts): their
 * cards show one price, "Per pet", not four identical human tiers (issue 26 #8), in both
 * languages. Other plans keep their tier rows.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as plansRoute from "~/routes/_store.plans";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { renderPage } from "../support/render";
import { quotedClient } from "../support/journeys";
import type { PlansListingData } from "~/views/plans";

describeEachDatabase("pet plans' prices", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("a pet card shows one price per pet; a dental card its tiers", async () => {
    const c = await quotedClient(app, { category: "pet", spouseDob: "05/05/1987", childCount: "2" });
    const pet = (await c.load(plansRoute.loader, "/plans?type=pet")).data as PlansListingData;
    const cards = pet.sections.flatMap((s) => s.plans);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.tierPrices, card.name).toHaveLength(1);
      expect(card.tierPrices[0].labelKey).toBe("tiers.perPet");
      expect(card.tierPrices[0].priceCents).toBeGreaterThan(0);
    }
    const dental = (await c.load(plansRoute.loader, "/plans?type=dental")).data as PlansListingData;
    expect(dental.sections.flatMap((s) => s.plans).some((p) => p.tierPrices.length > 1)).toBe(true);
    // the page reads it in both languages
    const route = { path: "plans", module: plansRoute };
    expect((await renderPage(c, "/plans?type=pet", route)).html).toContain("Per pet");
    expect((await renderPage(c, "/plans?type=pet&lng=es", route)).html).toContain("Por mascota");
  });
});
