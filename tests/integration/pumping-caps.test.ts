/**
 * Issue 23, item 5: contact-step codes cannot be pumped. Enrollments are free, so besides the
 * enrollment's own caps a send counts per client, per address or number across enrollments and
 * against the channel's daily budget; a refused send answers 429 beside the field, saying in how
 * many minutes to try again. Both databases; the caps hold when the sends come at once.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import type { Services } from "~/.server/services";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { TestClient, type RouteResult } from "../support/client";
import { inWizard } from "../support/journeys";
import { CONTACT_FORM, PERSONAL_FORM } from "../support/step-payloads";

const PERSONAL = PERSONAL_FORM;
const CONTACT = CONTACT_FORM;
const HERE = "/enrollment/contact-info";
const PER_CLIENT = 10;
const PER_DESTINATION = 5;
const SMS_PER_DAY = 4;

const fieldError = (r: RouteResult, name: string) => (r.data && typeof r.data === "object" ? r.data.fieldErrors?.[name] : undefined);

describeEachDatabase("contact codes cannot be pumped", (kind) => {
  let app: TestApp;
  let instances: Instance[];
  let n = 0;
  beforeAll(async () => {
    app = await createTestApp(kind, {
      config: {
        CONTACT_CODES_PER_CLIENT_HOUR: String(PER_CLIENT),
        CONTACT_CODES_PER_DESTINATION_HOUR: String(PER_DESTINATION),
        CONTACT_SMS_PER_DAY: String(SMS_PER_DAY),
      },
    });
    instances = [openInstance(app), openInstance(app)];
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await app.close();
  });

  const newIp = () => `192.0.2.${++n}`;
  /** a fresh enrollment on the contact step, from this address */
  async function atContact(ip: string) {
    const { client } = await inWizard(app);
    client.clientIp = ip;
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe(HERE);
    return client;
  }
  const ask = (c: TestClient, fields: Record<string, string>, kind: "email" | "phone" = "email") =>
    c.submit(contactAction, HERE, { ...CONTACT, ...fields, intent: `verify-${kind}` });
  const sent = async (channel: "email" | "sms") =>
    (await app.store.db.selectFrom("outbox").select("id").where("kind", "=", "otp").where("channel", "=", channel).execute()).length;
  const sentTo = async (recipient: string) =>
    (await app.store.db.selectFrom("outbox").select("id").where("kind", "=", "otp").where("recipient", "=", recipient).execute()).length;

  it(`one client: ${PER_CLIENT} codes an hour, whatever the enrollment; the next is refused beside the field with the minutes to wait`, async () => {
    const ip = newIp();
    const before = await sent("email");
    for (let i = 0; i < PER_CLIENT; i++)
      expect((await ask(await atContact(ip), { email: `client${i}@example.com` })).location).toBe(`${HERE}?dialog=otp&type=email`);
    const refused = await ask(await atContact(ip), { email: "client-last@example.com" });
    expect(refused.status).toBe(429);
    expect(fieldError(refused, "email")).toBe('validation.otpSendLimit::{"minutes":60}');
    expect(await sent("email")).toBe(before + PER_CLIENT);
    // another client is not held up
    expect((await ask(await atContact(newIp()), { email: "client-last@example.com" })).location).toBe(`${HERE}?dialog=otp&type=email`);
  });

  it(`one address: ${PER_DESTINATION} codes an hour across enrollments and clients`, async () => {
    const email = "pumped@example.com";
    for (let i = 0; i < PER_DESTINATION; i++)
      expect((await ask(await atContact(newIp()), { email })).location).toBe(`${HERE}?dialog=otp&type=email`);
    const refused = await ask(await atContact(newIp()), { email });
    expect(refused.status).toBe(429);
    expect(fieldError(refused, "email")).toMatch(/^validation\.otpSendLimit::/);
    expect(await sentTo(email)).toBe(PER_DESTINATION);
    app.clock.now = new Date(app.clock.now.getTime() + 61 * 60 * 1000);
    try {
      expect((await ask(await atContact(newIp()), { email })).location).toBe(`${HERE}?dialog=otp&type=email`);
    } finally {
      app.clock.now = new Date();
    }
  });

  it(`texts: the store's daily budget (${SMS_PER_DAY}), then refused with the minutes until the day's window ends`, async () => {
    const before = await sent("sms");
    const left = SMS_PER_DAY - before;
    for (let i = 0; i < left; i++)
      expect((await ask(await atContact(newIp()), { phone_number: `(214) 555-02${10 + i}` }, "phone")).location).toBe(
        `${HERE}?dialog=otp&type=phone`,
      );
    const refused = await ask(await atContact(newIp()), { phone_number: "(214) 555-0299" }, "phone");
    expect(refused.status).toBe(429);
    const minutes = JSON.parse(String(fieldError(refused, "phone_number")).split("::")[1]).minutes;
    expect(minutes).toBeGreaterThan(60);
    expect(minutes).toBeLessThanOrEqual(24 * 60);
    expect(await sent("sms")).toBe(SMS_PER_DAY);
    // e-mail has its own budget
    expect((await ask(await atContact(newIp()), { email: "budget@example.com" })).location).toBe(`${HERE}?dialog=otp&type=email`);
  });

  it(`at once over two instances: 20 enrollments from one client send exactly ${PER_CLIENT} codes`, async () => {
    const ip = newIp();
    const before = await sent("email");
    const browsers: TestClient[] = [];
    for (let i = 0; i < 20; i++) browsers.push(sameBrowserOn(await atContact(ip), instances[i % 2].services));
    const tokens = await Promise.all(browsers.map((b) => b.csrfToken()));
    const results = await Promise.all(
      browsers.map((b, i) =>
        b.submit(contactAction, HERE, { ...CONTACT, email: `burst${i}@example.com`, intent: "verify-email" }, { csrf: tokens[i] }),
      ),
    );
    expect(results.filter((r) => r.status === 429)).toHaveLength(20 - PER_CLIENT);
    expect(await sent("email")).toBe(before + PER_CLIENT);
  });
});

function sameBrowserOn(client: TestClient, services: Services) {
  const other = new TestClient(services);
  other.clientIp = client.clientIp;
  for (const pair of client.cookieHeader().split("; ").filter(Boolean))
    other.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return other;
}
