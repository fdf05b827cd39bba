/**
 * Resume links and codes (issue 23, items 2 and 7): session fixation by a resume link, GET that
 * writes, a completed enrollment's link or code, browsers that held an enrollment resumed
 * elsewhere, a persistent cookie, and a receipt (and its PDF) left open.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader, action as receiptAction } from "~/routes/enrollment_.receipt";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import * as direct from "~/routes/direct-continue.$id.$tab";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";
import { opened } from "../support/outbox";

const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("resume links and codes: who holds an enrollment (issue 23)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  let ip = 10;
  const browser = () => {
    const c = new TestClient(app.services);
    c.clientIp = `192.0.2.${ip++}`;
    return c;
  };

  /** An enrollment at its review, saved for later: its code and direct link went to `email`. */
  async function savedAtReview(email = "mallory@example.com") {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    expect((await client.submit(reviewAction, REVIEW, { intent: "send-resume", email })).location).toBe(
      `${REVIEW}?dialog=save-later&sent=1`,
    );
    return { client, id, email, ...(await lastResumeMail(id)) };
  }

  /** The code and the direct link of the newest save-for-later e-mail of an enrollment. */
  async function lastResumeMail(id: number) {
    const mail = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("kind", "=", "save_later")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1]!;
    const m = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body)!;
    return { code, link: { path: m[0], params: { id: m[1]!, tab: m[2]! } } };
  }
  type Link = Awaited<ReturnType<typeof savedAtReview>>["link"];

  /** Opening the link and pressing its Continue button, as a person does. */
  async function resumeByLink(c: TestClient, link: Link) {
    const page = await c.load(direct.loader, link.path, link.params);
    if (page.location) return page; // (today's main: the GET itself resumes)
    expect(page.status).toBe(200);
    return c.submit(direct.action, link.path, { intent: "continue" }, { params: link.params });
  }

  /** The PDF download's status (a refusal is the 404 page). */
  async function download(c: TestClient, id: number) {
    const res = await c.load(recordLoader, `/enrollment/record/${id}`, { id: String(id) });
    return res.location === "/404" ? 404 : res.status;
  }

  const enrollmentRow = (id: number) => app.store.db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const auditCount = async (id: number) =>
    (await app.store.db.selectFrom("audit_events").select("id").where("enrollment_id", "=", id).execute()).length;

  it("the attacker's own link or code, after the victim completed the enrollment in it, opens nothing", async () => {
    const { client: attacker, id, code, email, link } = await savedAtReview();
    const victim = browser();
    expect((await resumeByLink(victim, link)).location).toBe(REVIEW);
    expect((await victim.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect((await victim.load(receiptLoader, "/enrollment/receipt")).data.confirmation).toMatch(/^BS-/);

    for (const c of [attacker, browser()]) {
      const page = await c.load(direct.loader, link.path, link.params);
      expect(page.location).toBeNull();
      expect(page.status).toBe(410);
      expect(JSON.stringify(page.data)).not.toMatch(/BS-/);
      const posted = await c.submit(direct.action, link.path, { intent: "continue" }, { params: link.params });
      expect(posted.location).toBeNull();
      expect(posted.data).toEqual({ state: "complete" });
      const byCode = await c.submit(continueAction, "/continue-enrollment", { code, email });
      expect(byCode.location).toBeNull();
      expect(byCode.data.fieldErrors.code).toBe("validation.resumeComplete");
      expect((await c.session()).receiptId).toBeUndefined();
      expect((await c.load(receiptLoader, "/enrollment/receipt")).location).toBe("/");
      expect(await download(c, id)).toBe(404);
    }
    // the victim still has the receipt and the PDF
    expect(await download(victim, id)).toBe(200);
  });

  it("a link or code opens once: the copy an attacker kept, and every earlier e-mail's, open nothing once the owner resumed", async () => {
    const { client: attacker, id, email, code: firstCode, link: firstLink } = await savedAtReview();
    // the attacker saves again: a second e-mail replaces the first one's link and code
    expect((await attacker.submit(reviewAction, REVIEW, { intent: "send-resume", email })).location).toBe(
      `${REVIEW}?dialog=save-later&sent=1`,
    );
    const { code, link } = await lastResumeMail(id);
    const replaced = await browser().load(direct.loader, firstLink.path, firstLink.params);
    expect([replaced.status, replaced.data]).toEqual([410, { state: "used" }]);
    const oldCode = await browser().submit(continueAction, "/continue-enrollment", { code: firstCode, email });
    expect([oldCode.status, oldCode.data.fieldErrors.code]).toEqual([410, "validation.resumeUsed"]);

    // the victim opens the link the attacker sent, and resumes: the enrollment is theirs
    const victim = browser();
    expect((await resumeByLink(victim, link)).location).toBe(REVIEW);
    const held = await enrollmentRow(id);
    expect(held.holder).toBe((await victim.session()).holder);

    // the attacker's copy of that link, and its code, open nothing — in any browser
    for (const c of [attacker, browser()]) {
      const page = await c.load(direct.loader, link.path, link.params);
      expect([page.location, page.status, page.data]).toEqual([null, 410, { state: "used" }]);
      const posted = await c.submit(direct.action, link.path, { intent: "continue" }, { params: link.params });
      expect([posted.location, posted.status, posted.data]).toEqual([null, 410, { state: "used" }]);
      const byCode = await c.submit(continueAction, "/continue-enrollment", { code, email });
      expect(byCode.location).toBeNull();
      expect(byCode.data.fieldErrors.code).toBe("validation.resumeUsed");
      expect((await c.session()).tempId).toBeUndefined();
      expect((await c.load(reviewLoader, REVIEW)).location).toBe("/cart");
    }
    expect((await enrollmentRow(id)).holder).toBe(held.holder);
    expect((await victim.load(reviewLoader, REVIEW)).status).toBe(200);
  });

  it("two presses of the same link at once open the enrollment in one browser only", async () => {
    const { id, link } = await savedAtReview();
    const [one, two] = [browser(), browser()];
    for (const c of [one, two]) expect((await c.load(direct.loader, link.path, link.params)).status).toBe(200);
    const answers = await Promise.all(
      [one, two].map((c) => c.submit(direct.action, link.path, { intent: "continue" }, { params: link.params })),
    );
    expect(answers.map((a) => a.location).sort()).toEqual([REVIEW, null].sort());
    const winner = answers[0]!.location ? one : two;
    expect((await enrollmentRow(id)).holder).toBe((await winner.session()).holder);
    const resumes = await app.store.db
      .selectFrom("audit_events")
      .select("id")
      .where("enrollment_id", "=", id)
      .where("kind", "=", "enrollment.resume")
      .execute();
    expect(resumes).toHaveLength(1);
  });

  it("resuming in browser B makes browser A lose the enrollment: the wizard, the receipt, the PDF", async () => {
    const { client: a, id, code, email } = await savedAtReview();
    expect((await a.load(personalLoader, "/enrollment/personal-info")).status).toBe(200);
    const b = browser();
    expect((await b.submit(continueAction, "/continue-enrollment", { code, email })).location).toBe(REVIEW);
    expect((await a.session()).tempId).toBeUndefined();
    expect((await a.load(personalLoader, "/enrollment/personal-info")).location).toBe("/cart");
    expect((await a.load(reviewLoader, REVIEW)).location).toBe("/cart");
    expect((await b.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect((await a.load(receiptLoader, "/enrollment/receipt")).location).toBe("/");
    expect(await download(a, id)).toBe(404);
    expect(await download(b, id)).toBe(200);
  });

  it("an enrollment never resumed keeps working for the browser that made it", async () => {
    const { client, id } = await savedAtReview();
    expect((await enrollmentRow(id)).holder).toBeNull();
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect(await download(client, id)).toBe(200);
  });

  it("GET of a direct link writes nothing: no audit row, no holder, no step list", async () => {
    const { id, link } = await savedAtReview();
    await app.store.db.updateTable("enrollments").set({ step_list: '["stale"]' }).where("id", "=", id).execute();
    const before = await enrollmentRow(id);
    const events = await auditCount(id);
    const scanner = browser();
    const page = await scanner.load(direct.loader, link.path, link.params);
    expect(page.location).toBeNull();
    expect(page.data).toEqual({ state: "continue" });
    expect(await enrollmentRow(id)).toEqual(before);
    expect(await auditCount(id)).toBe(events);
    expect((await scanner.session()).tempId).toBeUndefined();
    // the button does: the saved step opens, the step list rebuilt, audited
    expect((await scanner.submit(direct.action, link.path, { intent: "continue" }, { params: link.params })).location).toBe(REVIEW);
    const after = await enrollmentRow(id);
    expect(after.step_list).not.toBe('["stale"]');
    expect(after.holder).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await auditCount(id)).toBe(events + 1);
    // a post without the CSRF token is refused
    expect((await browser().submit(direct.action, link.path, { intent: "continue" }, { params: link.params, csrf: null })).status).toBe(
      403,
    );
  });

  it("a browser holding enrollment X that opens a link or a code for Y is asked, not switched", async () => {
    const y = await savedAtReview("ana.lopez@gmail.com");
    const { client: x } = await inWizard(app);
    const xId = (await x.session()).tempId!;
    const page = await x.load(direct.loader, y.link.path, y.link.params);
    expect(page.location).toBeNull();
    expect(page.data).toEqual({ state: "switch" });
    expect((await x.session()).tempId).toBe(xId);
    // a plain Continue (the page changed under it) asks again
    expect((await x.submit(direct.action, y.link.path, { intent: "continue" }, { params: y.link.params })).data).toEqual({
      state: "switch",
    });
    expect((await x.session()).tempId).toBe(xId);
    // the code asks too
    const byCode = await x.submit(continueAction, "/continue-enrollment", { code: y.code, email: y.email });
    expect(byCode.status).toBe(409);
    expect(byCode.data.switchFor).toEqual({ code: y.code, email: y.email });
    expect((await x.session()).tempId).toBe(xId);
    // the answer switches
    expect((await x.submit(continueAction, "/continue-enrollment", { code: y.code, email: y.email, replace: "yes" })).location).toBe(
      REVIEW,
    );
    expect((await x.session()).tempId).toBe(y.id);
    const z = await savedAtReview("ana.lopez@gmail.com");
    expect((await x.submit(direct.action, z.link.path, { intent: "switch" }, { params: z.link.params })).location).toBe(REVIEW);
    expect((await x.session()).tempId).toBe(z.id);
  });

  it("the applicant's cookie is a browser-session cookie: no Max-Age, no Expires", async () => {
    const { id, link } = await savedAtReview();
    const res = await browser().submit(direct.action, link.path, { intent: "continue" }, { params: link.params });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__store="))!;
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/max-age|expires/i);
    expect(id).toBeGreaterThan(0);
  });

  it("the receipt's PDF: refused after Return to homepage, and 15 minutes after completion; the applicant's downloads are audited", async () => {
    const first = await savedAtReview();
    expect((await first.client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect(await download(first.client, first.id)).toBe(200);
    const downloads = await app.store.db
      .selectFrom("audit_events")
      .selectAll()
      .where("enrollment_id", "=", first.id)
      .where("kind", "=", "record.download")
      .execute();
    expect(downloads.map((e) => `${e.actor}/${e.detail}`)).toEqual(["applicant/receipt"]);
    const home = await first.client.submit(receiptAction, "/enrollment/receipt", {});
    expect(home.location).toMatch(/^\/(?!enrollment)/);
    expect(await download(first.client, first.id)).toBe(404);
    expect((await first.client.load(receiptLoader, "/enrollment/receipt")).location).toBe("/");

    const second = await savedAtReview();
    expect((await second.client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    const start = app.clock.now;
    try {
      app.clock.now = new Date(start.getTime() + 14 * 60 * 1000);
      expect(await download(second.client, second.id)).toBe(200);
      app.clock.now = new Date(start.getTime() + 16 * 60 * 1000);
      expect(await download(second.client, second.id)).toBe(404);
      expect((await second.client.load(receiptLoader, "/enrollment/receipt")).location).toBe("/");
    } finally {
      app.clock.now = start;
    }
  });
});
