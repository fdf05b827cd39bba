import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as agentMembersLoader } from "~/routes/_store.agent-select-member";
import { action as billingAction } from "~/routes/enrollment.billing-information";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { signInRep } from "../support/staff";
import { inWizard, markStepsDone } from "../support/journeys";
import { openedAll } from "../support/outbox";

const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("wizard: review, complete exactly once, receipt", (kind) => {
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind, { logTo: logLines });
  });
  afterAll(() => app.close());

  async function atReview(session?: Record<string, unknown>) {
    const { client } = await inWizard(app, session ? { session } : {});
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(
      app,
      client,
      steps.filter((s) => s !== "review_info"),
    );
    return { client, id };
  }
  const count = async (table: "policies" | "members" | "invoices", where?: [string, number]) => {
    let q = app.store.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n"));
    if (where) q = q.where(where[0] as never, "=", where[1] as never);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  it("refuses the review before the earlier steps are done", async () => {
    const { client } = await inWizard(app);
    expect((await client.load(reviewLoader, REVIEW)).location).toBe("/enrollment/personal-info");
  });

  it("shows tiles for the required steps (agreement always) and the order summary", async () => {
    const { client } = await atReview();
    const page = await client.load(reviewLoader, REVIEW);
    expect(page.data.tiles.map((t: { tab: string }) => t.tab)).toEqual(["primary_info", "contact_info", "agreement_info", "billing_info"]);
    expect(page.data.cart.lines).toHaveLength(1);
    expect(page.data.cart.totals.recurringMonthCents).toBeGreaterThan(0);
    const personal = page.data.tiles.find((t: { tab: string }) => t.tab === "primary_info");
    expect(personal.groups[0].lines).toEqual(
      expect.arrayContaining([
        { label: "Social Security Number", value: "XXX-XX-6789", change: "/enrollment/personal-info?return=review" },
      ]),
    );
    expect(JSON.stringify(page.data)).not.toContain("123456789");
  });

  it("Edit Details goes to the step and its save comes back to the review", async () => {
    const { client } = await atReview();
    expect((await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "primary_info" })).location).toBe("/enrollment/personal-info");
    expect((await client.session()).navto).toBe("review");
    const page = await client.load(personalLoader, "/enrollment/personal-info");
    // opened from the review, the personal step goes Back to the review (not the cart)
    expect(page.data.chrome.back).toBe(REVIEW);
    const saved = await client.submit(personalAction, "/enrollment/personal-info", {
      intent: "next",
      first_name: "Ana",
      last_name: "Lopez",
      height_feet: "5",
      height_inch: "6",
      weight: "141",
      marital_status: "1",
      ssn: "",
      prior_coverage_flag: "0",
    });
    expect(saved.location).toBe(REVIEW);
    expect((await client.session()).navto).toBeUndefined();
    expect((await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "employer_info" })).location).toBe(REVIEW);
  });

  it("completes exactly once: a second submit finds the same policy", async () => {
    const { client, id } = await atReview();
    const before = await count("policies");
    const [a, b] = await Promise.all([
      client.submit(reviewAction, REVIEW, { intent: "complete", additional_notes: "Please call after 5pm" }),
      client.submit(reviewAction, REVIEW, { intent: "complete", additional_notes: "Please call after 5pm" }),
    ]);
    expect([a.location, b.location]).toEqual(["/enrollment/receipt", "/enrollment/receipt"]);
    expect(await count("policies")).toBe(before + 1);
    const again = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(again.location).toBe("/enrollment/receipt");
    expect(await count("policies")).toBe(before + 1);
    const e = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(e).toMatchObject({ status: "completed", additional_notes: "Please call after 5pm" });
    const session = await client.session();
    expect(session.tempId).toBeUndefined();
    expect(session.receiptId).toBe(id);
    const receipt = await client.load(receiptLoader, "/enrollment/receipt");
    expect(receipt.data.name).toBe("Ana Lopez");
    expect(receipt.data.confirmation).toMatch(/^BS-\d{4}-[A-Z2-9]{8}$/);
    // the receipt e-mail went to the enrollee and to the rep or group
    const mails = openedAll(
      app,
      await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).where("kind", "=", "receipt").execute(),
    );
    expect(mails.map((m) => m.recipient)).toContain("ana.lopez@gmail.com");
    expect(mails[0].subject).toBe("Enrollment Receipt");
    expect(mails[0].text_body).toContain(receipt.data.confirmation);
    // a completed enrollment cannot be edited or completed again
    expect((await client.load(personalLoader, "/enrollment/personal-info")).location).toBe("/enrollment/receipt");
  });

  it("completing with a bank draft: no clear account number in the receipt e-mails, the log or any table", async () => {
    const ACCOUNT = "40417220356789";
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("billing_info")));
    logLines.length = 0;
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
    expect((await client.submit(billingAction, "/enrollment/billing-information", bank)).location).toBe(REVIEW);
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect(logLines.some((l) => l.includes('"enrollment completed"'))).toBe(true);
    expect(logLines.join("\n")).not.toContain(ACCOUNT);
    const mails = openedAll(app, await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).execute());
    expect(mails.some((m) => m.kind === "receipt")).toBe(true);
    expect(JSON.stringify(mails)).not.toContain(ACCOUNT);
    for (const table of [
      "members",
      "policies",
      "payment_methods",
      "enrollment_payments",
      "enrollment_steps",
      "invoices",
      "audit_events",
    ] as const) {
      const rows = await app.store.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows), table).not.toContain(ACCOUNT);
    }
  });

  it("the new member is listed under the rep who enrolled them, with an active plan", async () => {
    const { client, id } = await atReview({
      eprocess: "rep",
      agentId: DEMO.rep.id,
      repAuthenticated: true,
      portalId: 1,
      enrollType: "new-member",
    });
    await client.submit(reviewAction, REVIEW, { intent: "complete" });
    const e = await app.store.db
      .selectFrom("enrollments")
      .select(["member_id", "policy_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const member = await app.store.db.selectFrom("members").selectAll().where("id", "=", e.member_id!).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ first_name: "Ana", last_name: "Lopez", rep_id: DEMO.rep.id, ssn_last4: "6789", last_enrollment_id: id });
    expect(member.ssn_enc).not.toContain("123456789");
    const rep = await signInRep(app);
    const list = await rep.load(agentMembersLoader, "/agent-select-member?q=Ana%20Lopez");
    expect(JSON.stringify(list.data)).toContain("Lopez");
  });

  it("generates one invoice for a directly billed enrollment", async () => {
    const { client, id } = await atReview();
    await app.store.db.updateTable("enrollment_payments").set({ payment_method: "eft" }).where("enrollment_id", "=", id).execute();
    await client.submit(reviewAction, REVIEW, { intent: "complete" });
    const policy = await app.store.db.selectFrom("policies").select("id").where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(await count("invoices", ["policy_id", policy.id])).toBe(1);
  });

  it("receipt pages are only for the browser that completed", async () => {
    expect((await new TestClient(app.services).load(receiptLoader, "/enrollment/receipt")).location).toBe("/");
  });
});
