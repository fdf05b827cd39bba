/**
 * The one-time code dialog tells the truth (issue 13, point 5): a changed e-mail or phone gets
 * its own code at once (the 120 s resend wait is per address), and when no code went out the
 * dialog says so, and when one can be asked for.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as contactLoader, action as contactAction } from "~/routes/enrollment.contact-info";
import { SEND_LIMIT } from "~/.server/wizard/contact-codes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";
import { openedAll } from "../support/outbox";

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
const DIALOG = `${HERE}?dialog=otp&type=email`;

describeEachDatabase("wizard: the one-time code dialog tells the truth", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => {
    app.clock.now = new Date();
    return app.close();
  });

  async function onContact() {
    app.clock.now = new Date();
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe(HERE);
    return client;
  }
  const mailsTo = async (address: string) =>
    openedAll(app, await app.store.db.selectFrom("outbox").selectAll().where("recipient", "=", address).orderBy("id", "asc").execute());
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1];
  const later = (seconds: number) => {
    app.clock.now = new Date(app.clock.now.getTime() + seconds * 1000);
  };
  const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const verifyEmail = (c: TestClient, email: string) => c.submit(contactAction, HERE, { ...CONTACT, email, intent: "verify-email" });
  const dialog = async (c: TestClient) => (await c.load(contactLoader, DIALOG)).data.otp;

  it("a changed e-mail within the 120 s wait gets its own code at once, and only that code works", async () => {
    const c = await onContact();
    const first = unique("ana");
    const second = unique("ana.b");
    expect((await verifyEmail(c, first)).location).toBe(DIALOG);
    expect(await dialog(c)).toMatchObject({ target: first, sent: true, waitSeconds: 120 });
    const firstCode = codeIn((await mailsTo(first))[0].text_body);

    later(10); // a typo spotted: the address is corrected well inside the wait
    expect((await verifyEmail(c, second)).location).toBe(DIALOG);
    const toSecond = await mailsTo(second);
    expect(toSecond).toHaveLength(1);
    expect(await dialog(c)).toMatchObject({ target: second, sent: true, waitSeconds: 120 });
    // the code for the first address no longer counts; the new one does
    expect(
      (await c.submit(contactAction, DIALOG, { intent: "otp-verify", type: "email", otp: firstCode })).data.fieldErrors.otp,
    ).toBeDefined();
    expect(
      (await c.submit(contactAction, DIALOG, { intent: "otp-verify", type: "email", otp: codeIn(toSecond[0].text_body) })).location,
    ).toBe(`${DIALOG}&state=done`);
  });

  it("the same address within the wait gets no second code: the dialog says the first is still the one, and when another can be asked for", async () => {
    const c = await onContact();
    const email = unique("same");
    await verifyEmail(c, email);
    later(30);
    expect((await verifyEmail(c, email)).location).toBe(DIALOG);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await dialog(c)).toMatchObject({ target: email, sent: true, waitSeconds: 90 });
  });

  it("back to an address that had a code less than 120 s ago: no code goes out, and the dialog says none was sent, and when one can be", async () => {
    const c = await onContact();
    const a = unique("a");
    const b = unique("b");
    await verifyEmail(c, a);
    later(20);
    await verifyEmail(c, b);
    later(20);
    expect((await verifyEmail(c, a)).location).toBe(DIALOG);
    expect(await mailsTo(a)).toHaveLength(1);
    expect(await dialog(c)).toMatchObject({ target: a, sent: false, waitSeconds: 80 });
    // the first code to a was retired by the one to b: the dialog is right not to offer it
    expect(
      (await c.submit(contactAction, DIALOG, { intent: "otp-verify", type: "email", otp: codeIn((await mailsTo(a))[0].text_body) })).data
        .fieldErrors.otp,
    ).toBe("validation.otpNoCode");
    later(80);
    expect(await dialog(c)).toMatchObject({ target: a, sent: false, waitSeconds: 0 });
    expect((await c.submit(contactAction, DIALOG, { intent: "otp-resend", type: "email" })).location).toBe(DIALOG);
    expect(await mailsTo(a)).toHaveLength(2);
    expect(await dialog(c)).toMatchObject({ target: a, sent: true, waitSeconds: 120 });
  });

  it("switching addresses is capped: past the hourly number of codes, none is sent and the dialog says when one can be", async () => {
    const c = await onContact();
    const addresses = Array.from({ length: SEND_LIMIT.max + 1 }, (_, i) => unique(`many${i}`));
    for (const address of addresses.slice(0, SEND_LIMIT.max)) {
      await verifyEmail(c, address);
      expect(await mailsTo(address)).toHaveLength(1);
      later(5);
    }
    const last = addresses[SEND_LIMIT.max];
    expect((await verifyEmail(c, last)).location).toBe(DIALOG);
    expect(await mailsTo(last)).toHaveLength(0);
    const otp = await dialog(c);
    expect(otp).toMatchObject({ target: last, sent: false });
    expect(otp.waitSeconds).toBe(SEND_LIMIT.windowMs / 1000 - 5 * SEND_LIMIT.max);
  });

  it("a code that expired is not claimed as sent", async () => {
    const c = await onContact();
    const email = unique("expired");
    await verifyEmail(c, email);
    later(10 * 60 + 1);
    expect(await dialog(c)).toMatchObject({ target: email, sent: false, waitSeconds: 0 });
  });
});
