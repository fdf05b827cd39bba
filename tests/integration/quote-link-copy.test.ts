/**
 * Issue 23 item 1: a quote link (/quote/{token}, the reminder's, the decline link) gives the quote
 * and a COPY of its cart in a new shopping enrollment — never the enrollment behind it, never what
 * left the cart, never a member's identity or a rep's mode. GET writes nothing; the copy is audited.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as planLoader, action as planAction } from "~/routes/_store.plan.$id.$planName";
import { loader as cartLoader, action as cartAction } from "~/routes/_store.cart";
import { loader as quoteLoader, action as quoteAction } from "~/routes/quote.$token";
import { loader as declineLoader, action as declineAction } from "~/routes/decline-reminder-email";
import { loader as rootLoader } from "~/root";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { checkOut } from "../support/journeys";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { openedAll } from "../support/outbox";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };

describeEachDatabase("quote links open a copy of the cart, never the enrollment", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { config: { PUBLIC_BASE_URL: "https://store.example" } });
  });
  afterAll(() => app.close());

  const db = () => app.store.db;
  const params = (code: string) => ({ id: String(planId(code)), planName: "x" });
  async function add(c: TestClient, code: string) {
    const first = await c.load(planLoader, `/plan/${planId(code)}/x`, params(code));
    const canonical = (first.location ?? `/plan/${planId(code)}/x`).split("?")[0];
    const page = first.location ? await c.load(planLoader, canonical, params(code)) : first;
    return c.submit(
      planAction,
      canonical,
      { intent: "add", planId: String(planId(code)), planPriceId: String(page.data.pricing.entries[0].planPriceId) },
      { params: params(code) },
    );
  }
  /** A shopper with a cart, who e-mails the quote: the token of its link. */
  async function quoted(codes = ["BSD-PPO-ESS"]) {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    expect((await c.submit(indexAction, "/", QUOTE)).status).toBe(302);
    for (const code of codes) await add(c, code);
    const email = `quote-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await c.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name: "Ana", email })).location).toMatch(/quote-sent/);
    const mails = await openedAll(app, await db().selectFrom("outbox").selectAll().where("recipient", "=", email).execute());
    const token = /\/quote\/([A-Za-z0-9_-]+)/.exec(mails[0].text_body)![1];
    const sourceId = (await c.session()).tempId!;
    return { c, token, sourceId };
  }
  const count = async (table: "enrollments" | "audit_events" | "cart_lines") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const linesOf = (id: number) =>
    db()
      .selectFrom("cart_lines")
      .select(["plan_id", "plan_price_id", "price_cents", "removable"])
      .where("enrollment_id", "=", id)
      .orderBy("id")
      .execute();
  const enrollment = (id: number) => db().selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("GET shows the quote's plans and prices and writes nothing: no row, no audit, no cookie", async () => {
    const { token, sourceId } = await quoted(["BSD-PPO-ESS"]);
    const [enrollments, audits, lines] = [await count("enrollments"), await count("audit_events"), await count("cart_lines")];
    const stranger = new TestClient(app.services);
    const page = await stranger.load(quoteLoader, `/quote/${token}`, { token });
    expect(page.status).toBe(200);
    expect(page.data.lines.map((l: { name: string }) => l.name)).toEqual(["BrightSmile Essential Dental PPO"]);
    expect(page.data.lines[0].priceCents).toBe((await linesOf(sourceId))[0].price_cents);
    expect(JSON.stringify(page.data)).not.toMatch(/75201|1988|tempId|enrollment/i);
    expect([await count("enrollments"), await count("audit_events"), await count("cart_lines")]).toEqual([enrollments, audits, lines]);
    expect(await stranger.session()).toEqual({});
    // unknown, mangled and expired tokens stay 404
    expect((await new TestClient(app.services).load(quoteLoader, "/quote/abc", { token: "abc" })).status).toBe(404);
    expect((await new TestClient(app.services).load(quoteLoader, `/quote/${token}x`, { token: `${token}x` })).status).toBe(404);
    expect(
      (await new TestClient(app.services).submit(quoteAction, `/quote/${token}x`, {}, { params: { token: `${token}x` } })).status,
    ).toBe(404);
    app.clock.now = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    try {
      expect((await new TestClient(app.services).load(quoteLoader, `/quote/${token}`, { token })).status).toBe(404);
      expect((await new TestClient(app.services).submit(quoteAction, `/quote/${token}`, {}, { params: { token } })).status).toBe(404);
    } finally {
      app.clock.now = new Date();
    }
  });

  it("POST copies the cart into a NEW shopping enrollment (same lines and prices) and audits it; the original is never in the session", async () => {
    const { c, token, sourceId } = await quoted();
    // the applicant checks out and types personal details (a step row stands for them)
    await checkOut(c);
    const source = await enrollment(sourceId);
    expect(source.status).toBe("checked_out");
    await db()
      .insertInto("enrollment_steps")
      .values({
        enrollment_id: sourceId,
        tab_name: "contact_info",
        data: JSON.stringify({ email: "victim@example.com" }),
        secret_enc: null,
        completed_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        draft_enc: null,
      })
      .execute();

    const stranger = new TestClient(app.services);
    const before = await count("enrollments");
    const res = await stranger.submit(quoteAction, `/quote/${token}`, {}, { params: { token } });
    expect(res.location).toBe("/cart");
    expect(await count("enrollments")).toBe(before + 1);
    const session = await stranger.session();
    expect(session.tempId).toBeDefined();
    expect(session.tempId).not.toBe(sourceId);
    expect(session).toMatchObject({ eprocess: "applicant", enrollType: "new-member", repAuthenticated: true });
    expect(session.memberId).toBeUndefined();

    const copy = await enrollment(session.tempId!);
    expect(copy).toMatchObject({
      status: "shopping",
      zip: source.zip,
      state: source.state,
      birthdate: source.birthdate,
      tier: source.tier,
      gender: source.gender,
      is_smoker: source.is_smoker,
      site_id: source.site_id,
      member_id: null,
      effective_date: null,
      step_list: null,
      saved_tab: null,
      policy_id: null,
    });
    expect(await linesOf(copy.id)).toEqual(await linesOf(sourceId));
    expect(await db().selectFrom("enrollment_steps").selectAll().where("enrollment_id", "=", copy.id).execute()).toEqual([]);
    // the stranger's cart is the copy; the original is untouched
    const theirs = await stranger.load(cartLoader, "/cart");
    expect(theirs.data.cart.lines.map((l: { priceCents: number }) => l.priceCents)).toEqual(
      (await linesOf(sourceId)).map((l) => l.price_cents),
    );
    expect((await enrollment(sourceId)).status).toBe("checked_out");
    expect((await c.session()).tempId).toBe(sourceId);

    const audit = await db()
      .selectFrom("audit_events")
      .selectAll()
      .where("kind", "=", "quote.open")
      .where("enrollment_id", "=", sourceId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: "applicant", acting_as: "applicant", detail: `copy:${copy.id}` });
    // the link is reusable: each use is a new copy, each audited
    const again = new TestClient(app.services);
    await again.submit(quoteAction, `/quote/${token}`, {}, { params: { token } });
    expect((await again.session()).tempId).not.toBe(copy.id);
    expect(
      await db().selectFrom("audit_events").selectAll().where("kind", "=", "quote.open").where("enrollment_id", "=", sourceId).execute(),
    ).toHaveLength(2);
  });

  it("lines added together stay together; a plan that asked its buyer questions is not copied, and the opener is told", async () => {
    const c = new TestClient(app.services);
    c.clientIp = "198.51.100.77";
    await c.submit(indexAction, "/", { ...QUOTE, category: "limited_medical" });
    const code = DEMO.plans.membershipRequired;
    const first = await c.load(planLoader, `/plan/${planId(code)}/x?dialog=membership`, params(code));
    const canonical = (first.location ?? `/plan/${planId(code)}/x`).split("?")[0];
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
    const sourceId = (await c.session()).tempId!;
    expect(await linesOf(sourceId)).toHaveLength(2);
    // a plan whose Enroll-Now health questions the quoter answered (their answers stay theirs)
    const ci = planId(DEMO.plans.enrollQuestions);
    const ciPrice = await db().selectFrom("plan_prices").select("id").where("plan_id", "=", ci).orderBy("id").executeTakeFirstOrThrow();
    await db()
      .insertInto("cart_lines")
      .values({
        enrollment_id: sourceId,
        plan_id: ci,
        plan_price_id: ciPrice.id,
        price_cents: 1234,
        removable: 1,
        paired_line_id: null,
        added_at: new Date().toISOString(),
      })
      .execute();
    await c.submit(cartAction, "/cart?dialog=save", { intent: "send-quote", name: "Ana", email: "pair@example.com" });
    const mails = await openedAll(app, await db().selectFrom("outbox").selectAll().where("recipient", "=", "pair@example.com").execute());
    const token = /\/quote\/([A-Za-z0-9_-]+)/.exec(mails[0].text_body)![1];

    const stranger = new TestClient(app.services);
    await stranger.submit(quoteAction, `/quote/${token}`, {}, { params: { token } });
    const copyId = (await stranger.session()).tempId!;
    const copied = await db().selectFrom("cart_lines").selectAll().where("enrollment_id", "=", copyId).orderBy("id").execute();
    const original = (await linesOf(sourceId)).filter((l) => l.plan_id !== ci);
    expect(
      copied.map((l) => ({ plan_id: l.plan_id, plan_price_id: l.plan_price_id, price_cents: l.price_cents, removable: l.removable })),
    ).toEqual(original);
    // the membership still belongs to its plan in the copy
    expect(copied[1].paired_line_id).toBe(copied[0].id);
    const shell = await stranger.load(rootLoader, "/cart");
    expect(shell.data.flash).toMatchObject({
      kind: "warning",
      key: "savedQuote.notCopied",
      values: { plans: "Summit Mutual Critical Illness 20K" },
    });
  });

  it("a completed enrollment's quote still opens as a copy (a quote stays a quote)", async () => {
    const { token, sourceId } = await quoted();
    await db()
      .updateTable("enrollments")
      .set({ status: "completed", completed_at: new Date().toISOString(), policy_id: null })
      .where("id", "=", sourceId)
      .execute();
    expect((await new TestClient(app.services).load(quoteLoader, `/quote/${token}`, { token })).status).toBe(200);
    const stranger = new TestClient(app.services);
    expect((await stranger.submit(quoteAction, `/quote/${token}`, {}, { params: { token } })).location).toBe("/cart");
    const session = await stranger.session();
    expect(session.tempId).not.toBe(sourceId);
    expect(session.receiptId).toBeUndefined();
    expect((await enrollment(session.tempId!)).status).toBe("shopping");
  });

  it("a member-store quote copies no member: no member_id, a new-member cart in the store's group", async () => {
    const { token, sourceId } = await quoted();
    const memberId = DEMO.members.ids.memberBenefitStore[0];
    await db()
      .updateTable("enrollments")
      .set({ enroll_type: "existing-member", type: "existing", member_id: memberId, group_id: DEMO.memberBenefitStoreGroupId })
      .where("id", "=", sourceId)
      .execute();
    const stranger = new TestClient(app.services);
    await stranger.submit(quoteAction, `/quote/${token}`, {}, { params: { token } });
    const session = await stranger.session();
    expect(session.memberId).toBeUndefined();
    expect(session).toMatchObject({
      enrollType: "new-member",
      eprocess: "applicant",
      openType: "group",
      groupId: DEMO.memberBenefitStoreGroupId,
    });
    expect(await enrollment(session.tempId!)).toMatchObject({
      member_id: null,
      enroll_type: "new-member",
      type: "new-user",
      group_id: DEMO.memberBenefitStoreGroupId,
    });
  });

  it("a rep's or an employee's quote gives no rep or group-code mode", async () => {
    for (const eprocess of ["rep", "group"] as const) {
      const { token, sourceId } = await quoted();
      await db().updateTable("enrollments").set({ eprocess, agent_id: 1, open_type: "agent" }).where("id", "=", sourceId).execute();
      const stranger = new TestClient(app.services);
      await stranger.submit(quoteAction, `/quote/${token}`, {}, { params: { token } });
      const session = await stranger.session();
      expect(session).toMatchObject({ eprocess: "applicant", agentId: 1, openType: "agent" });
      expect((await enrollment(session.tempId!)).eprocess).toBe("applicant");
    }
  });

  it("the decline link stops reminders and puts no enrollment in the session", async () => {
    const { token, sourceId } = await quoted();
    const stranger = new TestClient(app.services);
    const before = await count("enrollments");
    expect((await stranger.load(declineLoader, `/decline-reminder-email?token=${token}`)).data.state).toBe("confirm");
    expect((await stranger.submit(declineAction, "/decline-reminder-email", { intent: "decline", token })).location).toBe(
      "/decline-reminder-email?done=1",
    );
    expect((await stranger.session()).tempId).toBeUndefined();
    expect(await count("enrollments")).toBe(before);
    const quote = await db().selectFrom("quotes").selectAll().where("enrollment_id", "=", sourceId).executeTakeFirstOrThrow();
    expect(quote.declined_at).not.toBeNull();
    expect((await stranger.load(declineLoader, "/decline-reminder-email?done=1")).data.state).toBe("done");
  });
});
