/**
 * Security review (w10): whoever held the text message's signing link saw the applicant's and the
 * dependents' full names and dates of birth for up to 14 days. Now the link alone opens only what
 * identifies nobody (the first name, the plans' names); the signer types their date of birth,
 * checked in constant time and counted first (ADR 007) per link (over its whole life) and per client; a right answer is
 * remembered in that browser's session only, and the signing post checks it again; 5 wrong
 * answers end the link (the rep or group sends a new one); every success and failure is audited.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as signLoader, action as signAction } from "~/routes/sign.$token";
import { resendSignatureRequest } from "~/.server/wizard/text-signature";
import { SIGN_DOB_CLIENT_TRIES, SIGN_DOB_TRIES } from "~/.server/wizard/sign-identity";
import { applicantActor } from "~/.server/platform/audit";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { APPLICANT_DOB, inWizard, proveSigner, readyForTextSignature, SIGN_LINK, signingTicks } from "../support/journeys";
import { openedAll } from "../support/outbox";

const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const REVIEW = "/enrollment/review-confirm";
let ips = 0;

describeEachDatabase("the signer proves who they are before the signing page shows anything personal", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** A browser of its own, from an address of its own (the per-client limit is not shared between tests). */
  const browser = () => {
    const c = new TestClient(app.services);
    ips += 1;
    c.clientIp = `198.51.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
    return c;
  };
  const policyOf = (id: number) =>
    app.store.db.selectFrom("policies").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
  const linkOf = (id: number) =>
    app.store.db
      .selectFrom("link_tokens")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("purpose", "=", "signature")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
  const eventsOf = (id: number) =>
    app.store.db
      .selectFrom("audit_events")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("kind", "in", ["signature.verify_success", "signature.verify_failure", "signature.given"])
      .orderBy("id")
      .execute();

  /** A rep's enrollment with a child, completed unsigned; the token of the link texted to the applicant. */
  async function requested() {
    const { client } = await inWizard(app, { session: REP_SESSION, childCount: "1" });
    const id = await readyForTextSignature(app, client);
    await app.store.db
      .insertInto("dependents")
      .values({
        enrollment_id: id,
        position: 1,
        relationship: "child",
        first_name: "Mateo",
        middle_name: null,
        last_name: "Lopez",
        birthdate: "2015-06-01",
        gender: 0,
        ssn_enc: app.services.cipher.encrypt("987654321"),
        ssn_last4: "4321",
        weight: 70,
        height_feet: 4,
        height_inch: 2,
        is_legally_disabled: 0,
        disability_condition_enc: null,
        health_enc: null,
        held: 0,
      })
      .execute();
    const done = await client.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");
    const sms = openedAll(
      app,
      await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).where("channel", "=", "sms").execute(),
    );
    const token = SIGN_LINK.exec(`${sms[0]!.text_body} `)![1]!;
    return { id, token, path: `/sign/${token}` };
  }
  const verify = (c: TestClient, token: string, dob: string) =>
    c.submit(signAction, `/sign/${token}`, { intent: "verify", dob }, { params: { token } });
  const signTyped = async (c: TestClient, token: string, agreements: Array<{ id: number; required: boolean }>) =>
    c.submit(
      signAction,
      `/sign/${token}`,
      { ...signingTicks(agreements), signature_name: "Ana Lopez", signature_consent: "1" },
      { params: { token } },
    );
  /** The agreements a proven signer's page lists (read in a browser of its own, which proves first). */
  async function agreementsOf(token: string) {
    const c = browser();
    await proveSigner(c, token);
    return (await c.load(signLoader, `/sign/${token}`, { token })).data.agreements as Array<{ id: number; required: boolean }>;
  }

  it("the link alone shows the first name and the plans; the names and dates of birth only after the date of birth", async () => {
    const { id, token, path } = await requested();
    const phone = browser();
    const before = await phone.load(signLoader, path, { token });
    expect(before.status).toBe(200);
    expect(before.data).toEqual({ state: "verify", firstName: "Ana", plans: [expect.any(String)], today: expect.any(String) });
    const shown = JSON.stringify(before.data);
    const policy = await policyOf(id);
    for (const secret of ["Lopez", "Mateo", "04/12/1988", "1988", "2015", policy.policy_number]) expect(shown).not.toContain(secret);

    // a signing post without the proof changes nothing
    const agreements = await agreementsOf(token);
    expect((await signTyped(phone, token, agreements)).location).toBe(path);
    expect((await policyOf(id)).signature_status).toBe("awaiting");

    // the date is normalised (no leading zeros, spaces) before it is compared
    const ok = await verify(phone, token, " 4/12/1988 ");
    expect(ok.location).toBe(path);
    const session = await phone.session();
    expect(session.signProven).toBe((await linkOf(id)).id);
    // nothing personal in the cookie: only the link's id
    expect(decodeURIComponent(phone.cookieHeader())).not.toMatch(/1988|Lopez/);
    for (const _reload of [1, 2]) {
      const after = await phone.load(signLoader, path, { token });
      expect(after.data.state).toBe("open");
      expect(after.data.summary).toEqual({
        applicant: { name: "Ana Lopez", birthdate: APPLICANT_DOB },
        dependents: [{ name: "Mateo Lopez", relationship: "Child", birthdate: "06/01/2015" }],
      });
    }
    expect((await signTyped(phone, token, agreements)).location).toBe(path);
    expect((await policyOf(id)).signature_status).toBe("signed");
  });

  it("another browser with the same link must answer again, and cannot sign before it does", async () => {
    const { id, token, path } = await requested();
    const first = browser();
    await proveSigner(first, token);
    expect((await first.load(signLoader, path, { token })).data.state).toBe("open");
    const second = browser();
    const page = await second.load(signLoader, path, { token });
    expect(page.data.state).toBe("verify");
    expect(JSON.stringify(page.data)).not.toContain("Lopez");
    const agreements = (await first.load(signLoader, path, { token })).data.agreements;
    // the second browser posts the first's form: refused, nothing signed
    expect((await signTyped(second, token, agreements)).location).toBe(path);
    expect((await policyOf(id)).signature_status).toBe("awaiting");
    // a session proven for another link proves nothing here
    const other = await requested();
    await proveSigner(second, other.token);
    expect((await second.load(signLoader, path, { token })).data.state).toBe("verify");
    expect((await signTyped(second, token, agreements)).location).toBe(path);
    expect((await policyOf(id)).signature_status).toBe("awaiting");
  });

  it("format problems are the wizard's date messages, keep what was typed, and are not counted", async () => {
    const { id, token } = await requested();
    const phone = browser();
    for (const [dob, message] of [
      ["", "validation.required"],
      ["13/40/1988", "validation.invalidDate"],
      ["1988-04-12", "validation.invalidDate"],
      ["01/01/2999", "validation.futureDate"],
    ] as const) {
      const res = await verify(phone, token, dob);
      expect(res.status, dob).toBe(422);
      expect(res.data.fieldErrors, dob).toEqual({ dob: message });
      if (dob) expect(res.data.repopulateFields).toMatchObject({ dob });
    }
    const wrong = await verify(phone, token, "01/02/1990");
    expect(wrong.status).toBe(422);
    expect(wrong.data.fieldErrors).toEqual({ dob: "validation.signDobWrong" });
    expect(wrong.data.repopulateFields).toMatchObject({ dob: "01/02/1990" });
    expect((await linkOf(id)).attempts).toBe(1);
    // a right answer hands its try back
    await proveSigner(phone, token);
    expect((await linkOf(id)).attempts).toBe(1);
    // refused without its CSRF token
    expect(
      (await phone.submit(signAction, `/sign/${token}`, { intent: "verify", dob: APPLICANT_DOB }, { params: { token }, csrf: null }))
        .status,
    ).toBe(403);
  });

  it("5 wrong answers end the link (from any browsers); it says so; the rep's new link works; all audited", async () => {
    const { id, token, path } = await requested();
    const memberId = (await policyOf(id)).member_id;
    const phones = [browser(), browser()];
    for (let i = 1; i < SIGN_DOB_TRIES; i++) {
      const res = await verify(phones[i % 2]!, token, `01/0${i}/1990`);
      expect(res.data.fieldErrors, `try ${i}`).toEqual({ dob: "validation.signDobWrong" });
    }
    expect((await verify(phones[0]!, token, "01/09/1990")).location).toBe(path);
    const ended = await phones[1]!.load(signLoader, path, { token });
    expect(ended.status).toBe(410);
    expect(ended.data).toEqual({ state: "ended" });
    // the right date now opens nothing, and nothing can be signed
    const late = browser();
    expect((await verify(late, token, APPLICANT_DOB)).location).toBe(path);
    expect((await late.session()).signProven).toBeUndefined();
    expect((await late.load(signLoader, path, { token })).data).toEqual({ state: "ended" });
    expect((await policyOf(id)).signature_status).toBe("awaiting");

    const events = await eventsOf(id);
    expect(events.map((e) => `${e.kind}:${e.detail}`)).toEqual([
      ...Array(SIGN_DOB_TRIES - 1).fill("signature.verify_failure:text_link_dob:wrong"),
      "signature.verify_failure:text_link_dob:ended",
    ]);
    expect(events.every((e) => e.actor === "applicant" && e.member_id === memberId && e.client_key)).toBe(true);

    // the rep sends a new link (ADR 005): it asks again, and the right date opens it
    expect(await resendSignatureRequest(app.services, memberId, "en", applicantActor(new Request("http://x/")))).toBe("sent");
    const sms = openedAll(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("channel", "=", "sms")
        .orderBy("id")
        .execute(),
    );
    const fresh = SIGN_LINK.exec(`${sms.at(-1)!.text_body} `)![1]!;
    const phone = browser();
    expect((await phone.load(signLoader, `/sign/${fresh}`, { token: fresh })).data.state).toBe("verify");
    await proveSigner(phone, fresh);
    expect((await phone.load(signLoader, `/sign/${fresh}`, { token: fresh })).data.state).toBe("open");
    const success = (await eventsOf(id)).at(-1)!;
    expect(success).toMatchObject({ kind: "signature.verify_success", detail: "text_link_dob", actor: "applicant", member_id: memberId });
    // the old link stays ended (no longer found: the new link replaced it)
    expect((await phone.load(signLoader, path, { token })).status).toBe(404);
  });

  it("the 5 are counted over the link's whole life: 4 wrong one day and 1 the next end it", async () => {
    const { id, token, path } = await requested();
    const start = app.clock.now;
    try {
      for (let i = 1; i < SIGN_DOB_TRIES; i++)
        expect((await verify(browser(), token, `04/0${i}/1990`)).data.fieldErrors).toEqual({ dob: "validation.signDobWrong" });
      // a day and an hour later (the link lives 14 days): the 5th wrong answer is the link's last
      app.clock.now = new Date(start.getTime() + 25 * 60 * 60 * 1000);
      expect((await verify(browser(), token, "04/09/1990")).location).toBe(path);
      expect((await linkOf(id)).used_at).not.toBeNull();
      const late = browser();
      await verify(late, token, APPLICANT_DOB);
      expect((await late.load(signLoader, path, { token })).data).toEqual({ state: "ended" });
    } finally {
      app.clock.now = start;
    }
  });

  it("wrong answers sent at once cannot exceed the link's 5", async () => {
    const { id, token, path } = await requested();
    const phones = Array.from({ length: 12 }, browser);
    const results = await Promise.all(phones.map((p, i) => verify(p, token, `02/${String(i + 1).padStart(2, "0")}/1990`)));
    const wrong = results.filter((r) => r.data?.fieldErrors?.dob === "validation.signDobWrong");
    expect(wrong.length).toBeLessThanOrEqual(SIGN_DOB_TRIES - 1);
    expect(results.every((r) => r.status === 422 || r.location === path)).toBe(true);
    const link = await linkOf(id);
    expect(link.used_at).not.toBeNull();
    expect(link.attempts).toBe(SIGN_DOB_TRIES);
    // exactly 5 answers were compared: 4 wrong, and the 5th ended the link; the rest were refused uncompared
    const failures = (await eventsOf(id)).map((e) => e.detail);
    expect(failures.filter((d) => d === "text_link_dob:wrong")).toHaveLength(wrong.length);
    expect(failures).toHaveLength(12);
    // and the right date afterwards opens nothing
    const late = browser();
    await verify(late, token, APPLICANT_DOB);
    expect((await late.load(signLoader, path, { token })).data).toEqual({ state: "ended" });
  });

  it("one client's wrong answers are limited across links (throttled, not counted against the link)", async () => {
    const links = [await requested(), await requested(), await requested()];
    const phone = browser();
    let tries = 0;
    for (const l of links.slice(0, 2))
      for (let i = 1; i < SIGN_DOB_TRIES && tries < SIGN_DOB_CLIENT_TRIES.max; i++, tries++)
        expect((await verify(phone, l.token, `03/0${i}/1990`)).data.fieldErrors).toEqual({ dob: "validation.signDobWrong" });
    const third = links[2]!;
    while (tries < SIGN_DOB_CLIENT_TRIES.max) {
      expect((await verify(phone, third.token, "03/09/1990")).data.fieldErrors).toEqual({ dob: "validation.signDobWrong" });
      tries++;
    }
    const throttled = await verify(phone, third.token, "03/09/1990");
    expect(throttled.status).toBe(422);
    expect(throttled.data.fieldErrors).toEqual({ dob: "validation.signDobThrottled" });
    const link = await linkOf(third.id);
    expect(link.attempts).toBe(SIGN_DOB_CLIENT_TRIES.max - 2 * (SIGN_DOB_TRIES - 1));
    expect(link.used_at).toBeNull();
    // the applicant, from their own phone, still gets in
    const own = browser();
    await proveSigner(own, third.token);
    expect((await own.load(signLoader, third.path, { token: third.token })).data.state).toBe("open");
  });
});
