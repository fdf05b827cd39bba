import { afterAll, beforeAll, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { loader as plansLoader, action as plansAction } from "~/routes/_store.plans";
import { loader as planLoader, action as planAction } from "~/routes/_store.plan.$id.$planName";
import { loader as questionsLoader, action as questionsAction } from "~/routes/_store.PlanQuestionView";
import { loader as rootLoader } from "~/root";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { todayIso } from "~/domain/dates";
import { loadCatalog } from "~/.server/repositories/catalog";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

const QUOTE = { intent: "quote", zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };

describeEachDatabase("quote, plans, plan detail and adding to the cart", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function quoted(extra: Partial<typeof QUOTE> & Record<string, string> = {}) {
    const c = new TestClient(app.services);
    const res = await c.submit(indexAction, "/", { ...QUOTE, ...extra });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    return c;
  }
  const enrollmentOf = async (c: TestClient) =>
    app.store.db
      .selectFrom("enrollments")
      .selectAll()
      .where("id", "=", (await c.session()).tempId!)
      .executeTakeFirstOrThrow();
  const linesOf = async (c: TestClient) =>
    app.store.db
      .selectFrom("cart_lines")
      .selectAll()
      .where("enrollment_id", "=", (await c.session()).tempId!)
      .orderBy("id")
      .execute();
  const countEnrollments = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const href = async (code: string) =>
    `/plan/${planId(code)}/${(
      await app.services.db
        .selectFrom("plan_texts")
        .select("name")
        .where("plan_id", "=", planId(code))
        .where("locale", "=", "en")
        .executeTakeFirstOrThrow()
    ).name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
  const params = (code: string) => ({ id: String(planId(code)), planName: "x" });

  // ---- quote
  it("creates the temp enrollment with the state from the ZIP and the derived tier", async () => {
    const c = await quoted({ spouseDob: "05/05/1985", childCount: "2" });
    const e = await enrollmentOf(c);
    expect(e).toMatchObject({
      zip: "75201",
      state: "TX",
      birthdate: "1988-04-12",
      gender: 0,
      tier: "IF",
      spouse_birthdate: "1985-05-05",
      child_count: 2,
      category: "dental",
      status: "shopping",
      enroll_type: "new-member",
    });
  });

  it.each([
    [{ spouseDob: "05/05/1985" }, "IS"],
    [{ childCount: "3" }, "IC"],
    [{}, "IO"],
  ])("derives tier %j → %s", async (extra, tier) => {
    expect((await enrollmentOf(await quoted(extra))).tier).toBe(tier);
  });

  it("updates the same enrollment on a second quote", async () => {
    const c = await quoted();
    const first = (await c.session()).tempId;
    await c.submit(indexAction, "/", { ...QUOTE, zip: "33131", category: "vision" });
    expect((await c.session()).tempId).toBe(first);
    expect(await enrollmentOf(c)).toMatchObject({ zip: "33131", state: "FL", category: "vision" });
  });

  it.each([
    [{ zip: "" }, "zip", "validation.required"],
    [{ zip: "7520" }, "zip", "validation.zipFormat"],
    [{ zip: "abcde" }, "zip", "validation.zipFormat"],
    [{ zip: "00000" }, "zip", "validation.zipInvalid"],
    [{ dob: "" }, "dob", "validation.required"],
    [{ dob: "13/45/1990" }, "dob", "validation.invalidDate"],
    [{ dob: "01/01/2015" }, "dob", "validation.ageRange"],
    [{ dob: "01/01/1900" }, "dob", "validation.ageRange"],
    [{ dob: "01/01/2099" }, "dob", "validation.futureDate"],
    [{ gender: "" }, "gender", "validation.required"],
    [{ gender: "7" }, "gender", "validation.required"],
    [{ category: "" }, "category", "validation.chooseCategory"],
    [{ category: "<script>" }, "category", "validation.chooseCategory"],
    [{ spouseDob: "01/01/2015" }, "spouseDob", "validation.spouseAdult"],
    [{ spouseDob: "05/05/1985", childCount: "9" }, "childCount", "validation.childCount"],
    [{ childCount: "-1" }, "childCount", "validation.childCount"],
  ])("refuses %j with %s: %s and saves nothing", async (bad, fieldName, message) => {
    const before = await countEnrollments();
    const c = new TestClient(app.services);
    const res = await c.submit(indexAction, "/", { ...QUOTE, ...bad });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[fieldName]).toBe(message);
    expect(await countEnrollments()).toBe(before);
  });

  it("keeps what was typed after an error", async () => {
    const res = await new TestClient(app.services).submit(indexAction, "/", { ...QUOTE, zip: "00000", dob: "04/12/1988" });
    expect(res.data.repopulateFields).toMatchObject({ zip: "00000", dob: "04/12/1988" });
  });

  // ---- listing
  it("lists sections in the spec's order with bundles by size, priced for the quote", async () => {
    const c = await quoted();
    const res = await c.load(plansLoader, "/plans");
    const keys = res.data.sections.map((s: { key: string }) => s.key);
    expect(keys.indexOf("dental")).toBeLessThan(keys.indexOf("vision"));
    expect(keys.indexOf("vision")).toBeLessThan(keys.indexOf("medical"));
    expect(keys.at(-1)).toBe("bundles");
    const bundles = res.data.sections.find((s: { key: string }) => s.key === "bundles");
    expect(bundles.bundles.map((b: { size: number }) => b.size)).toEqual([2, 3, 4, 5]);
    for (const s of res.data.sections) for (const card of s.plans) for (const p of card.tierPrices) expect(p.priceCents).toBeGreaterThan(0);
    const dental = await c.load(plansLoader, "/plans?type=dental");
    expect(dental.data.sections.map((s: { key: string }) => s.key)).toEqual(["dental"]);
    expect(JSON.stringify(dental.data)).not.toContain("<script");
  });

  it("leaves out plans the quote cannot buy (state, area, age, tier)", async () => {
    const ca = await quoted({ zip: "90012" });
    const ids = (await ca.load(plansLoader, "/plans")).data.sections
      .flatMap((s: { plans: Array<{ id: number }>; bundles?: Array<{ plans: Array<{ id: number }> }> }) => [
        ...s.plans,
        ...(s.bundles ?? []).flatMap((b) => b.plans),
      ])
      .map((p: { id: number }) => p.id);
    expect(ids).not.toContain(planId(DEMO.plans.stateError));
    expect(ids).not.toContain(planId(DEMO.plans.metError));
    const tx = await quoted();
    const txIds = (await tx.load(plansLoader, "/plans?type=dental")).data.sections[0].plans.map((p: { id: number }) => p.id);
    expect(txIds).toContain(planId(DEMO.plans.stateError));
  });

  it("says when no plan matches", async () => {
    const c = await quoted();
    const res = await c.load(plansLoader, "/plans?type=nonsense");
    expect(res.data.type).toBeNull();
  });

  // ---- plan detail and pricing errors
  it("shows each pricing error on the plan page", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      [DEMO.plans.stateError, { zip: "90012" }, "stateError"],
      [DEMO.plans.metError, {}, "metError"],
      [DEMO.plans.ageError, { dob: "04/12/1960" }, "ageError"],
      [DEMO.plans.tierError, { spouseDob: "05/05/1985" }, "tierError"],
      [DEMO.plans.smokerError, {}, "smokerError"],
      [DEMO.plans.salaryError, {}, "salaryError"],
      [DEMO.plans.hourError, {}, "hourError"],
    ];
    for (const [code, extra, errorCode] of cases) {
      const c = await quoted(extra);
      const res = await c.load(planLoader, await href(code), params(code));
      expect(res.data.pricing, code).toEqual({ ok: false, errorCode });
    }
  });

  it("answers an unknown plan with 404 and a retired plan with its replacement (changePid)", async () => {
    const c = await quoted();
    expect((await c.load(planLoader, "/plan/999999/x", { id: "999999", planName: "x" })).status).toBe(404);
    expect((await c.load(planLoader, "/plan/abc/x", { id: "abc", planName: "x" })).status).toBe(404);
    const retired = await c.load(planLoader, `/plan/${planId("BSD-CLASSIC")}/x`, params("BSD-CLASSIC"));
    expect(retired.location).toMatch(new RegExp(`^/plan/${planId("BSD-PPO-ESS")}/`));
  });

  it("salary and hours: the dialog saves them and the price follows the salary", async () => {
    const c = await quoted();
    const code = DEMO.plans.salaryError;
    expect(
      (await c.submit(planAction, await href(code), { intent: "salary", annualIncome: "-5" }, { params: params(code) })).data.fieldErrors
        .annualIncome,
    ).toBe("validation.salary");
    expect(
      (await c.submit(planAction, await href(code), { intent: "salary", annualIncome: "52,000" }, { params: params(code) })).status,
    ).toBe(302);
    const page = await c.load(planLoader, await href(code), params(code));
    expect(page.data.pricing.ok).toBe(true);
    expect(page.data.salary.annualIncome).toBe(52000);
    const hours = DEMO.plans.hourError;
    expect(
      (
        await c.submit(
          planAction,
          await href(hours),
          { intent: "salary", annualIncome: "52000", workingHours: "200" },
          { params: params(hours) },
        )
      ).data.fieldErrors.workingHours,
    ).toBe("validation.hours");
    await c.submit(
      planAction,
      await href(hours),
      { intent: "salary", annualIncome: "52000", workingHours: "20" },
      { params: params(hours) },
    );
    expect((await c.load(planLoader, await href(hours), params(hours))).data.pricing).toEqual({ ok: false, errorCode: "hourError" });
    await c.submit(
      planAction,
      await href(hours),
      { intent: "salary", annualIncome: "52000", workingHours: "40" },
      { params: params(hours) },
    );
    expect((await c.load(planLoader, await href(hours), params(hours))).data.pricing.ok).toBe(true);
  });

  it("tobacco: choosing it prices the tobacco-rated plan, smokers higher", async () => {
    const c = await quoted();
    const code = DEMO.plans.smokerError;
    await c.submit(planAction, await href(code), { intent: "tobacco", smoker: "0" }, { params: params(code) });
    const non = (await c.load(planLoader, await href(code), params(code))).data.pricing.entries[0].priceCents;
    await c.submit(planAction, await href(code), { intent: "tobacco", smoker: "1" }, { params: params(code) });
    const smoker = (await c.load(planLoader, await href(code), params(code))).data.pricing.entries[0].priceCents;
    expect(smoker).toBeGreaterThan(non);
  });

  // ---- adding to the cart
  async function addFrom(c: TestClient, code: string, extra: Record<string, string> = {}) {
    const page = await c.load(planLoader, await href(code), params(code));
    const ppid = String(page.data.pricing.entries[0].planPriceId);
    return c.submit(
      planAction,
      await href(code),
      { intent: "add", planId: String(planId(code)), planPriceId: ppid, ...extra },
      { params: params(code) },
    );
  }

  it("adds a single plan at the server's price and goes to the cart", async () => {
    const c = await quoted();
    const res = await addFrom(c, "BSD-PPO-ESS");
    expect(res.location).toBe("/cart");
    const lines = await linesOf(c);
    const row = await app.store.db.selectFrom("plan_prices").selectAll().where("id", "=", lines[0].plan_price_id).executeTakeFirstOrThrow();
    expect(lines).toHaveLength(1);
    expect(lines[0].price_cents).toBe(row.price_cents);
    expect(row.tier).toBe("IO");
    expect((await c.load(rootLoader, "/")).data.cart.count).toBe(1);
  });

  it("refuses a tampered price id (another tier's row) and an unknown plan", async () => {
    const c = await quoted();
    const isRow = await app.store.db
      .selectFrom("plan_prices")
      .select("id")
      .where("plan_id", "=", planId("BSD-PPO-ESS"))
      .where("tier", "=", "IF")
      .executeTakeFirstOrThrow();
    await c.submit(plansAction, "/plans", { intent: "add", planId: String(planId("BSD-PPO-ESS")), planPriceId: String(isRow.id) });
    expect(await linesOf(c)).toHaveLength(0);
    const res = await c.submit(plansAction, "/plans", { intent: "add", planId: "99999", planPriceId: "1" });
    expect(res.status).toBe(302);
    expect(await linesOf(c)).toHaveLength(0);
    // the list's form: the same checks on the pair the card's button sends
    await c.submit(plansAction, "/plans", { intent: "add", add: `${planId("BSD-PPO-ESS")}:${isRow.id}` });
    expect(await linesOf(c)).toHaveLength(0);
    await c.submit(plansAction, "/plans", { intent: "add", add: "1:" });
    expect((await c.load(rootLoader, "/plans")).data.flash).toMatchObject({ kind: "error", key: "cart.unknownPlan" });
    expect(await linesOf(c)).toHaveLength(0);
  });

  it("from the list (one form, the card's button sends add=<plan>:<price>): the flash carries the message and the dialog; a second add is refused", async () => {
    const c = await quoted();
    const page = await c.load(plansLoader, "/plans?type=vision");
    const card = page.data.sections[0].plans.find((p: { directAdd: number | null }) => p.directAdd);
    const res = await c.submit(plansAction, "/plans?type=vision", {
      intent: "add",
      add: `${card.id}:${card.directAdd}`,
      redirectTo: "/plans?type=vision",
    });
    // back to the card that was added (issue 26 #3)
    expect(res.location).toBe(`/plans?type=vision&added=${card.id}#plan-${card.id}`);
    expect((await c.load(rootLoader, "/plans")).data.flash).toMatchObject({
      kind: "success",
      key: "cart.addedMessage",
      dialog: "cart-added",
    });
    await c.submit(plansAction, "/plans?type=vision", { intent: "add", add: `${card.id}:${card.directAdd}` });
    expect((await c.load(rootLoader, "/plans")).data.flash).toMatchObject({ key: "cart.alreadyInCart" });
    expect(await linesOf(c)).toHaveLength(1);
  });

  it("membership-required plans go in with the $5.00 wellness membership (not removable)", async () => {
    const c = await quoted({ category: "limited_medical" });
    const code = DEMO.plans.membershipRequired;
    const refused = await addFrom(c, code);
    expect(refused.location).toContain("dialog=membership");
    expect(await linesOf(c)).toHaveLength(0);
    const page = await c.load(planLoader, `${await href(code)}?dialog=membership`, params(code));
    expect(page.data.membershipOptions[0].priceCents).toBe(500);
    await addFrom(c, code, { membershipPriceId: String(page.data.membershipOptions[0].planPriceId) });
    const lines = await linesOf(c);
    expect(lines.map((l) => [l.plan_id, l.price_cents, l.removable])).toEqual([
      [planId(code), expect.any(Number), 1],
      [planId(DEMO.plans.membership), 500, 0],
    ]);
    expect(lines[1].paired_line_id).toBe(lines[0].id);
  });

  it("existing members add a membership-required plan alone", async () => {
    const c = new TestClient(app.services);
    await c.setSession({ repAuthenticated: true, eprocess: "rep", agentId: DEMO.rep.id });
    const { startExistingMemberEnrollment } = await import("~/.server/members/existing-member");
    const session = await app.services.sessions.read(c.request("/"));
    const member = await app.store.db
      .selectFrom("members")
      .selectAll()
      .where("id", "=", DEMO.members.ids.underRep[0])
      .executeTakeFirstOrThrow();
    await startExistingMemberEnrollment(app.services, c.request("/"), session, member, { tier: "IO", spouseDob: null, childCount: 0 });
    c.setCookie("__store", (await app.services.sessions.commit(session)).split(";")[0].split("=").slice(1).join("="));
    await addFrom(c, DEMO.plans.membershipRequired);
    expect((await linesOf(c)).map((l) => l.plan_id)).toEqual([planId(DEMO.plans.membershipRequired)]);
  });

  it("premier plans go in as a pair", async () => {
    const c = await quoted();
    await addFrom(c, DEMO.plans.premier);
    const lines = await linesOf(c);
    expect(lines.map((l) => l.plan_id)).toEqual([planId(DEMO.plans.premier), planId(DEMO.plans.premierCompanion)]);
    expect(lines[1]).toMatchObject({ paired_line_id: lines[0].id, removable: 0 });
  });

  it("blackout: a second major-medical plan is refused with a message", async () => {
    const c = await quoted({ category: "medical" });
    const catalog = await loadCatalog(app.store.db, todayIso(new Date()));
    const medical = [...catalog.plans.values()].filter(
      (p) =>
        p.categoryKey === "medical" &&
        p.active &&
        !p.hide_add_to_cart &&
        !p.is_premier &&
        !p.membership_required &&
        !p.has_enroll_questions &&
        !catalog.questions.get(p.id)?.eligibility.length &&
        p.areas.length === 0 &&
        p.all_states &&
        p.age_max >= 40 &&
        p.audience !== "over65",
    );
    await addFrom(c, medical[0].code);
    await addFrom(c, medical[1].code);
    expect((await linesOf(c)).map((l) => l.plan_id)).toEqual([medical[0].id]);
    expect((await c.load(rootLoader, "/")).data.flash).toMatchObject({ key: "cart.blackout", kind: "error" });
  });

  it("eligibility questions hide the prices until answered; a required Yes answered No is refused", async () => {
    const c = await quoted({ category: "guaranteed" });
    const code = DEMO.plans.eligibility;
    const page = await c.load(planLoader, await href(code), params(code));
    expect(page.data.eligibility.length).toBeGreaterThan(0);
    const answers = Object.fromEntries(page.data.eligibility.map((q: { id: number }) => [`q${q.id}`, "1"]));
    const mustBeYes = page.data.eligibility.find((q: { trueCondition: number }) => q.trueCondition === 1);
    const missing = await c.submit(planAction, await href(code), { intent: "eligibility" }, { params: params(code) });
    expect(Object.values(missing.data.fieldErrors)).toContain("validation.answerAll");
    const no = await c.submit(
      planAction,
      await href(code),
      { intent: "eligibility", ...answers, [`q${mustBeYes.id}`]: "0" },
      { params: params(code) },
    );
    expect(no.data.fieldErrors[`q${mustBeYes.id}`]).toBe("validation.answerYes");
    // adding before answering leads to the plan page, nothing added
    const early = await c.submit(plansAction, "/plans", {
      intent: "add",
      planId: String(planId(code)),
      planPriceId: String(page.data.pricing.entries[0].planPriceId),
    });
    expect(early.location).toMatch(/^\/plan\//);
    expect(await linesOf(c)).toHaveLength(0);
    expect((await c.submit(planAction, await href(code), { intent: "eligibility", ...answers }, { params: params(code) })).status).toBe(
      302,
    );
    expect((await c.load(planLoader, await href(code), params(code))).data.eligibility).toBeNull();
    await addFrom(c, code);
    expect(await linesOf(c)).toHaveLength(1);
  });

  it("Enroll Now: a declining answer shows the decline message; accepted answers allow Add to Cart; answers are encrypted", async () => {
    const code = DEMO.plans.enrollQuestions;
    const path = `/PlanQuestionView?planId=${planId(code)}`;
    const declined = await quoted({ category: "critical_illness" });
    const qs = (await declined.load(questionsLoader, path)).data.questions as Array<{ id: number }>;
    expect((await declined.submit(questionsAction, path, { [`q${qs[0].id}`]: "1" })).data.fieldErrors[`q${qs[1].id}`]).toBe(
      "validation.answerAllQuestions",
    );
    await declined.submit(questionsAction, path, Object.fromEntries(qs.map((q, i) => [`q${q.id}`, i === 0 ? "1" : "0"])));
    const page = await declined.load(planLoader, await href(code), params(code));
    expect(page.data.enrollQuestions.outcome).toBe("declined");
    // the catalog's message is HTML: sent as sanitised HTML for the page to render, never as text with tags (issue 26 #7)
    expect(page.data.plan.declineHtml).toMatch(/^<p>Based on your answers we are unable to offer .*<\/p>$/);
    expect(page.data.plan.declineHtml).not.toContain("&lt;");
    await addFrom(declined, code);
    expect(await linesOf(declined)).toHaveLength(0);
    // the outcome is health data too ("declined": a health answer the plan refuses): sealed, never in clear
    const declinedRow = await app.store.db
      .selectFrom("plan_answers")
      .selectAll()
      .where("enrollment_id", "=", (await declined.session()).tempId!)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(declinedRow)).not.toMatch(/declined|accepted/);
    expect(app.services.cipher.decrypt(declinedRow.outcome_enc)).toBe("declined");

    const ok = await quoted({ category: "critical_illness" });
    await addFrom(ok, code);
    expect(await linesOf(ok)).toHaveLength(0);
    await ok.submit(questionsAction, path, Object.fromEntries(qs.map((q) => [`q${q.id}`, "0"])));
    expect((await ok.load(planLoader, await href(code), params(code))).data.enrollQuestions.outcome).toBe("accepted");
    await addFrom(ok, code);
    expect(await linesOf(ok)).toHaveLength(1);
    const stored = await app.store.db
      .selectFrom("plan_answers")
      .select("answers_enc")
      .where("enrollment_id", "=", (await ok.session()).tempId!)
      .executeTakeFirstOrThrow();
    expect(stored.answers_enc).toMatch(/^v1\./);
    expect(stored.answers_enc).not.toMatch(/["{}:]/); // no JSON in clear
    expect(app.services.cipher.decryptJson(stored.answers_enc)).toEqual(Object.fromEntries(qs.map((q) => [`q${q.id}`, "0"])));
  });

  it("a changed quote re-prices the cart and drops what it cannot buy", async () => {
    const c = await quoted();
    await addFrom(c, DEMO.plans.stateError);
    await addFrom(c, "BSD-PPO-ESS");
    const before = await linesOf(c);
    await c.submit(plansAction, "/plans", { ...QUOTE, zip: "90012", category: "" });
    const after = await linesOf(c);
    expect(after.map((l) => l.plan_id)).toEqual([planId("BSD-PPO-ESS")]);
    expect(after[0].price_cents).not.toBe(before[1].price_cents); // California is priced higher
    expect((await c.load(rootLoader, "/")).data.flash).toMatchObject({ key: "quote.removedFromCart" });
  });
});
