import { describe, expect, it, vi } from "vitest";
import type { TFunction } from "i18next";
import * as drawing from "~/components/plan-card-html";
import { keptCardBody } from "./card-html";

// through the module, so a spy on the drawing sees each call
const cardBodyHtml = keptCardBody((card, t, language) => drawing.planCardBodyHtml(card, t, language));
import { forVisitor, type PricedCard } from "./plan-cards";

const t = ((key: string) => ({ "plans.perMonth": "/month", "tiers.member": "Member" })[key] ?? key) as unknown as TFunction;
const visitor = (inCart: number[]) => ({ cartPlanIds: new Set(inCart), activePlanIds: new Set<number>(), outcome: () => null });

const priced = (id: number, priceCents: number): PricedCard => ({
  id,
  name: `Plan ${id}`,
  href: `/plan/${id}/plan-${id}`,
  logoUrl: null,
  shortHtml: "<p>Cleanings</p>",
  callout: null,
  tierPrices: [{ tier: "member" as PricedCard["tierPrices"][number]["tier"], priceCents, labelKey: "tiers.member" }],
  hideAdd: false,
  needsSalary: false,
  categoryKey: "dental",
  bundleSize: null,
  myPriceCents: priceCents,
  addPriceId: 7,
  needsEligibility: false,
  needsEnroll: false,
});
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
};

describe("a card's drawn part, once per shared priced card (issue 24)", () => {
  it("is drawn once for every visitor shown the same shared card, and equals a fresh drawing", () => {
    const draw = vi.spyOn(drawing, "planCardBodyHtml");
    const shared = deepFreeze(priced(1, 2550));
    const a = forVisitor(shared, visitor([]));
    const b = forVisitor(shared, visitor([1]));
    const first = cardBodyHtml(a, t, "en");
    expect(first).toBe(drawing.planCardBodyHtml(a, t, "en"));
    draw.mockClear();
    expect(cardBodyHtml(b, t, "en")).toBe(first);
    expect(cardBodyHtml(a, t, "en")).toBe(first);
    expect(draw).not.toHaveBeenCalled();
    // another language is its own drawing
    cardBodyHtml(a, t, "es");
    expect(draw).toHaveBeenCalledTimes(1);
    draw.mockRestore();
  });

  it("asks for the same translation keys when it reuses a drawing (the page's strings stay the same)", () => {
    const shared = deepFreeze(priced(3, 2550));
    const asked = (draw: (t: TFunction) => void) => {
      const keys: string[] = [];
      draw(((key: string) => {
        keys.push(key);
        return t(key);
      }) as unknown as TFunction);
      return keys.sort();
    };
    const fresh = asked((tt) => drawing.planCardBodyHtml(forVisitor(shared, visitor([])), tt, "en"));
    expect(fresh).toEqual(["plans.perMonth", "tiers.member"]);
    expect(asked((tt) => cardBodyHtml(forVisitor(shared, visitor([])), tt, "en"))).toEqual(fresh);
    expect(asked((tt) => cardBodyHtml(forVisitor(shared, visitor([])), tt, "en"))).toEqual(fresh);
  });

  it("another question's card (other prices) is never given this one's drawing", () => {
    const one = forVisitor(deepFreeze(priced(1, 2550)), visitor([]));
    const other = forVisitor(deepFreeze(priced(1, 9999)), visitor([]));
    expect(cardBodyHtml(one, t, "en")).toContain("$25.50");
    expect(cardBodyHtml(other, t, "en")).toContain("$99.99");
    expect(cardBodyHtml(other, t, "en")).not.toContain("$25.50");
  });

  it("a card not made from a frozen (shared) priced card is drawn every time", () => {
    const draw = vi.spyOn(drawing, "planCardBodyHtml");
    const loose = priced(2, 1000);
    const card = forVisitor(loose, visitor([]));
    cardBodyHtml(card, t, "en");
    loose.tierPrices = [{ ...loose.tierPrices[0], priceCents: 2000 }];
    expect(cardBodyHtml(forVisitor(loose, visitor([])), t, "en")).toContain("$20.00");
    expect(draw).toHaveBeenCalledTimes(2);
    draw.mockRestore();
  });
});
