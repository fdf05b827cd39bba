/**
 * The plans page kept as a rendered document (ADR 014). Two visitors share a page only when
 * every input of it is the same: other quote facts, another language, another site, another
 * cart or compare selection, another category make another key; a visitor the key cannot vouch
 * for (a verified staff session, a flash to show, no CSRF cookie yet, other parameters) is never
 * served from the cache. A kept page comes back with the response's own nonce, request id and
 * CSRF token, and a page whose inputs changed while it was rendered is not kept.
 */
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as indexAction } from "~/routes/_index";
import { action as compareAction } from "~/routes/_store.compare";
import { loader as rootLoader } from "~/root";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { DocumentCache } from "~/.server/platform/document-cache";
import { plansPageFromCache, plansPageInputs } from "~/.server/store/plans-page";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { addPlan } from "../support/journeys";
import { verifiedSessionFor } from "../support/staff";

const QUOTE = {
  intent: "quote",
  zip: "75201",
  dob: "04/12/1988",
  gender: "0",
  spouseDob: "",
  childCount: "0",
  smoker: "",
  category: "dental",
};

describeEachDatabase("the plans page kept as a document", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function visitor(quote: Partial<typeof QUOTE> = {}, host?: string) {
    const c = new TestClient(app.services, host);
    await c.setSession({ repAuthenticated: true });
    const res = await c.submit(indexAction, "/", { ...QUOTE, ...quote });
    expect(res.status, JSON.stringify(res.data)).toBe(302);
    await c.csrfToken();
    return c;
  }
  /** Adds a plan and opens the cart, as the browser does after the redirect (its flash shown). */
  async function addToCart(c: TestClient, code: string) {
    await addPlan(c, code);
    expect((await c.load(rootLoader, "/cart")).data.flash).not.toBeNull();
  }
  const key = async (c: TestClient, path = "/plans") => (await plansPageInputs(app.services, c.request(path)))?.key ?? null;

  describe("the key", () => {
    it("is the same for two visitors with the same inputs, and holds none of their identifiers", async () => {
      const a = await visitor();
      const b = await visitor();
      expect((await a.session()).tempId).not.toBe((await b.session()).tempId);
      const ka = await key(a);
      expect(ka).toMatch(/^[\w-]{43}$/);
      expect(await key(b)).toBe(ka);
    });

    it("differs with every quote fact", async () => {
      const variants: Array<Partial<typeof QUOTE>> = [
        {},
        { dob: "04/12/1958" },
        { zip: "33131" },
        { zip: "75202" },
        { gender: "1" },
        { smoker: "1" },
        { spouseDob: "05/05/1985" },
        { childCount: "2" },
        { category: "vision" },
      ];
      const keys = [];
      for (const v of variants) keys.push(await key(await visitor(v)));
      expect(new Set(keys).size).toBe(variants.length);
    });

    it("differs with the language, the site, the category asked for, the cart and the compare selection", async () => {
      const base = await visitor();
      const k = await key(base);
      const es = await visitor();
      const [pair] = (await app.services.languageCookie.serialize("es")).split(";");
      es.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      const other = await visitor({}, DEMO.hosts.whiteLabel);
      const carted = await visitor();
      await addToCart(carted, "BSD-PPO-ESS");
      const comparing = await visitor();
      const res = await comparing.submit(compareAction, "/compare", {
        shown: String(planId("BSD-PPO-ESS")),
        plans: String(planId("BSD-PPO-ESS")),
        redirectTo: "/plans",
      });
      expect(res.status).toBe(302);
      const keys = [k, await key(es), await key(other), await key(base, "/plans?type=vision"), await key(carted), await key(comparing)];
      expect(keys.map((x) => typeof x)).toEqual(keys.map(() => "string"));
      expect(new Set(keys).size).toBe(keys.length);
    });

    it("changes when the cart changes", async () => {
      const c = await visitor();
      const before = await key(c);
      await addToCart(c, "BSD-PPO-ESS");
      const after = await key(c);
      expect(typeof after).toBe("string");
      expect(after).not.toBe(before);
    });

    it("is refused to requests the cache cannot vouch for", async () => {
      const c = await visitor();
      expect(await key(c, "/plans?type=dental&dialog=salary")).toBeNull();
      expect(await key(c, "/plans?lng=es")).toBeNull();
      expect(await key(c, "/plan/1/x")).toBeNull();
      expect(await plansPageInputs(app.services, c.request("/plans", { method: "POST" }))).toBeNull();

      const noCsrf = new TestClient(app.services);
      await noCsrf.setSession({ repAuthenticated: true });
      expect(await key(noCsrf)).toBeNull();

      const flashed = await visitor();
      const session = await app.services.sessions.read(flashed.request("/"));
      session.flash({ kind: "success", key: "cart.added" });
      const [pair] = (await app.services.sessions.commit(session)).split(";");
      flashed.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      expect(await key(flashed)).toBeNull();

      const staff = new TestClient(app.services);
      await staff.csrfToken();
      await verifiedSessionFor(
        app,
        staff,
        { kind: "rep", repId: DEMO.rep.id },
        { repAuthenticated: true, eprocess: "rep", agentId: DEMO.rep.id },
      );
      expect(await key(staff)).toBeNull();
    });
  });

  describe("keeping and serving a page", () => {
    let cache: DocumentCache;
    beforeEach(() => {
      cache = new DocumentCache();
    });
    const response = (nonce: string, requestId: string, gzip = true) => ({ nonce, requestId, gzip, fresh: false });
    // keeping is done after the response, off its path: give it room on a loaded machine (PostgreSQL under CI load took over 50 ms)
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const page = (nonce: string, id: string, csrf: string, text = "priced for you") =>
      `<!DOCTYPE html><html><head><meta name="request-id" content="${id}"/><script nonce="${nonce}">1</script></head><body><p>${text}</p><input name="csrf" value="${csrf}"/></body></html>`;

    it("serves a kept page with the response's own nonce, request id and CSRF token", async () => {
      const a = await visitor();
      const b = await visitor();
      const tokenA = await a.csrfToken();
      const tokenB = await b.csrfToken();
      expect(tokenA).not.toBe(tokenB);

      const miss = await plansPageFromCache(app.services, a.request("/plans"), response("nonceA+/==", "reqA"), cache);
      expect(miss.kind).toBe("miss");
      if (miss.kind !== "miss") return;
      miss.capture.offer(Buffer.from(page("nonceA+/==", "reqA", tokenA)), 200, new Headers({ "Content-Language": "en" }));
      await settle();
      expect(cache.size).toBe(1);

      const hit = await plansPageFromCache(app.services, b.request("/plans"), response("nonceB", "reqB"), cache);
      expect(hit.kind).toBe("hit");
      if (hit.kind !== "hit") return;
      expect(hit.encoding).toBe("gzip");
      expect(hit.headers).toEqual({ "Content-Language": "en" });
      const html = zlib.gunzipSync(hit.body).toString("utf8");
      expect(html).toBe(page("nonceB", "reqB", tokenB));
      expect(html).not.toContain(tokenA);

      const plain = await plansPageFromCache(app.services, b.request("/plans"), response("n3", "r3", false), cache);
      expect(plain.kind === "hit" && plain.encoding === null && plain.body.toString("utf8")).toBe(page("n3", "r3", tokenB));

      // a visitor with other facts is not served it
      const other = await visitor({ dob: "04/12/1958" });
      expect((await plansPageFromCache(app.services, other.request("/plans"), response("n4", "r4"), cache)).kind).toBe("miss");
      // nor a reload asking for a fresh copy
      expect((await plansPageFromCache(app.services, b.request("/plans"), { ...response("n5", "r5"), fresh: true }, cache)).kind).toBe(
        "miss",
      );
    });

    it("a reload renders; its page replaces the kept one only when it differs", async () => {
      const a = await visitor();
      const token = await a.csrfToken();
      const render = async (nonce: string, text: string, fresh: boolean) => {
        const answer = await plansPageFromCache(app.services, a.request("/plans"), { ...response(nonce, `r-${nonce}`), fresh }, cache);
        expect(answer.kind).toBe("miss");
        if (answer.kind === "miss") answer.capture.offer(Buffer.from(page(nonce, `r-${nonce}`, token, text)), 200, new Headers());
        await settle();
      };
      await render("nonce1", "first", false);
      const kept = cache.peek((await plansPageInputs(app.services, a.request("/plans")))!.generation, (await key(a))!);
      expect(kept).toBeDefined();
      // the same page again, with other holes: the entry is left as it was (not spliced again)
      await render("nonce2", "first", true);
      expect(cache.peek((await plansPageInputs(app.services, a.request("/plans")))!.generation, (await key(a))!)).toBe(kept);
      // a page that differs replaces it
      await render("nonce3", "second", true);
      const replaced = await plansPageFromCache(app.services, a.request("/plans"), response("n9", "r9", false), cache);
      expect(replaced.kind === "hit" && replaced.body.toString("utf8")).toBe(page("n9", "r9", token, "second"));
    });

    it("keeps only a plain 200 page, without cookies, rendered with this response's nonce", async () => {
      const a = await visitor();
      const token = await a.csrfToken();
      const offer = async (status: number, headers: Headers, nonce = "n1") => {
        const miss = await plansPageFromCache(app.services, a.request("/plans"), response("n1", "r1"), cache);
        if (miss.kind === "miss") miss.capture.offer(Buffer.from(page(nonce, "r1", token)), status, headers);
        await settle();
      };
      await offer(302, new Headers());
      await offer(500, new Headers());
      await offer(200, new Headers({ "Set-Cookie": "__csrf=x" }));
      await offer(200, new Headers(), "another-nonce");
      expect(cache.size).toBe(0);
      await offer(200, new Headers());
      expect(cache.size).toBe(1);
    });

    it("does not keep a page whose cart changed while it was rendered", async () => {
      const a = await visitor();
      const token = await a.csrfToken();
      const miss = await plansPageFromCache(app.services, a.request("/plans"), response("n1", "r1"), cache);
      expect(miss.kind).toBe("miss");
      await addToCart(a, "BSD-PPO-ESS");
      expect(await key(a)).toEqual(expect.any(String));
      if (miss.kind === "miss") miss.capture.offer(Buffer.from(page("n1", "r1", token)), 200, new Headers());
      await settle();
      expect(cache.size).toBe(0);
    });
  });
});
