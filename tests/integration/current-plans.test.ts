/**
 * A current member's active plans are shown as their current plan, never with an add button
 * (issue 26 #8): on the plans screen's cards, on the plan page and in the compare table. The
 * plans page kept as a document (ADR 014) is keyed by the member's active plans as well, so a
 * plan that ends (or starts) shows at once, and two members never share a page that differs.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as plansLoader } from "~/routes/_store.plans";
import { loader as planLoader } from "~/routes/_store.plan.$id.$planName";
import { action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { plansPageInputs } from "~/.server/store/plans-page";
import { memberStoreToken } from "~/.server/members/member-links";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import type { PlanCardData, PlansListingData } from "~/views/plans";

/** Olivia Bennett: EWL-TELEHEALTH and CVV-BASIC active (seed/identities.ts) */
const MEMBER = DEMO.members.ids.memberBenefitStore[0];

describeEachDatabase("a current member's active plans", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  let links = 0;
  async function member(id = MEMBER) {
    const c = new TestClient(app.services);
    // each browser its own link (ADR 033: a link works in the browser that first pressed its button)
    const token = memberStoreToken(app.services.cipher, id, new Date(Date.now() + 86400_000 + ++links * 1000));
    const res = await c.submit(memberStoreAction, `/member-benefit-store/${token}/IO`, {}, { params: { id: token, tier: "IO" } });
    expect(res.location).toBe("/plans");
    await c.csrfToken();
    return c;
  }
  const cards = (data: PlansListingData) => data.sections.flatMap((s) => [...s.plans, ...(s.bundles ?? []).flatMap((b) => b.plans)]);

  it("the plans screen shows them as current, with no add; other plans keep theirs", async () => {
    const c = await member();
    const list = cards((await c.load(plansLoader, "/plans")).data as PlansListingData);
    const tele = list.find((p) => p.id === planId("EWL-TELEHEALTH")) as PlanCardData;
    expect(tele).toBeDefined();
    expect(tele).toMatchObject({ current: true, directAdd: null });
    const others = list.filter((p) => p.id !== planId("EWL-TELEHEALTH") && p.id !== planId("CVV-BASIC"));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((p) => p.current === false)).toBe(true);
    expect(others.some((p) => p.directAdd !== null)).toBe(true);
  });

  it("the plan page says so too", async () => {
    const c = await member();
    const id = planId("EWL-TELEHEALTH");
    const href = (await c.load(plansLoader, "/plans")).data.sections
      .flatMap((s: { plans: PlanCardData[] }) => s.plans)
      .find((p: PlanCardData) => p.id === id).href as string;
    expect(href).toMatch(/^\/plan\//);
    const page = await c.load(planLoader, href, { id: String(id), planName: href.split("/")[3] });
    expect(page.status).toBe(200);
    expect(page.data.current).toBe(true);
  });

  it("the kept plans page's key moves when an active plan ends", async () => {
    const c = await member();
    const before = (await plansPageInputs(app.services, c.request("/plans")))?.key;
    expect(before).toBeTruthy();
    const policy = await app.store.db.selectFrom("policies").select("id").where("member_id", "=", MEMBER).executeTakeFirstOrThrow();
    await app.store.db
      .updateTable("policy_plans")
      .set({ status: "INACTIVE" })
      .where("policy_id", "=", policy.id)
      .where("plan_id", "=", planId("EWL-TELEHEALTH"))
      .execute();
    try {
      const after = (await plansPageInputs(app.services, c.request("/plans")))?.key;
      expect(after).toBeTruthy();
      expect(after).not.toBe(before);
      const tele = cards((await c.load(plansLoader, "/plans")).data as PlansListingData).find((p) => p.id === planId("EWL-TELEHEALTH"));
      expect(tele?.current).toBe(false);
    } finally {
      await app.store.db
        .updateTable("policy_plans")
        .set({ status: "ACTIVE" })
        .where("policy_id", "=", policy.id)
        .where("plan_id", "=", planId("EWL-TELEHEALTH"))
        .execute();
    }
  });
});
