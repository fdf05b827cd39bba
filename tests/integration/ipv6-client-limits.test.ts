/** Security review (stop 35): an attacker with a /64 rotated addresses and was never throttled (clientKey keyed the full address). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as accessAction } from "~/routes/access";
import { CODE_LIMIT } from "~/.server/store/access-codes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

describeEachDatabase("per-client limits count one IPv6 /64 as one client", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  it("rep-code guesses from five addresses of one /64 share one client's limit", async () => {
    let evaluated = 0;
    for (let host = 1; host <= 5; host++) {
      for (let i = 0; i < CODE_LIMIT.max; i++) {
        const c = new TestClient(app.services);
        c.clientIp = `2001:db8:1:2::${host.toString(16)}`;
        const r = await c.submit(accessAction, "/access", { intent: "rep-code", code: `NOPE${host}${i}XYZ` });
        if (r.data?.fieldErrors?.code === "validation.unknownRepCode") evaluated++;
      }
    }
    expect(evaluated).toBeLessThanOrEqual(CODE_LIMIT.max);
  });
});
