/**
 * The review's Billing tile shows the method and the masked account or card, like the other
 * tiles show their answers (issue 13, point 8) — never a full account or card number.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as reviewLoader } from "~/routes/enrollment.review-confirm";
import { action as billingAction } from "~/routes/enrollment.billing-information";
import { todayIso } from "~/domain/dates";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";

const BILLING = "/enrollment/billing-information";
const REVIEW = "/enrollment/review-confirm";
const TILE = REVIEW;
const ACCOUNT = "40417220356789";
const CARD = "4242424242424242";

describeEachDatabase("wizard: the review's Billing tile", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function atBilling(session?: Record<string, unknown>) {
    const { client } = await inWizard(app, session ? { session } : {});
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("billing_info")));
    return client;
  }
  type Tile = { tab: string; groups: Array<{ lines: Array<{ label: string; value: string; change: string | null }> }> };
  const billingLines = (data: { tiles: Tile[] }) => data.tiles.find((t) => t.tab === "billing_info")?.groups[0]?.lines ?? [];
  const lines = (data: { tiles: Tile[] }) => Object.fromEntries(billingLines(data).map((l) => [l.label, l.value]));

  it("a bank draft: the method, the bank, the account type and only the last four digits", async () => {
    const client = await atBilling();
    const bank = {
      intent: "next",
      payment_method: "eft",
      bill_date: "15",
      routing_number: "021000021",
      bank_name: "Chase",
      account_name: "Ana Lopez",
      account_number: ACCOUNT,
      account_type: "checking",
      account_holder_type: "individual",
    };
    expect((await client.submit(billingAction, BILLING, bank)).location).toBe(REVIEW);
    const tile = await client.load(reviewLoader, TILE);
    expect(lines(tile.data)).toEqual({
      "Payment method": "Bank Draft (EFT)",
      "Bank name": "CHASE",
      Account: "Checking ••••6789",
      "Billing date": "15th of month",
    });
    expect(JSON.stringify(tile.data)).not.toContain(ACCOUNT);
    expect(JSON.stringify(tile.data)).not.toContain("17220356");
  });

  it("a card: the method, the brand and only the last four digits", async () => {
    const client = await atBilling();
    const year = String(Number(todayIso(app.clock.now).slice(0, 4)) + 2);
    const card = {
      intent: "next",
      payment_method: "cc",
      bill_date: "28",
      first_name_on_cc: "Ana",
      last_name_on_cc: "Lopez",
      card_number: CARD,
      expiration_month: "12",
      expiration_year: year,
      security_code: "123",
      address1: "500 Elm St",
      city: "Dallas",
      state: "TX",
      zip: "75201",
    };
    expect((await client.submit(billingAction, BILLING, card)).location).toBe(REVIEW);
    const tile = await client.load(reviewLoader, TILE);
    expect(lines(tile.data)).toEqual({
      "Payment method": "Credit Card",
      Card: "Visa ••••4242",
      "Billing date": "28th of month",
    });
    expect(JSON.stringify(tile.data)).not.toContain(CARD);
    // in Spanish too
    const es = await client.load(reviewLoader, `${TILE}?lng=es`);
    expect(billingLines(es.data)[0]?.value).toBe("Tarjeta de crédito");
  });

  it("a statement-billed group: the method alone", async () => {
    const group = await app.store.db.selectFrom("groups").select("id").where("group_code", "=", "BRAZOS25").executeTakeFirstOrThrow();
    const client = await atBilling({ groupId: group.id });
    expect((await client.submit(billingAction, BILLING, { intent: "next" })).location).toBe(REVIEW);
    expect(billingLines((await client.load(reviewLoader, TILE)).data)).toEqual([
      { label: "Payment method", value: "Statement", change: "/enrollment/billing-information?return=review" },
    ]);
  });
});
