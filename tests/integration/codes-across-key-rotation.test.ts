/**
 * A one-time code sent just before a key rotation still works after it (ENCRYPTION_KEYS=new,old):
 * staff and console sign-in codes were compared under the newest key only (security review, stop 35),
 * while contact codes, resume codes and links already matched under every configured key.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO } from "~/.server/db/seed";
import { createServices, type Services } from "~/.server/services";
import { createTestApp, describeEachDatabase, testConfig, TEST_ENCRYPTION_KEY, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { newClient, repCodeConfirmed, sendSignInCode, typeSignInCode } from "../support/staff";
import { askOperatorCode, operatorCodeFor, typeOperatorCode } from "../support/operators";

const NEW = "3c".repeat(32);

/** The same browser (its cookies), seen by a server restarted with other keys. */
function sameBrowser(services: Services, from: TestClient) {
  const c = new TestClient(services);
  for (const pair of from.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    c.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return c;
}

describeEachDatabase("one-time codes across a key rotation", (kind) => {
  let app: TestApp;
  let rotated: Services;
  beforeAll(async () => {
    app = await createTestApp(kind);
    rotated = createServices(testConfig({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${TEST_ENCRYPTION_KEY}` }), app.store, {
      log: app.services.log,
      now: () => app.clock.now,
    });
  });
  afterAll(() => app.close());

  it("a rep's sign-in code sent under the old key signs in after the restart", async () => {
    const before = newClient(app);
    await repCodeConfirmed(before);
    const { code } = await sendSignInCode(app, before, `rep:${DEMO.rep.id}:email`);
    expect((await typeSignInCode(sameBrowser(rotated, before), code)).location).toBe("/agent-home");
  });

  it("an operator's console code sent under the old key signs in after the restart", async () => {
    const before = newClient(app);
    const reference = await askOperatorCode(before, DEMO.operator.email);
    const code = await operatorCodeFor(app, DEMO.operator.email, reference);
    const res = await typeOperatorCode(sameBrowser(rotated, before), code!);
    expect(res.location, JSON.stringify([res.status, res.data])).toBe("/admin");
  });
});
