/**
 * Cookies the store did not write (issue 16): an empty, garbled or foreign session cookie — or
 * CSRF or language cookie — on a GET starts a fresh session instead of answering 500; a post
 * with one is refused (403, no valid CSRF pair) without a 500 either.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as indexLoader } from "~/routes/_index";
import { loader as plansLoader } from "~/routes/_store.plans";
import { loader as cartLoader } from "~/routes/_store.cart";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { action as logoutAction } from "~/routes/logout";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";

const GARBLED = [
  ["empty", ""],
  ["one space", " "],
  ["not base64", "%%%%"],
  ["bad percent-encoding", "%E0%A4%A"],
  ["base64 of nonsense", "bm90IGpzb24.AAAA"],
  ["unsigned JSON", Buffer.from(JSON.stringify({ tempId: 1 })).toString("base64")],
  ["signed by someone else", "eyJ0ZW1wSWQiOjF9.c2lnbmF0dXJl"],
  ["quotes", '"unterminated'],
  ["control characters", "\u0001\u0002"],
  ["very long", "A".repeat(3000)],
] as const;

describeEachDatabase("garbled cookies", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const pages = [
    ["root", rootLoader, "/"],
    ["home", indexLoader, "/"],
    ["plans", plansLoader, "/plans"],
    ["cart", cartLoader, "/cart"],
    ["wizard", personalLoader, "/enrollment/personal-info"],
  ] as const;

  it.each(GARBLED)("a %s session cookie on a GET starts a fresh session", async (_label, value) => {
    for (const [name, loader, path] of pages) {
      const c = new TestClient(app.services);
      c.setCookie("__store", value);
      const res = await c.load(loader as never, path);
      expect(res.status, `${name}: ${JSON.stringify(res.data)?.slice(0, 200)}`).toBeLessThan(500);
      // nothing of the cookie survives: a fresh session, in the default mode
      expect((await c.session()).tempId).toBeUndefined();
    }
  });

  it.each(GARBLED)("a %s CSRF or language cookie on a GET is ignored", async (_label, value) => {
    for (const cookie of ["__csrf", "lng"]) {
      for (const [name, loader, path] of pages) {
        const c = new TestClient(app.services);
        c.setCookie(cookie, value);
        const res = await c.load(loader as never, path);
        expect(res.status, `${cookie} on ${name}`).toBeLessThan(500);
        // every page's forms carry the token the root hands out: never an empty one
        if (name === "root") expect(res.data.csrf?.length ?? 0, `${cookie}=${value.slice(0, 20)}`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it("an empty CSRF cookie gets a fresh token and cookie, which then validate a post", async () => {
    const c = new TestClient(app.services);
    c.setCookie("__csrf", "");
    const root = await c.load(rootLoader as never, "/");
    expect(root.data.csrf).toBeTruthy();
    expect(c.cookieHeader()).toMatch(/__csrf=[^;]+/);
    const res = await c.submit(logoutAction, "/logout", {}, { csrf: root.data.csrf });
    expect(res.status).toBe(302);
  });

  it("a garbled session cookie beside a live one's CSRF pair: the post is refused or starts afresh, never a 500", async () => {
    for (const [, value] of GARBLED) {
      const c = new TestClient(app.services);
      const token = await c.csrfToken();
      c.setCookie("__store", value);
      const res = await c.submit(logoutAction, "/logout", {}, { csrf: token });
      expect(res.status).toBeLessThan(500);
    }
  });

  it("a wizard visitor whose cookie is garbled later starts afresh (the enrollment waits for its code)", async () => {
    const { client } = await inWizard(app);
    expect((await client.session()).tempId).toBeGreaterThan(0);
    client.setCookie("__store", "%E0%A4%A");
    const res = await client.load(personalLoader, "/enrollment/personal-info");
    expect(res.status).toBe(302);
    expect(await client.session()).toEqual({});
  });
});
