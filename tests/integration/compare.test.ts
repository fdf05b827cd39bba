/**
 * Compare plans (issue 18): the structured facts of every demo plan, the compare form (the
 * session's up-to-four plans, the fifth refused, tampered posts), /compare (404, 400, prices
 * and pricing notices for the visitor's quote, only the differences) and the quote e-mail that
 * carries the comparison.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as compareLoader, action as compareAction } from "~/routes/_store.compare";
import { loader as storeLoader } from "~/routes/_store";
import { loader as rootLoader } from "~/root";
import { action as cartAction } from "~/routes/_store.cart";
import { loader as planLoader, action as planAction } from "~/routes/_store.plan.$id.$planName";
import { PLANS, planId } from "~/.server/db/seed/catalog";
import { seedDatabase } from "~/.server/db/seed";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { openedAll } from "../support/outbox";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };
const ESS = planId("BSD-PPO-ESS");
const PREM = planId("BSD-PPO-PREM");
const VISION = planId("CVV-BASIC");
const NYC = planId("LUH-METRO-NYC");
const GOLD = planId("LUH-GOLD-1000");

describeEachDatabase("compare plans", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const visitor = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };
  async function quoted() {
    const c = visitor();
    expect((await c.submit(indexAction, "/", QUOTE)).status).toBe(302);
    return c;
  }
  const choose = (c: TestClient, shown: number[], plans: number[], redirectTo = "/plans") =>
    c.submit(compareAction, "/compare", { shown: shown.map(String), plans: plans.map(String), redirectTo });
  const chosen = async (c: TestClient) => ((await c.session()).compare as number[] | undefined) ?? [];

  it("holds structured facts for every demo plan in English and Spanish", async () => {
    const rows = await app.store.db.selectFrom("plan_facts").selectAll().execute();
    for (const plan of PLANS) {
      for (const locale of ["en", "es"]) {
        const row = rows.find((r) => r.plan_id === plan.id && r.locale === locale);
        expect(row, `${plan.code} ${locale}`).toBeDefined();
        for (const f of ["deductible", "maximums", "waiting_periods", "network"] as const)
          expect(row![f].trim(), `${plan.code} ${locale} ${f}`).not.toBe("");
        const coverage = JSON.parse(row!.coverage) as Array<{ key: string; label: string; share: string }>;
        expect(coverage.length, `${plan.code} coverage`).toBeGreaterThan(0);
        for (const c of coverage) expect(c.share && c.label, `${plan.code} ${c.key}`).toBeTruthy();
        expect(row!.coverage + row!.exclusions, "plain text, not HTML").not.toMatch(/<[a-z]/i);
      }
    }
    const en = rows.find((r) => r.plan_id === ESS && r.locale === "en")!;
    const es = rows.find((r) => r.plan_id === ESS && r.locale === "es")!;
    expect(en.maximums).toContain("$1,000");
    expect(es.maximums).toContain("$1,000");
    expect(es.network).not.toBe(en.network);
    expect(JSON.parse(es.exclusions)[0]).toMatch(/cosméticos/);
  });

  it("keeps up to four chosen plans in the session, in order, and refuses a fifth without changing anything", async () => {
    const c = visitor();
    const res = await choose(c, [ESS, PREM, VISION], [ESS, VISION], "/plans?type=dental");
    expect(res.status).toBe(302);
    expect(res.location).toBe("/plans?type=dental");
    expect(await chosen(c)).toEqual([ESS, VISION]);
    await choose(c, [GOLD, NYC], [GOLD, NYC]);
    expect(await chosen(c)).toEqual([ESS, VISION, GOLD, NYC]);

    const fifth = await choose(c, [PREM], [PREM]);
    expect(fifth.status).toBe(302);
    const root = await c.load(rootLoader, "/plans");
    expect(root.data.flash).toMatchObject({ kind: "error", key: "compare.tooMany", values: { max: 4 }, dialog: "compare" });
    expect(await chosen(c)).toEqual([ESS, VISION, GOLD, NYC]);
    await c.setSession({ repAuthenticated: true });
    const shell = await c.load(storeLoader, "/plans");
    expect(shell.data.compare.plans.map((p: { id: number }) => p.id)).toEqual([ESS, VISION, GOLD, NYC]);

    // unticking one on the page where it is shown takes it out; the others stay
    await choose(c, [ESS, PREM, VISION], [ESS]);
    expect(await chosen(c)).toEqual([ESS, GOLD, NYC]);
    await c.submit(compareAction, "/compare", { remove: String(GOLD), plans: [String(ESS)], shown: [String(ESS)], redirectTo: "/plans" });
    expect(await chosen(c)).toEqual([ESS, NYC]);
    await c.submit(compareAction, "/compare", { intent: "clear", redirectTo: "/plans" });
    expect(await chosen(c)).toEqual([]);
  });

  it("refuses tampered posts with a 4xx and changes nothing", async () => {
    const c = visitor();
    await choose(c, [ESS], [ESS]);
    const inactive = planId("BSD-CLASSIC");
    const membership = planId("EWL-WELLNESS");
    const tampered: Array<Record<string, string | string[]>> = [
      { shown: ["99999"], plans: ["99999"] },
      { plans: ["abc"] },
      { plans: [String(inactive)] },
      { plans: [String(membership)] },
      { plans: ["-3"] },
      { remove: "x1" },
    ];
    for (const fields of tampered) {
      const res = await c.submit(compareAction, "/compare", { ...fields, redirectTo: "/plans" });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(await chosen(c)).toEqual([ESS]);
    }
    const noToken = await c.submit(compareAction, "/compare", { plans: [String(PREM)], shown: [String(PREM)] }, { csrf: null });
    expect(noToken.status).toBe(403);
    expect(await chosen(c)).toEqual([ESS]);
    const away = await choose(c, [PREM], [ESS, PREM], "https://evil.example/");
    expect(away.location).toBe("/plans");
  });

  it("compares the plans side by side for the visitor's quote, with the pricing notice of a plan that cannot be priced", async () => {
    const c = await quoted();
    const res = await c.load(compareLoader, `/compare?plans=${ESS},${PREM},${NYC}`);
    expect(res.status).toBe(200);
    const data = res.data.comparison;
    expect(data.plans.map((p: { id: number }) => p.id)).toEqual([ESS, PREM, NYC]);
    expect(data.quoted).toBe(true);
    expect(data.tierLabelKey).toBeTruthy();
    const row = (key: string) => data.rows.find((r: { key: string }) => r.key === key);
    expect(row("carrier").cells[0]).toEqual({ kind: "text", text: "BrightSmile Dental Network" });
    expect(row("category").cells[2]).toEqual({ kind: "text", text: "Medical" });
    // the same price the plan page shows
    const page = await c.load(planLoader, `/plan/${ESS}/brightsmile-essential-dental-ppo`, {
      id: String(ESS),
      planName: "brightsmile-essential-dental-ppo",
    });
    expect(row("price").cells[0]).toEqual({ kind: "price", priceCents: page.data.pricing.entries[0].priceCents });
    expect(row("price").cells[2]).toEqual({ kind: "pricingError", errorCode: "metError" });
    expect(
      row("maximums")
        .cells.slice(0, 2)
        .map((x: { text: string }) => x.text),
    ).toEqual([expect.stringContaining("$1,000"), expect.stringContaining("$2,000")]);
    expect(row("maximums").differs).toBe(true);
    expect(row("coverage:preventive")).toBeDefined();
    expect(row("coverage:orthodontia").cells[2]).toEqual({ kind: "none" });
    expect(row("exclusions").cells[0].kind).toBe("list");
    // Add to cart works straight from the comparison for a plan that can be added
    expect(data.plans[0].directAdd).toBeTruthy();
    expect(data.plans[2].directAdd).toBeNull();

    const diff = (await c.load(compareLoader, `/compare?plans=${ESS}&plans=${PREM}&diff=1`)).data.comparison;
    expect(diff.plans.map((p: { id: number }) => p.id)).toEqual([ESS, PREM]);
    expect(diff.rows.every((r: { differs: boolean }) => r.differs)).toBe(true);
    expect(diff.rows.map((r: { key: string }) => r.key)).toContain("maximums");
    expect(diff.rows.map((r: { key: string }) => r.key)).not.toContain("carrier");
  });

  it("adds a plan to the cart from the comparison with the plan page's own action", async () => {
    const c = await quoted();
    const data = (await c.load(compareLoader, `/compare?plans=${ESS},${VISION}`)).data.comparison;
    const plan = data.plans[1];
    const params = { id: String(plan.id), planName: plan.href.split("/")[3] };
    const res = await c.submit(
      planAction,
      plan.href,
      { intent: "add", planId: String(plan.id), planPriceId: String(plan.directAdd), redirectTo: `/compare?plans=${ESS},${VISION}` },
      { params },
    );
    expect(res.location).toBe("/cart");
    const again = (await c.load(compareLoader, `/compare?plans=${ESS},${VISION}`)).data.comparison;
    expect(again.plans[1].inCart).toBe(true);
  });

  it("speaks Spanish on Spanish pages and asks for a quote when there is none", async () => {
    const c = visitor();
    const data = (await c.load(compareLoader, `/compare?plans=${ESS},${VISION}&lng=es`)).data.comparison;
    expect(data.quoted).toBe(false);
    const row = (key: string) => data.rows.find((r: { key: string }) => r.key === key);
    expect(row("price").cells).toEqual([{ kind: "noQuote" }, { kind: "noQuote" }]);
    expect(row("category").cells[1]).toEqual({ kind: "text", text: "Visión" });
    expect(row("coverage:preventive").label).toEqual({ text: "Cuidado preventivo" });
  });

  it("answers 404 for unknown plans, 400 past four, and uses the session's plans when none are named", async () => {
    const c = visitor();
    for (const q of ["99999", `${ESS},99999`, "abc", String(planId("BSD-CLASSIC")), String(planId("EWL-WELLNESS"))]) {
      expect((await c.load(compareLoader, `/compare?plans=${q}`)).status, q).toBe(404);
    }
    const tooMany = await c.load(compareLoader, `/compare?plans=1,2,3,6,7`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.headers.get("content-type") ?? "").not.toContain("json");
    const repeated = await c.load(compareLoader, `/compare?plans=1&plans=2&plans=3&plans=6&plans=7`);
    expect(repeated.status).toBe(400);

    expect((await c.load(compareLoader, "/compare")).data).toEqual({ comparison: null });
    await choose(c, [VISION, ESS], [VISION, ESS]);
    const back = await c.load(compareLoader, "/compare");
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/compare?plans=${VISION},${ESS}`);
  });

  it("e-mails the comparison with the quote when asked, and refuses a tampered choice", async () => {
    const c = await quoted();
    const params = { id: String(ESS), planName: "brightsmile-essential-dental-ppo" };
    const page = await c.load(planLoader, `/plan/${ESS}/brightsmile-essential-dental-ppo`, params);
    await c.submit(
      planAction,
      `/plan/${ESS}/brightsmile-essential-dental-ppo`,
      { intent: "add", planId: String(ESS), planPriceId: String(page.data.pricing.entries[0].planPriceId) },
      { params },
    );
    await choose(c, [ESS, PREM], [ESS, PREM]);
    const outbox = async () => openedAll(app, await app.store.db.selectFrom("outbox").selectAll().orderBy("id", "desc").execute());
    const before = (await outbox()).length;

    const bad = await c.submit(cartAction, "/cart", {
      intent: "send-quote",
      name: "Ana Diaz",
      email: "ana@example.com",
      includeComparison: "yes",
    });
    expect(bad.status).toBe(422);
    expect((await outbox()).length).toBe(before);

    const preview = await c.submit(cartAction, "/cart", {
      intent: "preview",
      name: "Ana Diaz",
      email: "ana@example.com",
      includeComparison: "1",
    });
    expect(preview.data.preview.html).toContain("data-comparison");

    const sent = await c.submit(cartAction, "/cart", {
      intent: "send-quote",
      name: "Ana Diaz",
      email: "ana@example.com",
      includeComparison: "1",
    });
    expect(sent.status).toBe(302);
    const mail = (await outbox())[0];
    expect(mail.html_body).toContain("data-comparison");
    expect(mail.html_body).toContain('<th scope="col"');
    expect(mail.html_body).toContain("BrightSmile Premier Dental PPO");
    expect(mail.html_body).toContain("Deductible");
    expect(mail.text_body).toContain("The plans you compared");

    const plain = await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Ana Diaz", email: "ana2@example.com" });
    expect(plain.status).toBe(302);
    expect((await outbox())[0].html_body).not.toContain("data-comparison");
  });

  it("gives a database seeded before the facts existed the demo plans' facts, once", async () => {
    const db = await createTestDatabase(kind);
    try {
      await db.store.db.deleteFrom("plan_facts").execute();
      const again = await seedDatabase(db.store.db, app.services.cipher, new Date(), db.store.dialect);
      expect(again.seeded).toBe(false);
      const count = async () =>
        Number((await db.store.db.selectFrom("plan_facts").select(db.store.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      expect(await count()).toBe(PLANS.length * 2);
      await seedDatabase(db.store.db, app.services.cipher, new Date(), db.store.dialect);
      expect(await count()).toBe(PLANS.length * 2);
    } finally {
      await db.close();
    }
  });
});
