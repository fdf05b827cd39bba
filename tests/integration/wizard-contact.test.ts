import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as contactLoader, action as contactAction } from "~/routes/enrollment.contact-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as directLoader, action as directAction } from "~/routes/direct-continue.$id.$tab";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";
import { opened } from "../support/outbox";

const PERSONAL = {
  intent: "next",
  first_name: "Ana",
  last_name: "Lopez",
  height_feet: "5",
  height_inch: "6",
  weight: "140",
  marital_status: "1",
  ssn: "123-45-6789",
  prior_coverage_flag: "0",
};
const CONTACT = {
  intent: "next",
  email: "ana.lopez@gmail.com",
  phone_number: "(214) 555-0234",
  address1: "100 Main St",
  address2: "",
  city: "Dallas",
  zip: "75201",
  state: "TX",
  with_validation: "1",
};
const HERE = "/enrollment/contact-info";

describeEachDatabase("wizard: contact information and one-time codes", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function onContact() {
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe(HERE);
    return client;
  }
  const lastMail = async (kind: "email" | "sms" = "email") =>
    opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("channel", "=", kind)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1];
  const enrollmentId = async (c: TestClient) => (await c.session()).tempId!;

  it("saves a reachable contact; the state follows the ZIP", async () => {
    const c = await onContact();
    const res = await c.submit(contactAction, HERE, { ...CONTACT, state: "CA" });
    expect(res.location).toBe("/enrollment/agreement-signature");
    const row = await app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", await enrollmentId(c))
      .where("tab_name", "=", "contact_info")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ email: "ana.lopez@gmail.com", phone_number: "2145550234", state: "TX", zip: "75201" });
  });

  it.each([
    [{ email: "ana@" }, "email", "validation.emailFormat"],
    [{ phone_number: "12345" }, "phone_number", "validation.phoneFormat"],
    [{ zip: "7520" }, "zip", "validation.zipFormat"],
    [{ zip: "00000" }, "zip", "validation.zipInvalid"],
    [{ city: "<script>" }, "city", "validation.plainText"],
    [{ address1: "" }, "address1", "validation.required"],
  ])("refuses %j with %s: %s", async (bad, name, message) => {
    const c = await onContact();
    const res = await c.submit(contactAction, HERE, { ...CONTACT, ...bad });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors[name]).toBe(message);
    expect(res.data.repopulateFields.email).toBe((bad as { email?: string }).email ?? CONTACT.email);
  });

  it("'Email Already Exists.' and 'Phone already exists' for another member's contact", async () => {
    const member = await app.store.db
      .selectFrom("members")
      .select(["email", "phone"])
      .where("id", "=", DEMO.members.ids.underRep[0])
      .executeTakeFirstOrThrow();
    const c = await onContact();
    const res = await c.submit(contactAction, HERE, {
      ...CONTACT,
      email: member.email!.toUpperCase(),
      phone_number: member.phone!,
      skip_validation_phone: "1",
    });
    expect(res.data.fieldErrors).toMatchObject({ email: "validation.emailExists", phone_number: "validation.phoneExists" });
  });

  it("flags an unreachable e-mail: skip lets it through", async () => {
    const c = await onContact();
    const flagged = await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com" });
    expect(flagged.data.fieldErrors.email).toBe("validation.emailUnverified");
    expect((await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com", skip_validation_email: "1" })).location).toBe(
      "/enrollment/agreement-signature",
    );
  });

  it("verifies an e-mail by code: sent to the outbox hashed in the database, single use", async () => {
    const c = await onContact();
    const sent = await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com", intent: "verify-email" });
    expect(sent.location).toBe(`${HERE}?dialog=otp&type=email`);
    const mail = await lastMail();
    expect(mail.recipient).toBe("ana@example.com");
    const code = codeIn(mail.text_body);
    const stored = await app.store.db
      .selectFrom("one_time_codes")
      .selectAll()
      .where("enrollment_id", "=", await enrollmentId(c))
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(
      (await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-verify", type: "email", otp: "" })).data.fieldErrors
        .otp,
    ).toBe("validation.otpRequired");
    expect(
      (await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-verify", type: "email", otp: "123" })).data.fieldErrors
        .otp,
    ).toBe("validation.otpLength");
    const ok = await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-verify", type: "email", otp: code });
    expect(ok.location).toBe(`${HERE}?dialog=otp&type=email&state=done`);
    expect((await c.load(contactLoader, HERE)).data.verified.email).toBe(true);
    // single use
    expect(
      (await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-verify", type: "email", otp: code })).data.fieldErrors
        .otp,
    ).toBe("validation.otpNoCode");
    // the verified address passes without a skip
    expect((await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com" })).location).toBe(
      "/enrollment/agreement-signature",
    );
  });

  it("texts a code to a flagged phone through the SMS outbox", async () => {
    const c = await onContact();
    await c.submit(contactAction, HERE, { ...CONTACT, phone_number: "2145550187", intent: "verify-phone" });
    const sms = await lastMail("sms");
    expect(sms.recipient).toBe("2145550187");
    const ok = await c.submit(contactAction, `${HERE}?dialog=otp&type=phone`, {
      intent: "otp-verify",
      type: "phone",
      otp: codeIn(sms.text_body),
    });
    expect(ok.location).toContain("state=done");
  });

  it("codes expire after 10 minutes; a resend waits 120 s and retires the earlier code", async () => {
    const c = await onContact();
    const start = Date.now();
    app.clock.now = new Date(start);
    await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com", intent: "verify-email" });
    const first = codeIn((await lastMail()).text_body);
    expect((await c.load(contactLoader, `${HERE}?dialog=otp&type=email`)).data.otp.waitSeconds).toBe(120);
    const early = await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-resend", type: "email" });
    expect(early.status).toBe(429);
    expect(early.data.otpError).toBe("validation.otpWait");
    app.clock.now = new Date(start + 121_000);
    expect((await c.submit(contactAction, `${HERE}?dialog=otp&type=email`, { intent: "otp-resend", type: "email" })).location).toBe(
      `${HERE}?dialog=otp&type=email`,
    );
    const second = codeIn((await lastMail()).text_body);
    if (first !== second)
      expect((await c.submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: first })).data.fieldErrors.otp).toBe(
        "validation.otpWrong",
      );
    app.clock.now = new Date(start + 121_000 + 10 * 60_000 + 1);
    expect((await c.submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: second })).data.fieldErrors.otp).toBe(
      "validation.otpExpired",
    );
    app.clock.now = new Date();
  });

  it("five wrong tries retire a code", async () => {
    const c = await onContact();
    await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com", intent: "verify-email" });
    const code = codeIn((await lastMail()).text_body);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++)
      expect((await c.submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: wrong })).data.fieldErrors.otp).toBe(
        "validation.otpWrong",
      );
    expect((await c.submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: wrong })).data.fieldErrors.otp).toBe(
      "validation.otpTooMany",
    );
    expect((await c.submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: code })).data.fieldErrors.otp).toBe(
      "validation.otpNoCode",
    );
  });

  it("100 failures an hour lock the enrollment's codes", async () => {
    const c = await onContact();
    const id = await enrollmentId(c);
    await app.store.db
      .insertInto("rate_limits")
      .values({ key: `otp-fail:${id}`, window_start: new Date().toISOString(), count: 100 })
      .execute();
    const res = await c.submit(contactAction, HERE, { ...CONTACT, email: "ana@example.com", intent: "verify-email" });
    expect(res.data.fieldErrors.email).toBe("validation.otpLocked");
  });

  // ---- save for later and resume
  it("Save & Continue Later e-mails a code and a link; each reopens the saved step in a new browser, once", async () => {
    const c = await onContact();
    expect((await c.submit(contactAction, HERE, { ...CONTACT, intent: "save-later" })).location).toBe(`${HERE}?dialog=save-later`);
    expect((await c.submit(contactAction, HERE, { intent: "send-resume", email: "nope" })).data.fieldErrors.email).toBe(
      "validation.saveLaterEmail",
    );
    expect((await c.submit(contactAction, HERE, { intent: "send-resume", email: "ana.lopez@gmail.com" })).location).toBe(
      `${HERE}?dialog=save-later&sent=1`,
    );
    const mail = await lastMail();
    const code = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1];
    const link = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail.text_body)!;
    expect(link[0]).not.toContain(String(await enrollmentId(c)) + "/");
    const stored = await app.store.db
      .selectFrom("one_time_codes")
      .select("code_hash")
      .where("purpose", "=", "resume")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code.replace("-", ""));

    const fresh = new TestClient(app.services);
    expect((await fresh.submit(continueAction, "/continue-enrollment", { code, email: "other@gmail.com" })).data.fieldErrors.code).toBe(
      "validation.resumeNotFound",
    );
    const resumed = await fresh.submit(continueAction, "/continue-enrollment", { code: code.toLowerCase(), email: "ANA.LOPEZ@gmail.com" });
    expect(resumed.location).toBe(HERE);
    const id = (await fresh.session()).tempId;
    expect(id).toBeGreaterThan(0);
    // the first browser lost it to the one that resumed it (issue 23)
    expect(await enrollmentId(c)).toBeUndefined();
    expect((await fresh.load(contactLoader, HERE)).data.values.address1).toBe("100 Main St");

    const other = new TestClient(app.services);
    // resuming used up the e-mail: its link opens nothing now (ADR 003: a code or a link opens once)
    const used = await other.load(directLoader, link[0], { id: link[1], tab: link[2] });
    expect([used.location, used.status]).toEqual([null, 410]);
    expect((await fresh.submit(contactAction, HERE, { intent: "send-resume", email: "ana.lopez@gmail.com" })).location).toBe(
      `${HERE}?dialog=save-later&sent=1`,
    );
    const next = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec((await lastMail()).text_body)!;
    expect((await other.load(directLoader, next[0], { id: next[1], tab: next[2] })).location).toBeNull();
    const direct = await other.submit(directAction, next[0], { intent: "continue" }, { params: { id: next[1], tab: next[2] } });
    expect(direct.location).toBe(HERE);
    expect((await other.session()).tempId).toBe(id);
    expect(
      (
        await new TestClient(app.services).load(directLoader, "/direct-continue/MTIz/Y29udGFjdF9pbmZv", {
          id: "MTIz",
          tab: "Y29udGFjdF9pbmZv",
        })
      ).status,
    ).toBe(404);
  });

  it("throttles wrong resume codes", async () => {
    const c = new TestClient(app.services);
    c.clientIp = "192.0.2.200";
    for (let i = 0; i < 10; i++)
      expect((await c.submit(continueAction, "/continue-enrollment", { code: "AAAAA-BBBBB", email: "x@gmail.com" })).status).toBe(422);
    expect((await c.submit(continueAction, "/continue-enrollment", { code: "AAAAA-BBBBB", email: "x@gmail.com" })).status).toBe(429);
  });
});
