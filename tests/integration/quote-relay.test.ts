/**
 * Issue 23, item 9: the quote e-mail is no relay. The visitor's message goes only to the
 * applicant's own address (one this enrollment confirmed with a contact-step code), otherwise the
 * quote goes without it; and a client may send QUOTES_PER_CLIENT_HOUR quotes an hour whatever the
 * cart (a new cart no longer resets the count). Both databases, and at once over two instances.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as cartAction } from "~/routes/_store.cart";
import type { Services } from "~/.server/services";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { TestClient } from "../support/client";
import { addPlan, confirmedAddress, quotedClient } from "../support/journeys";
import { opened } from "../support/outbox";

const PER_CLIENT = 3;
const MESSAGE = "Your account is suspended: sign in at evil.example now";

describeEachDatabase("the quote e-mail is no relay", (kind) => {
  let app: TestApp;
  let instances: Instance[];
  let n = 0;
  beforeAll(async () => {
    app = await createTestApp(kind, { config: { QUOTES_PER_CLIENT_HOUR: String(PER_CLIENT) } });
    instances = [openInstance(app), openInstance(app)];
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await app.close();
  });

  async function cart(ip = `192.0.2.${++n}`) {
    const c = await quotedClient(app);
    c.clientIp = ip;
    await addPlan(c, "BSD-PPO-ESS");
    return c;
  }
  const quoteMail = async (to: string) => {
    const row = await app.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "quote")
      .where("recipient", "=", to)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    return opened(app, row);
  };

  it("a message to an address this enrollment has not confirmed is dropped (the quote still goes)", async () => {
    const c = await cart();
    const to = `victim-${kind}@example.com`;
    expect((await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: to, message: MESSAGE })).status).toBe(302);
    const mail = await quoteMail(to);
    expect(mail.text_body).not.toContain("evil.example");
    expect(mail.html_body ?? "").not.toContain("evil.example");
    const quote = await app.store.db.selectFrom("quotes").select("message").where("email", "=", to).executeTakeFirstOrThrow();
    expect(quote.message).toBeNull();
  });

  it("a message to the applicant's own address, confirmed by a code in this enrollment, is kept", async () => {
    const c = await cart();
    const to = `me-${kind}@example.com`;
    await confirmedAddress(app, c, to);
    expect((await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: to, message: "See you Monday" })).status).toBe(
      302,
    );
    expect((await quoteMail(to)).text_body).toContain("See you Monday");
  });

  it(`one client: ${PER_CLIENT} quotes an hour, however many new carts it starts`, async () => {
    const ip = "192.0.2.200";
    const statuses: number[] = [];
    for (let i = 0; i < PER_CLIENT + 2; i++) {
      const c = await cart(ip);
      statuses.push(
        (await c.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: `pump${i}-${kind}@example.com` })).status,
      );
    }
    expect(statuses).toEqual([...Array(PER_CLIENT).fill(302), 429, 429]);
    // another client is not held up
    expect(
      (await (await cart()).submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: `other-${kind}@example.com` })).status,
    ).toBe(302);
  });

  it(`at once over two instances: 12 carts of one client send exactly ${PER_CLIENT}`, async () => {
    const ip = "192.0.2.201";
    const browsers: TestClient[] = [];
    for (let i = 0; i < 12; i++) browsers.push(sameBrowserOn(await cart(ip), instances[i % 2].services));
    const tokens = await Promise.all(browsers.map((b) => b.csrfToken()));
    const results = await Promise.all(
      browsers.map((b, i) =>
        b.submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: `burst${i}-${kind}@example.com` }, { csrf: tokens[i] }),
      ),
    );
    expect(results.filter((r) => r.status === 302)).toHaveLength(PER_CLIENT);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12 - PER_CLIENT);
  });
});

function sameBrowserOn(client: TestClient, services: Services) {
  const other = new TestClient(services);
  other.clientIp = client.clientIp;
  for (const pair of client.cookieHeader().split("; ").filter(Boolean))
    other.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  return other;
}
