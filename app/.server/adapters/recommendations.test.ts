/**
 * The recommendation service against the seeded demo catalog, on every test database.
 * Past carts are inserted directly: each scenario has its own "anchor" plan, so the
 * baskets of one scenario never feed the association counts of another.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/support/db";
import type { DB } from "../db/connection";
import { DEMO } from "../db/seed";
import { planId as idOf } from "../db/seed/catalog";
import { loadCatalog, type Catalog } from "../repositories/catalog";
import { createRecommendationService, type Recommendation, type RecommendationInput } from "./recommendations";

/** The catalog in force today, held as the store holds it (read again after a test changes the plans). */
let catalog: Catalog;
const today = () => new Date().toISOString().slice(0, 10);

/** A 40-year-old man in Texas shopping for himself. */
const visitor = (overrides: Partial<RecommendationInput> = {}): RecommendationInput => ({
  catalog,
  enrollmentId: null,
  state: "TX",
  tier: "IO",
  age: 40,
  gender: 0,
  over65: false,
  ...overrides,
});

const ids = (recs: Recommendation[]) => recs.map((r) => r.planId);

/** Counts the queries a Kysely instance runs (one transformResult per executed query). */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

describeEachDatabase("recommendations", (kind) => {
  let database: TestDatabase;
  let db: DB;
  /** one real price row per plan, for cart lines */
  const priceOf = new Map<number, { id: number; price_cents: number }>();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.store.db;
    const prices = await db.selectFrom("plan_prices").select(["id", "plan_id", "price_cents"]).orderBy("id").execute();
    for (const p of prices) if (!priceOf.has(p.plan_id)) priceOf.set(p.plan_id, { id: p.id, price_cents: p.price_cents });
    catalog = await loadCatalog(db, today());
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A shopping enrollment whose cart holds these plans. */
  async function cart(planIds: number[]): Promise<number> {
    const at = new Date().toISOString();
    const { id } = await db
      .insertInto("enrollments")
      .values({ status: "shopping", locale: "en", coverage: "LOW_COST", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const plan of planIds) {
      const price = priceOf.get(plan)!;
      await db
        .insertInto("cart_lines")
        .values({ enrollment_id: id, plan_id: plan, plan_price_id: price.id, price_cents: price.price_cents, removable: 1, added_at: at })
        .execute();
    }
    return id;
  }

  /** Other visitors' carts that held `anchor` together with each of `partners`. */
  async function pastCarts(anchor: number, partners: number[], times = 2) {
    for (let i = 0; i < times; i++) await cart([anchor, ...partners]);
  }

  async function plansOf(recs: Recommendation[]) {
    if (recs.length === 0) return [];
    return db.selectFrom("plans").selectAll().where("id", "in", ids(recs)).execute();
  }

  it("never returns more than five, and honours a smaller limit", async () => {
    const service = createRecommendationService(db);
    expect(await service.recommend(visitor())).toHaveLength(5);
    expect(await service.recommend(visitor({ limit: 50 }))).toHaveLength(5);
    expect(await service.recommend(visitor({ limit: Number.POSITIVE_INFINITY }))).toHaveLength(5);
    expect(await service.recommend(visitor({ limit: 3 }))).toHaveLength(3);
    expect(await service.recommend(visitor({ limit: 0 }))).toEqual([]);
    expect(await service.recommend(visitor({ limit: -2 }))).toEqual([]);
  });

  it("with an empty cart ranks by popularity and diversity only", async () => {
    const recs = await createRecommendationService(db).recommend(visitor());
    expect(recs).toHaveLength(5);
    for (const r of recs) {
      expect(r.reasons).not.toContain("association");
      expect(r.reasons).toContain("filter");
      expect(r.reasons).toContain("popularity");
    }
    // The most popular sellable plan leads (LUH-SILVER-3000, popularity 95, bought twice).
    expect(recs[0]!.planId).toBe(idOf(DEMO.plans.medical));
    expect(recs[0]!.score).toBe(2);
  });

  it("never recommends a plan already in the cart", async () => {
    const service = createRecommendationService(db);
    const before = ids(await service.recommend(visitor()));
    const enrollmentId = await cart(before.slice(0, 3));
    const after = ids(await service.recommend(visitor({ enrollmentId })));
    expect(after).toHaveLength(5);
    for (const id of before.slice(0, 3)) expect(after).not.toContain(id);
  });

  it("recommends the plan other visitors carted together with the one in the cart", async () => {
    const legal = idOf("EWL-LEGAL");
    const petComplete = idOf("PAW-COMPLETE"); // popularity 27: it can only win on association
    await pastCarts(legal, [petComplete]);
    const service = createRecommendationService(db);

    const enrollmentId = await cart([legal]);
    const recs = await service.recommend(visitor({ enrollmentId }));
    expect(recs[0]).toMatchObject({ planId: petComplete, reasons: ["association", "popularity", "filter"] });
    expect(ids(recs)).not.toContain(legal);

    // On the plan page, the viewed plan seeds the association and is never offered back.
    const onPage = await service.recommend(visitor({ planId: legal }));
    expect(onPage[0]!.planId).toBe(petComplete);
    expect(ids(onPage)).not.toContain(legal);

    // Without the association the pet plan is nowhere near the top five.
    expect(ids(await service.recommend(visitor()))).not.toContain(petComplete);
  });

  it("counts completed purchases: plans bought on the same policy", async () => {
    // Seeded member 8 bought BSD-SENIOR with SML-MEDSUPP-G; no cart ever held them.
    const enrollmentId = await cart([idOf(DEMO.plans.seniorDental)]);
    const recs = await createRecommendationService(db).recommend(visitor({ enrollmentId, over65: true, age: 70 }));
    expect(recs[0]).toMatchObject({ planId: idOf(DEMO.plans.over65) });
    expect(recs[0]!.reasons).toContain("association");
  });

  it("counts a completed enrollment once, through its policy and not its cart", async () => {
    const anchor = idOf("HPI-MEDICAL-GAP");
    const partner = idOf("HPI-CI-10K");
    const completed = await cart([anchor, partner]);
    // Its purchase is already in policy_plans (here: seeded policy 1, which holds neither plan).
    await db.updateTable("enrollments").set({ status: "completed", policy_id: 1 }).where("id", "=", completed).execute();
    const recs = await createRecommendationService(db).recommend(visitor({ planId: anchor }));
    for (const r of recs) expect(r.reasons).not.toContain("association");
  });

  it("keeps over-65 and under-65 plans to their audience, even when strongly associated", async () => {
    const anchor = idOf("HPI-CANCER-CARE");
    const over65Only = idOf(DEMO.plans.over65);
    const under65Only = idOf("LUH-GOLD-1000");
    await pastCarts(anchor, [over65Only, under65Only]);
    const service = createRecommendationService(db);

    const senior = await service.recommend(visitor({ enrollmentId: await cart([anchor]), over65: true, age: 70 }));
    expect(ids(senior)).toContain(over65Only);
    expect(ids(senior)).not.toContain(under65Only);
    for (const p of await plansOf(senior)) expect(p.audience).not.toBe("under65");

    const adult = await service.recommend(visitor({ enrollmentId: await cart([anchor]) }));
    expect(ids(adult)).toContain(under65Only);
    expect(ids(adult)).not.toContain(over65Only);
    for (const p of await plansOf(adult)) expect(p.audience).not.toBe("over65");

    // The audience rule holds without any other information too.
    const unknown = { state: null, tier: null, age: null, gender: null };
    for (const p of await plansOf(await service.recommend(visitor({ ...unknown, over65: true, planId: anchor }))))
      expect(p.audience).not.toBe("under65");
    for (const p of await plansOf(await service.recommend(visitor({ ...unknown, over65: false, planId: anchor }))))
      expect(p.audience).not.toBe("over65");
  });

  it("offers a state-restricted plan only in its states", async () => {
    const anchor = idOf("EWL-ID-PROTECT");
    const stateOnly = idOf(DEMO.plans.stateError); // TX, FL, GA, AZ
    await pastCarts(anchor, [stateOnly]);
    const service = createRecommendationService(db);

    expect(ids(await service.recommend(visitor({ enrollmentId: await cart([anchor]), state: "TX" })))).toContain(stateOnly);
    expect(ids(await service.recommend(visitor({ planId: anchor, state: "fl" })))).toContain(stateOnly);
    expect(ids(await service.recommend(visitor({ enrollmentId: await cart([anchor]), state: "CA" })))).not.toContain(stateOnly);
    expect(ids(await service.recommend(visitor({ planId: anchor, state: "NY" })))).not.toContain(stateOnly);
  });

  it("does not offer a plan that has no price for the visitor's tier or age", async () => {
    const anchor = idOf("EWL-RX-PLUS");
    const parentChild = idOf(DEMO.plans.tierError); // IS and IF priced 0
    const youngAdult = idOf(DEMO.plans.ageError); // ages 18–49
    await pastCarts(anchor, [parentChild, youngAdult]);
    const service = createRecommendationService(db);

    const ic = ids(await service.recommend(visitor({ planId: anchor, tier: "IC", age: 30 })));
    expect(ic).toContain(parentChild);
    expect(ic).toContain(youngAdult);
    for (const tier of ["IS", "IF"]) expect(ids(await service.recommend(visitor({ planId: anchor, tier })))).not.toContain(parentChild);
    expect(ids(await service.recommend(visitor({ planId: anchor, tier: "IC", age: 55 })))).not.toContain(youngAdult);
  });

  it("never offers memberships, riders, hidden, inactive or area-restricted plans", async () => {
    const anchor = idOf("PAW-ACCIDENT-WELLNESS");
    const positive = idOf("PAW-ACC-ILLNESS");
    const never = [
      idOf(DEMO.plans.membership),
      ...DEMO.plans.riders.map(idOf),
      idOf(DEMO.plans.hideAddToCart),
      idOf(DEMO.plans.inactive),
      idOf(DEMO.plans.metError),
    ];
    await pastCarts(anchor, [positive, ...never], 3);
    const service = createRecommendationService(db);

    const profiles: RecommendationInput[] = [
      visitor({ enrollmentId: await cart([anchor]), tier: "IF", state: "NY" }), // spouse rider is priced for IF
      visitor({ planId: anchor, tier: "IC" }),
      visitor({ planId: anchor, state: null, tier: null, age: null, gender: null }),
      visitor({ planId: anchor, over65: true, age: 70 }),
      visitor(),
    ];
    for (const input of profiles) {
      const recs = await service.recommend(input);
      for (const id of never) expect(ids(recs)).not.toContain(id);
      for (const p of await plansOf(recs)) {
        expect(p).toMatchObject({ active: 1, is_membership: 0, is_rider: 0, hide_add_to_cart: 0 });
      }
    }
    expect(ids(await service.recommend(profiles[0]!))).toContain(positive);
  });

  it("is deterministic: same input, same output, ordered by score then plan id", async () => {
    const enrollmentId = await cart([idOf(DEMO.plans.dental), idOf(DEMO.plans.vision)]);
    const input = visitor({ enrollmentId });
    const first = await createRecommendationService(db).recommend(input);
    const second = await createRecommendationService(db).recommend(input);
    expect(second).toEqual(first);
    expect(await createRecommendationService(db).recommend(input)).toEqual(first);
    for (let i = 1; i < first.length; i++) {
      const [a, b] = [first[i - 1]!, first[i]!];
      expect(a.score > b.score || (a.score === b.score && a.planId < b.planId)).toBe(true);
    }
  });

  it("reads the history's aggregates again only after carts or purchases change", async () => {
    const counter = new QueryCounter();
    const service = createRecommendationService(db.withPlugin(counter));
    const anchor = idOf("EWL-LEGAL");
    const calls = async () => {
      counter.count = 0;
      const recs = await service.recommend(visitor({ planId: anchor }));
      return { n: counter.count, recs: ids(recs) };
    };
    await calls();
    const steady = await calls();
    expect(steady.n).toBe(1);
    const partner = idOf(DEMO.plans.dental);
    const before = (await service.recommend(visitor({ planId: anchor, limit: 5 }))).find((r) => r.planId === partner);
    // another visitor carts both: the version moves, the aggregates are read again (one more query)
    await cart([anchor, partner]);
    const after = await calls();
    expect(after.n).toBe(steady.n + 1);
    expect((await calls()).n).toBe(steady.n);
    const now = (await service.recommend(visitor({ planId: anchor, limit: 5 }))).find((r) => r.planId === partner);
    expect(now?.score ?? 0).toBeGreaterThan(before?.score ?? 0);
  });

  it("with the dialect, compiles the query once per shape and answers exactly as built per call (issue 24)", async () => {
    /** counts the queries Kysely builds and compiles (a precompiled one is only run) */
    class BuildCounter implements KyselyPlugin {
      count = 0;
      transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
        if (args.node.kind === "SelectQueryNode") this.count++;
        return args.node;
      }
      async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        return args.result;
      }
    }
    const anchor = idOf("EWL-LEGAL");
    await pastCarts(anchor, [idOf(DEMO.plans.dental)]);
    const enrollmentId = await cart([anchor]);
    const inputs = [
      visitor(),
      visitor({ state: "CA", age: 30, gender: 1, tier: "IS" }),
      visitor({ gender: 2 }),
      visitor({ over65: true, age: 70 }),
      visitor({ state: null }),
      visitor({ tier: null, gender: 1 }),
      visitor({ age: null }),
      visitor({ enrollmentId }),
      visitor({ planId: anchor }),
      visitor({ enrollmentId, planId: anchor, state: null, tier: null, age: null, gender: null }),
    ];
    const perCall = createRecommendationService(db);
    const counter = new BuildCounter();
    const compiled = createRecommendationService(db.withPlugin(counter), kind);
    for (const input of inputs) expect(await compiled.recommend(input)).toEqual(await perCall.recommend(input));
    counter.count = 0;
    for (const input of inputs) expect(await compiled.recommend(input)).toEqual(await perCall.recommend(input));
    // second time round nothing is built but the aggregates' query when their version moves (it does not here)
    expect(counter.count).toBe(0);
  });

  it("reads no price and no plan per call: offers come from the held catalog in force (issue 24)", async () => {
    const seen: string[] = [];
    const service = createRecommendationService(
      db.withPlugin({
        transformQuery(args) {
          seen.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
          return args.node;
        },
        async transformResult(args) {
          return args.result;
        },
      }),
    );
    const enrollmentId = await cart([idOf(DEMO.plans.dental)]);
    await service.recommend(visitor({ enrollmentId })); // the history changed: its aggregates are read too
    seen.length = 0;
    expect(await service.recommend(visitor({ enrollmentId }))).toHaveLength(5);
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toMatch(/plan_prices|"plans"|plan_states|plan_areas|catalog_versions/);
  });

  it("offers only what the catalog in force on the visitor's coverage date offers", async () => {
    // before any published version takes effect no plan is offered, whatever the rows say
    const before = await loadCatalog(db, "1899-12-31"); // the first version takes effect 1900-01-01 (migration 017)
    expect(await createRecommendationService(db).recommend(visitor({ catalog: before }))).toEqual([]);
    // a plan a later version withdraws is not offered on that version's dates, though its rows remain
    const anchor = idOf("EWL-LEGAL");
    const partner = idOf("PAW-COMPLETE");
    await pastCarts(anchor, [partner]);
    expect(ids(await createRecommendationService(db).recommend(visitor({ planId: anchor })))).toContain(partner);
    const at = new Date().toISOString();
    const { id: later } = await db
      .insertInto("catalog_versions")
      .values({ status: "published", effective_date: "2999-01-01", created_at: at, published_at: at, published_by: "cli", source: "test" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("catalog_version_plans").values({ version_id: later, plan_id: partner, status: "withdrawn" }).execute();
    loadCatalog.forget(db);
    catalog = await loadCatalog(db, today());
    const withdrawn = await loadCatalog(db, "2999-01-01");
    expect(ids(await createRecommendationService(db).recommend(visitor({ planId: anchor, catalog: withdrawn })))).not.toContain(partner);
    expect(ids(await createRecommendationService(db).recommend(visitor({ planId: anchor })))).toContain(partner);
  });

  // Last: it grows the catalog.
  it("runs a fixed, small number of queries whatever the catalog size", async () => {
    const counter = new QueryCounter();
    const service = createRecommendationService(db.withPlugin(counter));
    const anchor = idOf("EWL-LEGAL");
    const enrollmentId = await cart([anchor, idOf(DEMO.plans.dental)]);
    const inputs = [
      visitor(),
      visitor({ enrollmentId }),
      visitor({ planId: anchor }),
      visitor({ enrollmentId, planId: anchor, state: null, tier: null }),
    ];

    async function queriesPerCall() {
      const counts: number[] = [];
      for (const input of inputs) {
        counter.count = 0;
        await service.recommend(input);
        counts.push(counter.count);
      }
      return counts;
    }

    await queriesPerCall(); // the history just changed: the first call reads its aggregates again
    const before = await queriesPerCall();
    for (const n of before) expect(n).toBe(1);

    // Forty more sellable plans, each with its own prices and in past carts.
    const template = await db.selectFrom("plans").selectAll().where("id", "=", idOf("PAW-ACC-ILLNESS")).executeTakeFirstOrThrow();
    const templatePrices = await db.selectFrom("plan_prices").selectAll().where("plan_id", "=", template.id).execute();
    const { id: _id, ...planRow } = template;
    for (let i = 0; i < 40; i++) {
      const { id } = await db
        .insertInto("plans")
        .values({ ...planRow, code: `TEST-GROWTH-${i}`, popularity: 200 + i })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("plan_prices")
        .values(templatePrices.map(({ id: _price, ...p }) => ({ ...p, plan_id: id })))
        .execute();
      const price = await db
        .selectFrom("plan_prices")
        .select(["id", "price_cents"])
        .where("plan_id", "=", id)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      priceOf.set(id, price);
      await db
        .insertInto("catalog_version_plans")
        .values({ version_id: templatePrices[0]!.catalog_version_id, plan_id: id, status: "offered" })
        .execute();
      await cart([anchor, id]);
    }
    // the store reads the catalog again when it changed (an import forgets it; otherwise within a minute)
    loadCatalog.forget(db);
    catalog = await loadCatalog(db, today());

    await queriesPerCall(); // the history grew too: its aggregates are read again once
    expect(await queriesPerCall()).toEqual(before);
    // …and the new plans are really considered.
    const grown = ids(await service.recommend(visitor({ planId: anchor })));
    expect(grown.filter((id) => id > 53).length).toBeGreaterThan(0);
  });
});
