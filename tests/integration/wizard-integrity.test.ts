/**
 * The cart, the step list and the review always agree (issue 13, points 1 and 2): the step
 * list follows the cart after checkout, an empty cart cannot complete, and Complete checks
 * every step again inside its transaction — a refusal creates nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import fc from "fast-check";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as beneficiaryAction } from "~/routes/enrollment.beneficiary-info";
import { action as dependentAction } from "~/routes/enrollment.dependent-information";
import { action as cartAction } from "~/routes/_store.cart";
import { planId } from "~/.server/db/seed/catalog";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { addPlan, inWizard, markStepsDone, type JourneyOptions } from "../support/journeys";

const REVIEW = "/enrollment/review-confirm";
const BENEFICIARIES = "/enrollment/beneficiary-info";
const DEPENDENTS = "/enrollment/dependent-information";
const DENTAL = "BSD-PPO-ESS";
const TERM_LIFE = "SML-TERM20";
const beneficiary = (percentage: number) => ({
  intent: "add",
  first_name: "Maria",
  last_name: "Lopez",
  birthdate: "05/17/1990",
  relationship: "spouse",
  ssn: "234-56-7890",
  beneficiary_percentage: String(percentage),
});
const dependent = (relationship: "spouse" | "child", n = 1) => ({
  intent: "add",
  relationship,
  first_name: relationship === "spouse" ? "Maria" : `Leo`,
  last_name: relationship === "spouse" ? "Lopez" : `Lopez${"x".repeat(n)}`,
  gender: relationship === "spouse" ? "1" : "0",
  birthdate: relationship === "spouse" ? "05/05/1985" : "03/14/2015",
  ssn: relationship === "spouse" ? "456-78-9012" : `23456789${n % 10}`,
  weight: "120",
  height_feet: "5",
  height_inch: "4",
  is_legally_disabled: "0",
});

describeEachDatabase("wizard: the cart, the step list and the review agree", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const db = () => app.store.db;
  const policies = async () =>
    Number(
      (
        await db()
          .selectFrom("policies")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const status = async (id: number) =>
    (await db().selectFrom("enrollments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const stepsOf = async (client: TestClient): Promise<string[]> =>
    (await client.load(personalLoader, "/enrollment/personal-info")).data.chrome.progress.map((p: { tab: string }) => p.tab);
  const lines = (id: number) => db().selectFrom("cart_lines").select(["id", "plan_id"]).where("enrollment_id", "=", id).execute();

  /** A visitor with every step of today's list marked done, on the review. */
  async function atReview(o: JourneyOptions = {}) {
    const { client } = await inWizard(app, o);
    const id = (await client.session()).tempId!;
    await markStepsDone(
      app,
      client,
      (await stepsOf(client)).filter((s) => s !== "review_info"),
    );
    return { client, id };
  }
  const complete = (client: TestClient) => client.submit(reviewAction, REVIEW, { intent: "complete" });

  it("a term-life plan added after checkout adds the Beneficiary step; removing it takes the step away", async () => {
    const { client } = await inWizard(app, { plans: [DENTAL] });
    const id = (await client.session()).tempId!;
    expect(await stepsOf(client)).not.toContain("beneficiary_info");
    await addPlan(client, TERM_LIFE);
    expect(await lines(id)).toHaveLength(2);
    expect(await status(id)).toBe("checked_out");
    expect(await stepsOf(client)).toContain("beneficiary_info");
    const [first, second] = await lines(id);
    const term = second ?? first;
    await client.submit(cartAction, "/cart", { intent: "remove", lineId: String(term!.id) });
    expect(await stepsOf(client)).not.toContain("beneficiary_info");
  });

  it("an emptied cart sends every step back to the cart, and Complete creates nothing", async () => {
    const { client, id } = await atReview();
    for (const line of await lines(id)) await client.submit(cartAction, "/cart", { intent: "remove", lineId: String(line.id) });
    expect((await client.load(reviewLoader, REVIEW)).location).toBe("/cart");
    expect((await client.load(personalLoader, "/enrollment/personal-info")).location).toBe("/cart");
    const before = await policies();
    const res = await complete(client);
    expect(res.location).toBe("/cart");
    expect(await policies()).toBe(before);
    expect(await status(id)).toBe("checked_out");
    expect(await db().selectFrom("outbox").select("id").where("enrollment_id", "=", id).where("kind", "=", "receipt").execute()).toEqual(
      [],
    );
  });

  it("Complete refuses a term-life policy whose only beneficiary was deleted, names the step, and creates nothing", async () => {
    const { client, id } = await atReview({ plans: [TERM_LIFE] });
    expect((await client.submit(beneficiaryAction, `${BENEFICIARIES}?dialog=add`, beneficiary(100))).location).toBe(BENEFICIARIES);
    const only = await db().selectFrom("beneficiaries").select("id").where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect((await client.submit(beneficiaryAction, BENEFICIARIES, { intent: "delete", id: String(only.id) })).location).toBe(BENEFICIARIES);
    const before = await policies();
    const refused = await complete(client);
    expect(refused.status).toBe(422);
    expect(refused.data.problems).toEqual([{ tab: "beneficiary_info", message: "validation.beneficiaryNone" }]);
    expect(await policies()).toBe(before);
    expect(await status(id)).toBe("checked_out");
    // The way to fix it: Edit goes to the step and comes back to the review.
    expect((await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "beneficiary_info" })).location).toBe(BENEFICIARIES);
    await client.submit(beneficiaryAction, `${BENEFICIARIES}?dialog=add`, beneficiary(60));
    expect((await complete(client)).data.problems).toEqual([
      { tab: "beneficiary_info", message: 'validation.beneficiaryTotalLow::{"n":60}' },
    ]);
    await client.submit(beneficiaryAction, `${BENEFICIARIES}?dialog=add`, beneficiary(40));
    expect((await complete(client)).location).toBe("/enrollment/receipt");
    expect(await policies()).toBe(before + 1);
  });

  it("Complete refuses a family (IF) policy after the spouse was deleted", async () => {
    const { client } = await inWizard(app, { spouseDob: "05/05/1985", childCount: "1" });
    const id = (await client.session()).tempId!;
    const steps = await stepsOf(client);
    expect(steps).toContain("dependent_info");
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("dependent_info")));
    expect((await client.submit(dependentAction, `${DEPENDENTS}?dialog=add`, dependent("spouse"))).location).toMatch(DEPENDENTS);
    expect((await client.submit(dependentAction, `${DEPENDENTS}?dialog=add`, dependent("child"))).location).toMatch(DEPENDENTS);
    expect((await client.submit(dependentAction, DEPENDENTS, { intent: "next" })).location).not.toMatch(DEPENDENTS);
    await markStepsDone(
      app,
      client,
      steps.slice(steps.indexOf("dependent_info") + 1).filter((s) => s !== "review_info"),
    );
    const spouse = await db()
      .selectFrom("dependents")
      .select("id")
      .where("enrollment_id", "=", id)
      .where("relationship", "=", "spouse")
      .executeTakeFirstOrThrow();
    expect((await client.submit(dependentAction, DEPENDENTS, { intent: "delete", id: String(spouse.id) })).location).toMatch(DEPENDENTS);
    const before = await policies();
    const refused = await complete(client);
    expect(refused.status).toBe(422);
    expect(refused.data.problems.map((p: { tab: string }) => p.tab)).toEqual(["dependent_info"]);
    expect(await policies()).toBe(before);
  });

  it("a refused Complete never marks the enrollment, and a good one completes once (concurrent submits)", async () => {
    const { client, id } = await atReview();
    const before = await policies();
    const [a, b, c] = await Promise.all([complete(client), complete(client), complete(client)]);
    expect([a.location, b.location, c.location]).toEqual(["/enrollment/receipt", "/enrollment/receipt", "/enrollment/receipt"]);
    expect(await policies()).toBe(before + 1);
    const plans = await db()
      .selectFrom("policy_plans")
      .innerJoin("policies", "policies.id", "policy_plans.policy_id")
      .select("policy_plans.plan_id")
      .where("policies.enrollment_id", "=", id)
      .execute();
    expect(plans.length).toBe(1);
  });

  it("property: for random cart and beneficiary edits, Complete creates a valid policy or nothing", async () => {
    type Op =
      | { kind: "addLife" }
      | { kind: "removeLine"; index: number }
      | { kind: "addBeneficiary"; percentage: 40 | 60 | 100 }
      | { kind: "deleteBeneficiary" }
      | { kind: "finishBeneficiaries" };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.constant<Op>({ kind: "addLife" }),
      fc.nat({ max: 2 }).map<Op>((index) => ({ kind: "removeLine", index })),
      fc.constantFrom(40, 60, 100).map<Op>((percentage) => ({ kind: "addBeneficiary", percentage: percentage as 40 | 60 | 100 })),
      fc.constant<Op>({ kind: "deleteBeneficiary" }),
      fc.constant<Op>({ kind: "finishBeneficiaries" }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 6 }), async (ops) => {
        const { client, id } = await atReview();
        const cartOf = async () => JSON.stringify((await lines(id)).map((l) => l.plan_id).sort());
        const signedCart = await cartOf();
        for (const o of ops) {
          if (o.kind === "addLife") {
            if (!(await lines(id)).length) continue; // the plan page needs a quote; an emptied cart stays empty here
            if (!(await lines(id)).some((l) => l.plan_id === planId(TERM_LIFE))) await addPlan(client, TERM_LIFE);
          } else if (o.kind === "removeLine") {
            const all = await lines(id);
            if (all[o.index]) await client.submit(cartAction, "/cart", { intent: "remove", lineId: String(all[o.index].id) });
          } else if (o.kind === "addBeneficiary") {
            await client.submit(beneficiaryAction, `${BENEFICIARIES}?dialog=add`, beneficiary(o.percentage));
          } else if (o.kind === "deleteBeneficiary") {
            const first = await db()
              .selectFrom("beneficiaries")
              .select("id")
              .where("enrollment_id", "=", id)
              .orderBy("position")
              .executeTakeFirst();
            if (first) await client.submit(beneficiaryAction, BENEFICIARIES, { intent: "delete", id: String(first.id) });
          } else {
            await client.submit(beneficiaryAction, BENEFICIARIES, { intent: "next" });
          }
        }
        // What the model says must hold for a policy to exist.
        const cart = await lines(id);
        const hasLife = (await stepsOf(client).catch(() => [] as string[])).includes("beneficiary_info");
        const list = await db().selectFrom("beneficiaries").select("percentage").where("enrollment_id", "=", id).execute();
        const finished = await db()
          .selectFrom("enrollment_steps")
          .select("completed_at")
          .where("enrollment_id", "=", id)
          .where("tab_name", "=", "beneficiary_info")
          .executeTakeFirst();
        const total = list.reduce((n, b) => n + b.percentage, 0);
        // a cart that changed after the signature voids it and the payment authorisation (issue 26 #9)
        const signatureHolds = (await cartOf()) === signedCart;
        const valid =
          cart.length > 0 && signatureHolds && (!hasLife || (Boolean(finished?.completed_at) && list.length > 0 && total === 100));
        const before = await policies();
        await complete(client);
        const policy = await db().selectFrom("policies").select("id").where("enrollment_id", "=", id).executeTakeFirst();
        expect(Boolean(policy), JSON.stringify({ ops, cart: cart.length, hasLife, list, finished })).toBe(valid);
        expect(await policies()).toBe(before + (valid ? 1 : 0));
        if (policy) {
          const planCount = await db().selectFrom("policy_plans").select("plan_id").where("policy_id", "=", policy.id).execute();
          expect(planCount.length).toBe(cart.length);
        }
      }),
      { numRuns: kind === "sqlite" ? 25 : 10 },
    );
  }, 120_000);
});
