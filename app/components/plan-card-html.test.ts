import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { planCardActionsHtml, planCardBodyHtml } from "./plan-card-html";
import { listingForBrowser } from "~/.server/store/plans-listing";
import type { PlanCardData, PlansListingData } from "~/views/plans";

const t = ((key: string) => ({ "plans.perMonth": "/month", "tiers.member": "Member" })[key] ?? key) as unknown as TFunction;

const card = (id: number, over: Partial<PlanCardData> = {}): PlanCardData => ({
  id,
  name: `Plan ${id}`,
  href: `/plan/${id}/plan-${id}`,
  logoUrl: null,
  shortHtml: "<p>Cleanings</p>",
  callout: null,
  tierPrices: [{ tier: "member" as PlanCardData["tierPrices"][number]["tier"], priceCents: 2550, labelKey: "tiers.member" }],
  inCart: false,
  current: false,
  hideAdd: false,
  directAdd: 7,
  needsSalary: false,
  ...over,
});

describe("a plan card's drawn-once part", () => {
  it("says a salary is needed instead of a price for a salary-priced plan with no salary (issue 26 #6)", () => {
    const html = planCardBodyHtml(card(5, { tierPrices: [], needsSalary: true }), t, "en");
    expect(html).toContain("plans.salaryForPrice");
    expect(html).not.toContain("/month");
    expect(planCardBodyHtml(card(5), t, "en")).not.toContain("plans.salaryForPrice");
  });
  it("escapes the text and attributes it puts into HTML, and keeps the sanitised short text", () => {
    const html = planCardBodyHtml(
      card(3, { name: `A <b>"bold"</b> & plan`, callout: "<script>x</script>", logoUrl: `/logo.svg" onerror="x` }),
      t,
      "en",
    );
    expect(html).toContain("A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; plan");
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).toContain('src="/logo.svg&quot; onerror=&quot;x"');
    expect(html).not.toContain("<script>");
    expect(html).toContain("<p>Cleanings</p>");
    expect(html).toContain('id="plan-3-title"');
    expect(html).toMatch(/<dt>Member<\/dt><dd>\$25\.50<span class="muted">\/month<\/span><\/dd>/);
  });

  it("draws the card's buttons from what the browser has too: add, link to add, tick; always the details link", () => {
    const direct = planCardActionsHtml(card(3, { name: "A & B" }), "plan-add", t);
    expect(direct).toContain('<button class="button" type="submit" form="plan-add" name="add" value="3:7" aria-label="plans.addNamed">');
    expect(direct).toContain('<a class="button button--secondary" href="/plan/3/plan-3"');
    expect(planCardActionsHtml(card(3, { directAdd: null }), "plan-add", t)).toMatch(/^<a class="button" href="\/plan\/3\/plan-3"/);
    const ticked = planCardActionsHtml(card(3, { inCart: true }), "plan-add", t);
    expect(ticked).toContain('data-testid="in-cart"');
    expect(ticked).not.toContain("<button");
    expect(planCardActionsHtml(card(3, { hideAdd: true }), "plan-add", t)).not.toContain("plans.add<");
  });

  it("shows a member's active plan as their current plan, with no add (issue 26 #8)", () => {
    const current = planCardActionsHtml(card(3, { current: true }), "plan-add", t);
    expect(current).toContain('data-testid="current-plan"');
    expect(current).toContain("plans.currentPlan");
    expect(current).not.toContain("<button");
    expect(current).not.toContain("plans.add<");
    expect(current).toContain('<a class="button button--secondary" href="/plan/3/plan-3"');
  });

  it("draws no price list for a card without prices", () => {
    expect(planCardBodyHtml(card(4, { tierPrices: [] }), t, "en")).not.toContain("<dl");
  });
});

describe("the listing as the browser is sent it", () => {
  const data: PlansListingData = {
    type: null,
    sections: [
      { key: "dental", heading: "Dental", plans: [card(1), card(2, { inCart: true, directAdd: null })] },
      { key: "bundles", heading: "Bundles", plans: [], bundles: [{ size: 2, plans: [card(5)] }] },
    ],
    categories: [],
    filter: null,
    banner: {} as PlansListingData["banner"],
    recommended: [],
  };

  it("a document's hydration data carries only what the browser renders; the whole cards stay on the server", () => {
    const kept = new Map<number, PlanCardData>();
    const sent = listingForBrowser(data, kept);
    const json = JSON.stringify(sent);
    expect(json).not.toContain("Cleanings");
    expect(json).not.toContain("priceCents");
    expect(sent.sections[0].plans[1]).toEqual({
      id: 2,
      name: "Plan 2",
      href: "/plan/2/plan-2",
      inCart: true,
      current: false,
      hideAdd: false,
      directAdd: null,
    });
    expect(sent.sections[1].bundles?.[0].plans[0].id).toBe(5);
    expect([...kept.keys()].sort()).toEqual([1, 2, 5]);
    expect(kept.get(1)).toBe(data.sections[0].plans[0]);
  });

  it("loader data for a client navigation keeps the whole cards", () => {
    expect(listingForBrowser(data, undefined)).toBe(data);
  });
});
