/** One request's context (platform/request-context.ts): the session read once, shared by the action and the loaders. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { requestContext } from "~/.server/platform/request-context";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { quotedClient } from "../support/journeys";

describeEachDatabase("a request's context", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("reads the session and the language once per request, the same for the action and the loaders after it", async () => {
    const client = await quotedClient(app);
    const context = client.loadContext();
    const action = client.request("/cart", { method: "POST", headers: { cookie: `${client.request("/").headers.get("cookie")}; lng=es` } });
    // Remix hands the loaders after an action a copy of the request (same URL and headers)
    const loader = new Request(action.url, { headers: action.headers });
    const first = requestContext({ request: action, context });
    const session = await first.session;
    expect(session.get("tempId")).toBeDefined();
    expect(requestContext({ request: loader, context })).toBe(first);
    expect(await requestContext({ request: loader, context }).session).toBe(session);
    expect(await first.locale).toBe(await requestContext({ request: loader, context }).locale);

    // committing still works on the shared session
    session.set("navto", "review");
    const cookie = await app.services.sessions.commit(session);
    expect(cookie).toMatch(/^__store=/);
  });

  it("is built again when the load context is reused for another request", async () => {
    const client = await quotedClient(app);
    const context = client.loadContext();
    const one = requestContext({ request: client.request("/cart"), context });
    const two = requestContext({ request: client.request("/cart"), context });
    expect(two).not.toBe(one);
    expect(await two.session).not.toBe(await one.session);
  });
});
