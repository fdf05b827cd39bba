import { test, expect } from "./fixtures";

test.describe("store shell", () => {
  test("home shows the branded shell with the category menu from the database", async ({ page, a11y }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Plan categories" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Dental Plans" }).first()).toBeVisible();
    await expect(page.getByText("Questions? Call")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0 plans");
    await a11y(page);
  });

  test("switches to Spanish and keeps it across pages", async ({ page, a11y }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("navigation", { name: "Categorías de planes" })).toBeVisible();
    await a11y(page);
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "¡UY! Página no encontrada" })).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an unknown address gets the 404 page with a way home", async ({ page, a11y }) => {
    const res = await page.goto("/this/does/not/exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "OOPS! Page not found" })).toBeVisible();
    await a11y(page);
    await page.getByRole("link", { name: "Back to Homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("reads at 320 px without sideways scrolling", async ({ page, a11y }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await a11y(page);
  });

  test("scripts come compressed at build time, Brotli or gzip as accepted, cached for a year", async ({ request }) => {
    // the page as the server sent it (once hydrated, React may drop the preload links)
    const html = await (await request.get("/")).text();
    const src = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const res = await request.get(src!, { headers: { "Accept-Encoding": accept } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-encoding"]).toBe(encoding);
      expect(res.headers()["content-type"]).toMatch(/javascript/);
      expect(res.headers()["cache-control"]).toContain("immutable");
      expect(res.headers().vary).toContain("Accept-Encoding");
      expect((await res.text()).length).toBeGreaterThan(0);
    }
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const res = await request.post("/language", { form: { lng: "es" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(res.status()).toBe(403);
  });

  test("health check answers with the database", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});
