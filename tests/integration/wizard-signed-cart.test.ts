/**
 * A signature and a payment authorisation cover the cart they were given for (issue 26 #9):
 * adding a plan from the store after signing voids both, Complete refuses and creates nothing,
 * the agreement step says the earlier signature no longer applies; signing again completes.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { action as billingAction } from "~/routes/enrollment.billing-information";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { addPlan, inWizard, markStepsDone } from "../support/journeys";

const AGREEMENT = "/enrollment/agreement-signature";
const BILLING = "/enrollment/billing-information";
const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("wizard: a change to the cart after signing voids the signature", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function sign(client: TestClient) {
    const page = await client.load(agreementLoader, AGREEMENT);
    const ticks = Object.fromEntries(
      (page.data.agreements as Array<{ id: number; required: boolean }>).filter((a) => a.required).map((a) => [`agreement_${a.id}`, "1"]),
    );
    const res = await client.submit(agreementAction, AGREEMENT, {
      intent: "next",
      esign_consent: "1",
      ...ticks,
      signature_name: "Ana Lopez",
      signature_consent: "1",
    });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
  }
  async function authorise(client: TestClient) {
    const res = await client.submit(billingAction, BILLING, {
      intent: "next",
      payment_method: "eft",
      bill_date: "15",
      routing_number: "021000021",
      bank_name: "Chase",
      account_name: "Ana Lopez",
      account_number: "40417220356789",
      account_type: "checking",
      account_holder_type: "individual",
    });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
  }
  const policies = (id: number) => app.store.db.selectFrom("policies").select("id").where("enrollment_id", "=", id).execute();

  it("sign and authorise, add a plan from the store: Complete is refused and nothing completes; sign again, it completes", async () => {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("agreement_info")));
    await sign(client);
    await authorise(client);

    // a second plan, added from the store's plan page after signing
    await addPlan(client, "BSD-HMO-SUN");
    const lines = await app.store.db.selectFrom("cart_lines").select("plan_id").where("enrollment_id", "=", id).execute();
    expect(lines).toHaveLength(2);

    const refused = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(refused.status).toBe(422);
    expect(refused.data.problems).toEqual(
      expect.arrayContaining([
        { tab: "agreement_info", message: "review.problems.signatureCartChanged" },
        { tab: "billing_info", message: "review.problems.billingCartChanged" },
      ]),
    );
    expect(await policies(id)).toHaveLength(0);
    const status = await app.store.db.selectFrom("enrollments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(status.status).not.toBe("completed");

    // the agreement step says the earlier signature no longer applies
    const page = await client.load(agreementLoader, AGREEMENT);
    expect(page.data.signed).toMatchObject({ stale: true });

    // signing again alone is not enough: the payment was authorised for the old amount
    await sign(client);
    const stillRefused = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(stillRefused.data.problems).toEqual([{ tab: "billing_info", message: "review.problems.billingCartChanged" }]);
    expect((await client.load(agreementLoader, AGREEMENT)).data.signed).toMatchObject({ stale: false });

    await authorise(client);
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect(await policies(id)).toHaveLength(1);
  });
});
