/**
 * Issue 26 #8, the remaining small things a person meets: "No, enter the code again" lands on
 * the code field; group-home tiles; e-mails in the members table; a current member's active
 * plans; over-65 featured plans; Spanish portal names; a rep's typed quote; pet plans.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as accessRoute from "~/routes/access";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { renderPage, type PageRoute } from "../support/render";

const route = {
  access: { path: "access", module: accessRoute },
} satisfies Record<string, PageRoute>;

describeEachDatabase("issue 26 #8: the remaining points", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  const client = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };

  it('"No, enter the code again" lands on the page with the group code field shown', async () => {
    const c = client();
    await c.setSession({ pendingGroupId: DEMO.group.id });
    const confirm = await renderPage(c, "/access?step=confirm-group&purpose=view-plans", route.access);
    expect(confirm.html).toContain('data-testid="company-name"');
    expect(confirm.html).toMatch(/name="intent" value="group-code-again"/);
    const res = await c.submit(accessRoute.action, "/access", { intent: "group-code-again", purpose: "view-plans" });
    expect(res.location).toBeTruthy();
    const landed = await renderPage(c, res.location!, route.access);
    expect(landed.html).toMatch(/<form[^>]*id="group-code-form"/);
    expect(landed.html).toMatch(/<input type="hidden" name="purpose" value="view-plans"/);
    expect((await c.session()).pendingGroupId).toBeUndefined();
  });
});
