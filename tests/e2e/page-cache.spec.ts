/**
 * The plans page kept as a rendered document (ADR 014), against the built server: what a
 * visitor is sent from the cache is exactly what a fresh render for them is (a reload asking
 * for a fresh copy, Cache-Control: no-cache), apart from the response's nonce and request id;
 * it carries their own CSRF token; a visitor with other quote facts or another cart is not
 * sent another's page; and a page from the cache hydrates (JavaScript on) and passes axe.
 */
import { test, expect, type Page } from "./fixtures";
import { addPlanToCart, quoteFromHome } from "./journeys";

const PLANS = "/plans?type=dental";

/** The page as this browser's session gets it, with the cache's verdict; nonce and request id blanked. */
async function documentFor(page: Page, fresh = false) {
  const res = await page.request.get(PLANS, { headers: fresh ? { "Cache-Control": "no-cache" } : {}, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  const html = (await res.text()).replace(/nonce="[^"]+"/g, 'nonce=""').replace(/<meta name="request-id" content="[^"]*"\/>/, "");
  const verdict = /cache;desc=(\w+)/.exec(res.headers()["server-timing"] ?? "")?.[1] ?? "none";
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  return { html, verdict, csrf };
}

/** The page from the cache: it is kept once rendered (the catalog's minute may start a new cache: then once more). */
async function keptDocument(page: Page) {
  let doc = await documentFor(page);
  for (let i = 0; i < 2 && doc.verdict !== "hit"; i++) doc = await documentFor(page);
  expect(doc.verdict).toBe("hit");
  return doc;
}

async function csrfCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "__csrf")?.value;
}

test.describe("the plans page kept as a document", () => {
  test("a second visitor with the same quote gets the kept page: the same as a fresh render, with their own token", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    await quoteFromHome(page);
    const first = await documentFor(page);
    const firstToken = first.csrf;
    expect(firstToken).toBeTruthy();

    // another visitor (a new session) asks the same question
    await page.context().clearCookies();
    await quoteFromHome(page);
    expect(await csrfCookie(page)).toBeTruthy();
    const kept = await keptDocument(page);
    const fresh = await documentFor(page, true);
    expect(fresh.verdict).toBe("miss");
    expect(kept.html).toBe(fresh.html);
    expect(kept.csrf).toBeTruthy();
    expect(kept.csrf).not.toBe(firstToken);

    // opened in the browser: from the cache, it works as a rendered page does
    const res = await page.goto(PLANS);
    expect(res?.headers()["server-timing"]).toMatch(/cache;desc=(hit|miss)/);
    await expect(page.getByRole("heading", { name: "Dental", exact: true })).toBeVisible();
    if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await a11y(page);
  });

  test("a visitor with other quote facts, or another cart, is never sent another's page", async ({ page }) => {
    await quoteFromHome(page);
    const female = await documentFor(page);

    await page.context().clearCookies();
    await quoteFromHome(page, { gender: "Male" });
    const male = await documentFor(page);
    expect(male.html).not.toBe(female.html);
    expect(male.html).toBe((await documentFor(page, true)).html);

    await addPlanToCart(page, "BSD-PPO-ESS");
    const carted = await documentFor(page);
    expect(carted.html).not.toBe(male.html);
    expect(carted.html).toBe((await documentFor(page, true)).html);
    // and kept for this cart
    expect((await keptDocument(page)).html).toBe(carted.html);
  });
});
