/**
 * The dev outbox answers only requests made to the server directly: one that came through a reverse
 * proxy (it carries a forwarding header) gets 404, even when the outbox is on (security review, stop 34); so does
 * one addressed to a name that is not a loopback name (DNS rebinding, security review, stop 35).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as outboxLoader } from "~/routes/dev.outbox";
import { loader as messageLoader } from "~/routes/dev.outbox_.$id";
import { createTestApp, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp("sqlite", { config: { DEV_OUTBOX: "1" } });
});
afterAll(() => app.close());

const call = async (c: TestClient, headers: Record<string, string>) => {
  try {
    const res = (await outboxLoader({
      request: c.request("/dev/outbox", { headers }),
      params: {},
      context: c.loadContext(),
    } as never)) as Response;
    return res.status;
  } catch (thrown) {
    return (thrown as Response).status;
  }
};

it("serves a direct request, and refuses one carrying any forwarding header", async () => {
  const c = new TestClient(app.services);
  expect(await call(c, {})).toBe(200);
  for (const h of ["X-Forwarded-For", "Forwarded", "X-Real-IP", "X-Forwarded-Host"])
    expect(await call(c, { [h]: h === "Forwarded" ? "for=198.51.100.7" : "198.51.100.7" }), h).toBe(404);
  await expect(
    messageLoader({
      request: c.request("/dev/outbox/1", { headers: { "x-forwarded-for": "198.51.100.7" } }),
      params: { id: "1" },
      context: c.loadContext(),
    } as never),
  ).rejects.toMatchObject({ status: 404 });
});

it("serves a request addressed to a loopback name only: another site's name resolving to 127.0.0.1 (DNS rebinding) gets 404", async () => {
  const c = new TestClient(app.services);
  for (const host of ["localhost:3100", "127.0.0.1:3100", "[::1]:3100", "localhost"]) expect(await call(c, { host }), host).toBe(200);
  for (const host of ["rebind.attacker.example:3100", "attacker.example", "127.0.0.1.nip.io:3100", ""])
    expect(await call(c, { host }), host).toBe(404);
});
