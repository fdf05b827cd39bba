/**
 * Every way back into an enrollment ends somewhere that explains itself (issue 13, point 6),
 * and Back around the review goes where the step list says (point 7).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { loader as billingLoader } from "~/routes/enrollment.billing-information";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as directLoader } from "~/routes/direct-continue.$id.$tab";
import { loader as quoteLoader, action as quoteAction } from "~/routes/quote.$token";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { addPlan, inWizard, markStepsDone, quotedClient, checkOut } from "../support/journeys";
import { action as cartAction } from "~/routes/_store.cart";
import { opened } from "../support/outbox";

const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("wizard: ways back into an enrollment, Back around the review", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function atReview() {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(
      app,
      client,
      steps.filter((s) => s !== "review_info"),
    );
    return { client, id, steps };
  }

  /** The newest mail of a kind for an enrollment. */
  const lastMail = async (id: number, kind: string) =>
    opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("kind", "=", kind)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );

  /** A completed enrollment whose Save & Continue Later e-mail (code and direct link) was sent from the review first. */
  async function completedWithResumeMail() {
    const { client, id } = await atReview();
    expect((await client.submit(reviewAction, REVIEW, { intent: "send-resume", email: "ana.lopez@gmail.com" })).location).toBe(
      `${REVIEW}?dialog=save-later&sent=1`,
    );
    const mail = await lastMail(id, "save_later");
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1];
    const link = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body)!;
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    const confirmation = (await client.load(receiptLoader, "/enrollment/receipt")).data.confirmation as string;
    expect(confirmation).toMatch(/^BS-/);
    return { id, code, link, confirmation };
  }

  // ---- point 6: dead ends on return
  it("a completed enrollment's direct link or code says it is complete and opens nothing, in a browser that never saw it (issue 23)", async () => {
    const { link, code } = await completedWithResumeMail();
    const other = new TestClient(app.services);
    other.clientIp = "192.0.2.77";
    const res = await other.load(directLoader, link[0], { id: link[1], tab: link[2] });
    expect(res.location).toBeNull();
    expect(res.data).toEqual({ state: "complete" });
    const byCode = await other.submit(continueAction, "/continue-enrollment", { code, email: "ana.lopez@gmail.com" });
    expect(byCode.data.fieldErrors.code).toBe("validation.resumeComplete");
    expect((await other.load(receiptLoader, "/enrollment/receipt")).location).toBe("/");
    const session = await other.session();
    expect(session.receiptId).toBeUndefined();
    expect(session.tempId).toBeUndefined();
    expect((await other.load(personalLoader, "/enrollment/personal-info")).location).not.toBe("/enrollment/personal-info");
    // the wrong e-mail still shows nothing
    const stranger = new TestClient(app.services);
    stranger.clientIp = "192.0.2.78";
    expect(
      (await stranger.submit(continueAction, "/continue-enrollment", { code, email: "someone@gmail.com" })).data.fieldErrors.code,
    ).toBe("validation.resumeNotFound");
  });

  it("an expired or unknown direct link is a 404 and restores nothing", async () => {
    const { link } = await completedWithResumeMail();
    app.clock.now = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    try {
      const late = new TestClient(app.services);
      expect((await late.load(directLoader, link[0], { id: link[1], tab: link[2] })).status).toBe(404);
      expect((await late.session()).receiptId).toBeUndefined();
    } finally {
      app.clock.now = new Date();
    }
    const bogus = Buffer.from("x".repeat(43)).toString("base64url");
    expect(
      (
        await new TestClient(app.services).load(directLoader, `/direct-continue/${bogus}/cmV2aWV3X2luZm8`, {
          id: bogus,
          tab: "cmV2aWV3X2luZm8",
        })
      ).status,
    ).toBe(404);
  });

  it("a quote link to an enrollment completed since opens only a copy of its cart, never the receipt", async () => {
    // Save Cart e-mails a quote; the same cart then goes through the wizard and is completed
    const client = await quotedClient(app);
    await addPlan(client, "BSD-PPO-ESS");
    const sent = await client.submit(cartAction, "/cart?dialog=save", {
      intent: "send-quote",
      name: "Ana O'Neil",
      email: "ana.quote@gmail.com",
      message: "",
    });
    expect(sent.location).toMatch(/^\/cart\?dialog=quote-sent/);
    const id = (await client.session()).tempId!;
    const token = /\/quote\/([A-Za-z0-9_-]+)/.exec((await lastMail(id, "quote")).text_body)![1];
    await checkOut(client);
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");

    const other = new TestClient(app.services);
    const res = await other.load(quoteLoader, `/quote/${token}`, { token });
    expect(res.location).toBeNull();
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.data)).not.toMatch(/confirmation|receipt|policy/i);
    expect(await other.session()).toEqual({});
    // the quote's reader is not shown the receipt, nor given the enrollment: a new cart, a copy
    expect((await other.submit(quoteAction, `/quote/${token}`, {}, { params: { token } })).location).toBe("/cart");
    const session = await other.session();
    expect(session.tempId).not.toBe(id);
    expect(session.receiptId).toBeUndefined();
    expect((await other.load(quoteLoader, "/quote/nope", { token: "nope" })).status).toBe(404);
  });

  // ---- point 7: Back around the review
  it("the review shows Back to the step before it in the step list", async () => {
    const { client, steps } = await atReview();
    const before = steps[steps.indexOf("review_info") - 1];
    expect(before).toBe("billing_info");
    expect((await client.load(reviewLoader, REVIEW)).data.chrome.back).toBe("/enrollment/billing-information");
  });

  it("a step opened from the review (the personal step included) goes Back to the review", async () => {
    const { client } = await atReview();
    expect((await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "primary_info" })).location).toBe("/enrollment/personal-info");
    expect((await client.load(personalLoader, "/enrollment/personal-info")).data.chrome.back).toBe(REVIEW);
    expect((await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "billing_info" })).location).toBe(
      "/enrollment/billing-information",
    );
    expect((await client.load(billingLoader, "/enrollment/billing-information")).data.chrome.back).toBe(REVIEW);
  });

  it("after an abandoned edit, Back on the review never points at the review", async () => {
    const { client } = await atReview();
    await client.submit(reviewAction, REVIEW, { intent: "edit", tab: "contact_info" });
    expect((await client.load(contactLoader, "/enrollment/contact-info")).data.chrome.back).toBe(REVIEW);
    // the visitor goes back to the review without saving: the marker is still set
    expect((await client.session()).navto).toBe("review");
    const review = await client.load(reviewLoader, REVIEW);
    expect(review.data.chrome.back).not.toBe(REVIEW);
    expect(review.data.chrome.back).toBe("/enrollment/billing-information");
  });

  it("without the review marker the personal step's Back is the cart", async () => {
    const { client } = await inWizard(app);
    expect((await client.load(personalLoader, "/enrollment/personal-info")).data.chrome.back).toBe("/cart");
  });
});
