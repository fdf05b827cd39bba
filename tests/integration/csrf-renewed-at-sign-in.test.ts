/**
 * The CSRF token is renewed whenever who this browser is changes: a rep's or group admin's sign-in
 * and sign-out, an operator's sign-in (by code; the account page's renewal) and sign-out (OWASP:
 * renew anti-forgery tokens at a privilege change). A token planted in this browser before the
 * sign-in, or read from a page shown before it, then forges nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as logoutAction } from "~/routes/logout";
import { action as adminLogoutAction } from "~/routes/admin.logout";
import { action as cartAction } from "~/routes/_store.cart";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInRep } from "../support/staff";
import { signInOperator } from "../support/operators";
import { DEMO } from "~/.server/db/seed";
import type { TestClient } from "../support/client";

/** The CSRF token this browser holds now (the one its pages carry). */
const tokenOf = (c: TestClient) => c.csrfToken();

describeEachDatabase("the CSRF token is renewed at sign-in and sign-out", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("a rep's sign-in by code and their logout each give this browser a new token; the one before forges nothing after", async () => {
    const c = newClient(app);
    const before = await tokenOf(c);
    await signInRep(app, c);
    const signedIn = await tokenOf(c);
    expect(signedIn).not.toBe(before);
    // the token from before the sign-in, posted now, is refused (403) and changes nothing
    const forged = await c.submit(cartAction, "/cart", { intent: "save-cart" }, { csrf: before });
    expect(forged.status).toBe(403);
    const out = await c.submit(logoutAction, "/logout", {});
    expect(out.status).toBe(302);
    expect(await tokenOf(c)).not.toBe(signedIn);
  });

  it("an operator's sign-in by code and their logout each give this browser a new token", async () => {
    const c = newClient(app);
    const before = await tokenOf(c);
    await signInOperator(app, c, DEMO.operator.email);
    const signedIn = await tokenOf(c);
    expect(signedIn).not.toBe(before);
    await c.submit(adminLogoutAction, "/admin/logout", {});
    expect(await tokenOf(c)).not.toBe(signedIn);
  });
});
