/** Security review (stop 35): the name field carried a stranger's words to any address (the message already did not). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as cartAction } from "~/routes/_store.cart";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { addPlan, quotedClient } from "../support/journeys";
import { opened } from "../support/outbox";

const NAME = "Your coverage ends today. Reply with your Social Security number and bank account";
describeEachDatabase("the quote e-mail to an address the enrollment did not confirm", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  it("carries no words of the sender's: not the message, not the typed name", async () => {
    const c = await quotedClient(app);
    await addPlan(c, "BSD-PPO-ESS");
    const to = "victim@example.com";
    const res = await c.submit(cartAction, "/cart", { intent: "send-quote", name: NAME, email: to });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    const row = await app.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "quote")
      .where("recipient", "=", to)
      .executeTakeFirstOrThrow();
    const mail = opened(app, row);
    expect(mail.text_body).not.toContain("Social Security number");
    expect(mail.html_body).not.toContain("Social Security number");
    expect(mail.text_body.startsWith("Hello,\n")).toBe(true);
  });
});
