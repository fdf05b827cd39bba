/**
 * The CSRF token is renewed whenever who this browser is changes: a rep's or group admin's sign-in
 * and sign-out (Logout, Not My Site), an operator's sign-in (by code or passkey; the account page's
 * renewal) and sign-out (OWASP:
 * renew anti-forgery tokens at a privilege change). A token planted in this browser before the
 * sign-in, or read from a page shown before it, then forges nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as logoutAction } from "~/routes/logout";
import { action as adminLogoutAction } from "~/routes/admin.logout";
import { action as cartAction } from "~/routes/_store.cart";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { action as notMySiteAction } from "~/routes/not-my-site";
import { action as passkeyAction } from "~/routes/admin.passkey";
import { action as operatorsAction } from "~/routes/admin.operators";
import { newClient, signInGroupAdmin, signInRep } from "../support/staff";
import { signInOperator } from "../support/operators";
import { SoftAuthenticator } from "../support/authenticator";
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

  it("a group admin's sign-in by code and Not My Site each give this browser a new token; the one before forges nothing after", async () => {
    const c = newClient(app);
    const before = await tokenOf(c);
    await signInGroupAdmin(app, c);
    const signedIn = await tokenOf(c);
    expect(signedIn).not.toBe(before);
    const forged = await c.submit(cartAction, "/cart", { intent: "save-cart" }, { csrf: before });
    expect(forged.status).toBe(403);
    const out = await c.submit(notMySiteAction, "/not-my-site", {});
    expect(out.status).toBe(302);
    expect(await tokenOf(c)).not.toBe(signedIn);
  });

  it("an operator's sign-in with a passkey gives this browser a new token; the one before forges nothing after", async () => {
    const ORIGIN = "http://localhost:3000";
    const owner = newClient(app);
    await signInOperator(app, owner, DEMO.operator.email);
    const authenticator = new SoftAuthenticator();
    const options = await owner.submit(passkeyAction, "/admin/passkey", { intent: "add-options", name: "Laptop" });
    expect(options.status, JSON.stringify(options.data)).toBe(200);
    const added = await owner.submit(passkeyAction, "/admin/passkey", {
      intent: "add",
      name: "Laptop",
      credential: JSON.stringify(authenticator.create(options.data.options, ORIGIN)),
    });
    expect(added.data).toEqual({ next: "/admin/account?added=1" });

    const c = newClient(app);
    const asked = await c.submit(passkeyAction, "/admin/passkey", { intent: "sign-in-options" });
    expect(asked.status).toBe(200);
    const before = await tokenOf(c);
    const signedIn = await c.submit(passkeyAction, "/admin/passkey", {
      intent: "sign-in",
      credential: JSON.stringify(authenticator.get(asked.data.options, ORIGIN)),
      next: "/admin/operators",
    });
    expect(signedIn.data).toEqual({ next: "/admin/operators" });
    expect(await tokenOf(c)).not.toBe(before);
    // a post with the token from before the sign-in is refused, and adds no operator
    const forged = await c.submit(
      operatorsAction,
      "/admin/operators",
      { intent: "add", email: "mallory@ops.example", name: "Mallory", role: "admin" },
      { csrf: before },
    );
    expect(forged.status).toBe(403);
    const mallory = await app.store.db.selectFrom("operators").select("id").where("email", "=", "mallory@ops.example").executeTakeFirst();
    expect(mallory).toBeUndefined();
  });
});
