/**
 * The shared test fixture: `a11y(page)` runs axe (WCAG 2.2 AA) on the page as the user
 * sees it. With JavaScript off, axe (itself a script) runs on the same server HTML opened
 * in a JavaScript-on context whose page scripts are blocked, as DESIGN.md prescribes.
 */
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { keepPages } from "./html-pages";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function stripScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "");
}

export const test = base.extend<{ a11y: (page: Page) => Promise<void>; jsEnabled: boolean }>({
  // With JavaScript off, every page's HTML is kept for the HTML validator (validate-html.ts).
  context: async ({ context }, use, testInfo) => {
    const saved = testInfo.project.use.javaScriptEnabled === false ? keepPages(context) : null;
    await use(context);
    await saved?.();
  },
  // Any script error, hydration error or CSP violation in the browser fails the test.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (4\d\d)/.test(m.text()))
        problems.push(`console: ${m.text()}`);
    });
    await use(page);
    expect(problems, "browser errors").toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  a11y: async ({ jsEnabled, browser }, use) => {
    await use(async (page: Page) => {
      let target = page;
      let extra: (() => Promise<void>) | null = null;
      if (!jsEnabled) {
        const html = stripScripts(await page.content());
        const url = page.url();
        const ctx = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined });
        const copy = await ctx.newPage();
        await copy.route("**/*", (route) => {
          const req = route.request();
          if (req.resourceType() === "script") return route.abort();
          if (req.resourceType() === "document") return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
          return route.continue();
        });
        await copy.goto(url);
        target = copy;
        extra = () => ctx.close();
      }
      const results = await new AxeBuilder({ page: target }).withTags(TAGS).analyze();
      if (extra) await extra();
      const summary = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      expect(summary, `axe found WCAG 2.2 AA violations on ${page.url()}`).toEqual([]);
    });
  },
});

/** Draws a short stroke on the signature canvas (JavaScript only). */
export async function drawSignature(page: Page) {
  const canvas = page.locator("canvas").first();
  await expect(canvas).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + box.height / 2 + (i % 2 ? -15 : 15), { steps: 2 });
  await page.mouse.up();
}

export { expect };
export type { Page } from "@playwright/test";
