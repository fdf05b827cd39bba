/**
 * Open redirects (issue 23, item 3): `next=` and `redirectTo=` send the browser only to a path on
 * this site. A TAB used to get past remix-utils' safeRedirect (`/?next=/%09/evil.example`: the
 * browser drops the tab and goes to //evil.example), and a CR/LF answered 500; control characters
 * now answer a 400 page, other off-site values fall back to the site's own page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as indexLoader } from "~/routes/_index";
import { loader as ageLoader, action as ageAction } from "~/routes/age";
import { action as languageAction } from "~/routes/language";
import { createTestApp, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

describe("redirect targets from input stay on this site", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("sqlite");
  });
  afterAll(() => app.close());
  const client = () => new TestClient(app.services);

  describe("/?next=", () => {
    it("a path on this site, with its query, is followed", async () => {
      const res = await client().load(indexLoader, `/?next=${encodeURIComponent("/plans?category=dental&page=2")}`);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/plans?category=dental&page=2");
    });
    it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "/%5Cevil.example"])("%s falls back to /", async (next) => {
      const res = await client().load(indexLoader, `/?next=${encodeURIComponent(next)}`);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
    });
    it.each(["/%09/evil.example", "/%0d%0aSet-Cookie:%20x=1", "/%0a/evil.example", "/plans%00", "/%250d%250a"])(
      "%s (a control character) answers 400, never a redirect or a 500",
      async (next) => {
        const res = await client().load(indexLoader, `/?next=${next}`);
        expect(res.status).toBe(400);
        expect(res.location).toBeNull();
        expect(res.headers.get("set-cookie") ?? "").not.toMatch(/x=1/);
      },
    );
  });

  describe("/age?redirectTo= (the Cancel link and the form's return address)", () => {
    it("keeps a path on this site", async () => {
      const res = await client().load(ageLoader, `/age?redirectTo=${encodeURIComponent("/plans?category=vision")}`);
      expect(res.status).toBe(200);
      expect(res.data.back).toBe("/plans?category=vision");
    });
    it.each(["//evil.example", "https://evil.example", "/\\evil.example"])("Cancel never leads to %s", async (to) => {
      const res = await client().load(ageLoader, `/age?redirectTo=${encodeURIComponent(to)}`);
      expect(res.data.back).toBe("/");
    });
    it("a tab or newline answers 400", async () => {
      expect((await client().load(ageLoader, "/age?redirectTo=/%09/evil.example")).status).toBe(400);
      expect((await client().load(ageLoader, "/age?redirectTo=/%0d%0a")).status).toBe(400);
    });
    it("the action returns only to this site", async () => {
      const ok = await client().submit(ageAction, "/age", { over65: "1", redirectTo: "/plans" });
      expect(ok.location).toBe("/plans");
      const off = await client().submit(ageAction, "/age", { over65: "1", redirectTo: "https://evil.example/x" });
      expect(off.location).toBe("/");
      const tab = await client().submit(ageAction, "/age", { over65: "1", redirectTo: "/\t/evil.example" });
      expect(tab.status).toBe(400);
      expect(tab.location).toBeNull();
      const crlf = await client().submit(ageAction, "/age", { over65: "1", redirectTo: "/\r\nSet-Cookie: x=1" });
      expect(crlf.status).toBe(400);
    });
  });

  it("/language returns only to this site", async () => {
    expect((await client().submit(languageAction, "/language", { lng: "es", redirectTo: "/plans?lng=en&x=1" })).location).toBe(
      "/plans?x=1",
    );
    expect((await client().submit(languageAction, "/language", { lng: "es", redirectTo: "/\t/evil.example" })).status).toBe(400);
    expect((await client().submit(languageAction, "/language", { lng: "es", redirectTo: "//evil.example" })).location).toBe("/");
  });
});
