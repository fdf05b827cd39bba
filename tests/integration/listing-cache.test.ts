/**
 * The shared priced listing (ADR 011): a listing cached for one visitor is never what a visitor
 * with other quote facts, another language, another site or another cart sees. Each visitor's
 * page is compared with the same page computed afresh (cache emptied), and with the others'.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as plansLoader } from "~/routes/_store.plans";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { todayIso } from "~/domain/dates";
import { loadCatalog } from "~/.server/repositories/catalog";
import { cachedListings, clearListingCache } from "~/.server/store/listing-cache";
import type { PlansListingData } from "~/views/plans";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { addPlan } from "../support/journeys";

const QUOTE = {
  intent: "quote",
  zip: "75201",
  dob: "04/12/1988",
  gender: "0",
  spouseDob: "",
  childCount: "0",
  smoker: "",
  category: "dental",
};

describeEachDatabase("the shared priced listing", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  const catalog = () => loadCatalog(app.services.db, todayIso(new Date()));
  beforeEach(async () => clearListingCache(await catalog()));

  async function visitor(quote: Partial<typeof QUOTE> = {}, host?: string) {
    const c = new TestClient(app.services, host);
    await c.setSession({ repAuthenticated: true });
    const res = await c.submit(indexAction, "/", { ...QUOTE, ...quote });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    return c;
  }
  async function listing(c: TestClient, path = "/plans"): Promise<PlansListingData> {
    const res = await c.load(plansLoader, path);
    expect(res.status).toBe(200);
    return res.data;
  }
  /** The same page with nothing cached: what this visitor must see. */
  async function fresh(c: TestClient, path = "/plans") {
    clearListingCache(await catalog());
    return listing(c, path);
  }
  const cards = (d: PlansListingData) => d.sections.flatMap((s) => [...s.plans, ...(s.bundles ?? []).flatMap((b) => b.plans)]);
  const prices = (d: PlansListingData) => cards(d).map((c) => [c.id, c.tierPrices.map((p) => p.priceCents).join(",")].join(":"));

  it("shares one entry between visitors asking the same question, and sends no internal field", async () => {
    const a = await visitor();
    const b = await visitor();
    const first = await listing(a);
    expect(cachedListings(await catalog())).toBe(1);
    expect(await listing(b)).toEqual(first);
    expect(cachedListings(await catalog())).toBe(1);
    expect(cards(first).some((c) => c.tierPrices.length > 0)).toBe(true);
    for (const card of cards(first)) expect(Object.keys(card)).not.toEqual(expect.arrayContaining(["addPriceId"]));
    expect(JSON.stringify(first)).not.toMatch(/addPriceId|needsEligibility|needsEnroll/);
  });

  it("never shows a listing priced for other quote facts", async () => {
    const variants: Array<Partial<typeof QUOTE>> = [
      {},
      { dob: "04/12/1958" }, // age
      { zip: "33131" }, // state
      { gender: "1" },
      { smoker: "1" },
      { spouseDob: "05/05/1985" }, // tier
      { childCount: "2" },
    ];
    const clients = await Promise.all(variants.map((v) => visitor(v)));
    const seen = [];
    for (const c of clients) seen.push(await listing(c)); // each after the others were cached
    expect(cachedListings(await catalog())).toBe(variants.length);
    for (const [i, c] of clients.entries()) expect(await listing(c), JSON.stringify(variants[i])).toEqual(await fresh(c));
    // and the variants really are priced differently (the test could fail)
    const distinct = new Set(seen.map((d) => JSON.stringify(prices(d))));
    expect(distinct.size).toBeGreaterThan(4);
  });

  it("never shows a listing in another language", async () => {
    const en = await visitor();
    const es = await visitor();
    const english = await listing(en);
    const spanish = await listing(es, "/plans?lng=es");
    expect(spanish).toEqual(await fresh(es, "/plans?lng=es"));
    expect(spanish.sections.map((s) => s.heading)).not.toEqual(english.sections.map((s) => s.heading));
    expect(await listing(en)).toEqual(english);
  });

  it("never shows a listing of another site", async () => {
    const here = await visitor();
    const there = await visitor({}, DEMO.hosts.whiteLabel);
    await listing(here);
    await listing(there);
    expect(cachedListings(await catalog())).toBe(2);
    expect(await listing(there)).toEqual(await fresh(there));
  });

  it("never shows another visitor's cart: ticks and add buttons are the visitor's own", async () => {
    const withCart = await visitor();
    const empty = await visitor();
    await addPlan(withCart, "BSD-PPO-ESS");
    const theirs = await listing(withCart);
    const mine = await listing(empty);
    const ticked = (d: PlansListingData) =>
      cards(d)
        .filter((c) => c.inCart)
        .map((c) => c.id);
    expect(ticked(theirs)).toEqual([planId("BSD-PPO-ESS")]);
    expect(ticked(mine)).toEqual([]);
    expect(mine).toEqual(await fresh(empty));
    expect(await listing(withCart)).toEqual(await fresh(withCart));
  });

  it("keeps the catalog, and so the listings made from it, when a minute's read finds nothing changed", async () => {
    const db = app.services.db;
    const start = Date.now();
    const held = await loadCatalog(db, todayIso(new Date()), start);
    await listing(await visitor());
    expect(cachedListings(held)).toBe(1);
    expect(await loadCatalog(db, todayIso(new Date()), start + 61_000)).toBe(held); // read again: the same rows
    expect(cachedListings(await catalog())).toBe(1);
    const plan = planId("BSD-PPO-ESS");
    const { popularity } = await db.selectFrom("plans").select("popularity").where("id", "=", plan).executeTakeFirstOrThrow();
    await db
      .updateTable("plans")
      .set({ popularity: popularity + 1 })
      .where("id", "=", plan)
      .execute();
    try {
      const changed = await loadCatalog(db, todayIso(new Date()), start + 122_000);
      expect(changed).not.toBe(held);
      expect(changed.plans.get(plan)?.popularity).toBe(popularity + 1);
      expect(cachedListings(changed)).toBe(0);
    } finally {
      await db.updateTable("plans").set({ popularity }).where("id", "=", plan).execute();
      loadCatalog.forget(db);
    }
  });
});
