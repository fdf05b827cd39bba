import { afterAll, beforeAll, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as planLoader, action as planAction } from "~/routes/_store.plan.$id.$planName";
import { loader as cartLoader, action as cartAction } from "~/routes/_store.cart";
import { loader as confirmationLoader, action as confirmationAction } from "~/routes/_store.confirmation";
import { loader as quoteLinkLoader, action as quoteLinkAction } from "~/routes/quote.$token";
import { loader as declineLoader, action as declineAction } from "~/routes/decline-reminder-email";
import { loader as rootLoader } from "~/root";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { runReminders } from "~/.server/store/saved-quotes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { confirmedAddress } from "../support/journeys";
import { openedAll } from "../support/outbox";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };

describeEachDatabase("cart, quote e-mails, reminders and checkout", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { config: { REMINDER_DELAY_HOURS: "48", PUBLIC_BASE_URL: "https://store.example" } });
  });
  afterAll(() => app.close());

  async function shopper(extra: Record<string, string> = {}) {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    expect((await c.submit(indexAction, "/", { ...QUOTE, ...extra })).status).toBe(302);
    return c;
  }
  const params = (code: string) => ({ id: String(planId(code)), planName: "x" });
  async function add(c: TestClient, code: string, extra: Record<string, string> = {}) {
    const page = await c.load(planLoader, `/plan/${planId(code)}/x`, params(code));
    const url = (await c.load(planLoader, `/plan/${planId(code)}/x`, params(code))).location ?? `/plan/${planId(code)}/x`;
    const canonical = url.split("?")[0];
    const p2 = page.location ? await c.load(planLoader, canonical, params(code)) : page;
    return c.submit(
      planAction,
      canonical,
      { intent: "add", planId: String(planId(code)), planPriceId: String(p2.data.pricing.entries[0].planPriceId), ...extra },
      { params: params(code) },
    );
  }
  const cart = async (c: TestClient, path = "/cart") => (await c.load(cartLoader, path)).data;
  const outbox = async () => openedAll(app, await app.store.db.selectFrom("outbox").selectAll().orderBy("id", "desc").execute());

  it("shows lines, totals from the server and the effective dates", async () => {
    const c = await shopper({ category: "limited_medical" });
    await add(c, "BSD-PPO-ESS");
    await add(c, "KHA-LM-ESSENTIAL");
    const data = await cart(c);
    const prices = data.cart.lines.map((l: { priceCents: number }) => l.priceCents);
    expect(data.cart.totals.recurringMonthCents).toBe(prices[0] + prices[1]);
    expect(data.cart.totals.initialMonthCents).toBe(prices[0] + prices[1] + 2500); // the application fee, once
    expect(data.cart.effectiveDates.length).toBeGreaterThan(1);
    for (const d of data.cart.effectiveDates) expect(d > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(data.cart.adminFee).toMatchObject({ percent: 3 });
    expect((await c.load(rootLoader, "/")).data.cart).toEqual({ count: 2, amountCents: prices[0] + prices[1] });
  });

  it("removes a line only after a confirmation, and refuses lines that are not ours", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    const data = await cart(c, "/cart?dialog=remove&line=0");
    expect(data.dialogLine).toBeNull();
    const line = data.cart.lines[0];
    expect((await cart(c, `/cart?dialog=remove&line=${line.id}`)).dialogLine.id).toBe(line.id);
    // another visitor's line id
    const other = await shopper();
    await add(other, "CVV-BASIC");
    const otherLine = (await cart(other)).cart.lines[0];
    await c.submit(cartAction, "/cart", { intent: "remove", lineId: String(otherLine.id) });
    expect((await c.load(rootLoader, "/")).data.flash).toMatchObject({ key: "cart.notInCart" });
    expect((await cart(other)).cart.lines).toHaveLength(1);
    await c.submit(cartAction, "/cart", { intent: "remove", lineId: "abc" });
    expect((await cart(c)).cart.lines).toHaveLength(1);
    await c.submit(cartAction, "/cart", { intent: "remove", lineId: String(line.id) });
    expect((await cart(c)).cart.lines).toHaveLength(0);
    expect((await c.load(rootLoader, "/")).data.cart.count).toBe(0);
  });

  it("a membership cannot be removed on its own; removing its plan removes it", async () => {
    const c = await shopper({ category: "limited_medical" });
    const code = DEMO.plans.membershipRequired;
    const page = await c.load(planLoader, `/plan/${planId(code)}/x?dialog=membership`, params(code));
    const canonical = page.location!.split("?")[0];
    const p = await c.load(planLoader, `${canonical}?dialog=membership`, params(code));
    await c.submit(
      planAction,
      canonical,
      {
        intent: "add",
        planId: String(planId(code)),
        planPriceId: String(p.data.pricing.entries[0].planPriceId),
        membershipPriceId: String(p.data.membershipOptions[0].planPriceId),
      },
      { params: params(code) },
    );
    const lines = (await cart(c)).cart.lines;
    expect(lines).toHaveLength(2);
    const membership = lines.find((l: { removable: boolean }) => !l.removable);
    await c.submit(cartAction, "/cart", { intent: "remove", lineId: String(membership.id) });
    expect((await cart(c)).cart.lines).toHaveLength(2);
    await c.submit(cartAction, "/cart", { intent: "remove", lineId: String(lines.find((l: { removable: boolean }) => l.removable).id) });
    expect((await cart(c)).cart.lines).toHaveLength(0);
  });

  it("shows the union plan's fee breakdown with the health and welfare amount", async () => {
    const c = await shopper({ category: "medical" });
    await add(c, DEMO.plans.l713);
    const data = await cart(c, "/cart?dialog=fees");
    expect(data.cart.l713).toMatchObject({
      netPriceCents: 18900,
      fees: { unionDues: 2500, annuityFund: 1000, billingFees: 3000, marketerFeesFrom: 7700, marketerFeesTo: 15000 },
    });
    expect(data.cart.l713.fees.associationDues).toEqual({ IO: 5000, IS: 10000, IC: 10000, IF: 15000 });
  });

  it("checkout: a tampered effective date is refused under the field; a good one leads to the confirmation", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    const bad = await c.submit(cartAction, "/cart", { intent: "checkout", effectiveDate: "2020-01-01" });
    expect(bad.data.fieldErrors.effectiveDate).toBe("validation.effectiveDate");
    const junk = await c.submit(cartAction, "/cart", { intent: "checkout", effectiveDate: "<b>" });
    expect(junk.data.fieldErrors.effectiveDate).toBe("validation.effectiveDate");
    expect((await c.load(confirmationLoader, "/confirmation")).location).toBe("/cart");
    const date = (await cart(c)).cart.effectiveDates[1];
    expect((await c.submit(cartAction, "/cart", { intent: "checkout", effectiveDate: date })).location).toBe("/confirmation");
    expect((await c.load(confirmationLoader, "/confirmation")).data.effectiveDate).toBe(date);
  });

  it("proceed builds the step list from the cart's plans (required tabs only, in order) and is idempotent", async () => {
    const c = await shopper({ spouseDob: "05/05/1985", category: "term_life" });
    await c.submit(
      planAction,
      `/plan/${planId(DEMO.plans.smokerError)}/x`,
      { intent: "tobacco", smoker: "0" },
      { params: params(DEMO.plans.smokerError) },
    );
    await add(c, DEMO.plans.smokerError);
    const date = (await cart(c)).cart.effectiveDates[0];
    await c.submit(cartAction, "/cart", { intent: "checkout", effectiveDate: date });
    const first = await c.submit(confirmationAction, "/confirmation", {});
    expect(first.location).toBe("/enrollment/personal-info");
    const e = await app.store.db
      .selectFrom("enrollments")
      .selectAll()
      .where("id", "=", (await c.session()).tempId!)
      .executeTakeFirstOrThrow();
    expect(e.status).toBe("checked_out");
    const steps = JSON.parse(e.step_list!);
    expect(steps).toEqual([
      "primary_info",
      "contact_info",
      "beneficiary_info",
      "dependent_info",
      "agreement_info",
      "billing_info",
      "review_info",
    ]);
    expect((await c.submit(confirmationAction, "/confirmation", {})).location).toBe("/enrollment/personal-info");
    expect(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", e.id).executeTakeFirstOrThrow()).step_list,
    ).toBe(e.step_list);
  });

  it("Cancel Enrollment empties and forgets the cart", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    const id = (await c.session()).tempId!;
    expect((await c.submit(cartAction, "/cart", { intent: "cancel-enrollment" })).location).toBe("/plans");
    expect((await c.session()).tempId).toBeUndefined();
    expect((await app.store.db.selectFrom("enrollments").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(
      "cancelled",
    );
    expect(await app.store.db.selectFrom("cart_lines").selectAll().where("enrollment_id", "=", id).execute()).toHaveLength(0);
  });

  // ---- Save Cart
  it("save cart: validates name and e-mail with the spec's messages", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    const res = await c.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name: "<b>x</b>", email: "not-an-email" });
    expect(res.data.fieldErrors).toEqual({ name: "validation.validName", email: "validation.validEmail" });
    const inject = await c.submit(cartAction, "/cart?dialog=save", {
      intent: "send-quote",
      name: "Ana",
      email: "ana@example.com\r\nBcc: evil@example.com",
    });
    expect(inject.data.fieldErrors.email).toBe("validation.validEmail");
  });

  it("preview renders the e-mail that will be sent, escaping what was typed", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    // a message goes only to the applicant's own confirmed address (quote-relay.test.ts)
    await confirmedAddress(app, c, "ana@example.com");
    const res = await c.submit(cartAction, "/cart?dialog=save", {
      intent: "preview",
      name: "Ana María O'Neil",
      email: "ana@example.com",
      message: "<script>alert(1)</script> thanks",
    });
    expect(res.status).toBe(200);
    expect(res.data.preview.subject).toContain("Your plan quote from");
    expect(res.data.preview.html).toContain("BrightSmile Essential Dental PPO");
    expect(res.data.preview.html).toContain("&lt;script&gt;");
    expect(res.data.preview.html).not.toContain("<script>");
    expect(await outbox()).toHaveLength(0);
  });

  it("sends a real e-mail (HTML + text) in the visitor's language, and the link opens a copy of the cart elsewhere", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    await confirmedAddress(app, c, "ana@example.com");
    const sent = await c.submit(cartAction, "/cart?dialog=save", {
      intent: "send-quote",
      name: "Ana María",
      email: "ana@example.com",
      message: "For next month",
    });
    expect(sent.location).toMatch(/^\/cart\?dialog=quote-sent&quote=\d+$/);
    expect((await cart(c, sent.location!)).sentTo).toBe("ana@example.com");
    const [mail] = await outbox();
    expect(mail).toMatchObject({ channel: "email", recipient: "ana@example.com", kind: "quote" });
    expect(mail.subject).toContain("Your plan quote from");
    expect(mail.text_body).toContain("BrightSmile Essential Dental PPO");
    expect(mail.text_body).toContain("Member Only");
    expect(mail.text_body).toContain("For next month");
    expect(mail.html_body).toContain("<table");
    const link = /https:\/\/store\.example\/quote\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    expect(/decline-reminder-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]).toBe(link);
    // a fresh browser
    const other = new TestClient(app.services);
    expect((await other.load(quoteLinkLoader, `/quote/${link}`, { token: link })).status).toBe(200);
    const restored = await other.submit(quoteLinkAction, `/quote/${link}`, {}, { params: { token: link } });
    expect(restored.location).toBe("/cart");
    expect((await other.session()).tempId).not.toBe((await c.session()).tempId);
    expect((await cart(other)).cart.lines).toHaveLength(1);
    // a guessed or mangled token gets nothing
    expect((await new TestClient(app.services).load(quoteLinkLoader, "/quote/abc", { token: "abc" })).status).toBe(404);
    expect((await new TestClient(app.services).load(quoteLinkLoader, `/quote/${link}x`, { token: `${link}x` })).status).toBe(404);
    // the link expires
    app.clock.now = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect((await new TestClient(app.services).load(quoteLinkLoader, `/quote/${link}`, { token: link })).status).toBe(404);
    app.clock.now = new Date();
  });

  it("writes the e-mail in Spanish for a Spanish visitor", async () => {
    const c = new TestClient(app.services);
    c.setCookie("lng", (await app.services.languageCookie.serialize("es")).split(";")[0].slice("lng=".length));
    await c.submit(indexAction, "/", QUOTE);
    await add(c, "BSD-PPO-ESS");
    await c.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name: "Lucía", email: "lucia@example.com" });
    const [mail] = await outbox();
    expect(mail.subject).toContain("Su cotización de planes");
    // an address this enrollment did not confirm: no name of the sender's in it (security review, stop 35)
    expect(mail.text_body.startsWith("Hola:\n")).toBe(true);
    expect(mail.text_body).not.toContain("Lucía");
    expect(mail.text_body).toContain("Solo el miembro");
  });

  it("rate-limits quote e-mails per address", async () => {
    const email = `limit-${kind}@example.com`;
    for (let i = 0; i < 3; i++) {
      const c = await shopper();
      await add(c, "BSD-PPO-ESS");
      expect((await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email })).status).toBe(302);
    }
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    const res = await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email });
    expect(res.status).toBe(429);
    expect(res.data.fieldErrors.email).toBe("validation.tooManyQuotes");
  });

  // ---- reminders
  it("reminds once after the delay, and never after a decline", async () => {
    const c = await shopper();
    await add(c, "BSD-PPO-ESS");
    await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Rae", email: `remind-${kind}@example.com` });
    const d = await shopper();
    await add(d, "BSD-PPO-ESS");
    await d.submit(cartAction, "/cart", { intent: "send-quote", name: "Dee", email: `decline-${kind}@example.com` });
    const declineToken = /decline-reminder-email\?token=([A-Za-z0-9_-]+)/.exec((await outbox())[0].text_body)![1];
    expect((await d.load(declineLoader, `/decline-reminder-email?token=${declineToken}`)).data.state).toBe("confirm");
    const declined = await d.submit(declineAction, "/decline-reminder-email", { intent: "decline", token: declineToken });
    expect(declined.location).toBe("/decline-reminder-email?done=1");

    const sentBefore = (await outbox()).filter((m) => m.kind === "reminder").length;
    app.clock.now = new Date(Date.now() + 47 * 60 * 60 * 1000);
    await runReminders(app.services);
    expect((await outbox()).filter((m) => m.kind === "reminder").length).toBe(sentBefore);
    app.clock.now = new Date(Date.now() + 49 * 60 * 60 * 1000);
    await runReminders(app.services);
    await runReminders(app.services);
    const reminders = (await outbox()).filter((m) => m.kind === "reminder");
    expect(reminders.filter((m) => m.recipient === `remind-${kind}@example.com`)).toHaveLength(1);
    expect(reminders.filter((m) => m.recipient === `decline-${kind}@example.com`)).toHaveLength(0);
    app.clock.now = new Date();
    // the reminder's own link works too
    const token = /\/quote\/([A-Za-z0-9_-]+)/.exec(reminders.find((m) => m.recipient === `remind-${kind}@example.com`)!.text_body)![1];
    expect((await new TestClient(app.services).submit(quoteLinkAction, `/quote/${token}`, {}, { params: { token } })).location).toBe(
      "/cart",
    );
  });

  it("Go to Home on the thank-you page clears the session", async () => {
    const c = await shopper();
    expect((await c.submit(declineAction, "/decline-reminder-email", { intent: "home" })).location).toBe("/");
    expect(await c.session()).toEqual({});
  });
});
