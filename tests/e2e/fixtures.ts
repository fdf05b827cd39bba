/**
 * The shared test fixture: `a11y(page)` runs axe (WCAG 2.2 AA) on the page as the user
 * sees it. With JavaScript off, axe (itself a script) runs on the same server HTML opened
 * in a JavaScript-on context whose page scripts are blocked, as DESIGN.md prescribes.
 */
import { createHash } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { keepPages } from "./html-pages";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function stripScripts(html: string) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, "");
}

interface AxeWorker {
  /** documents (with their URL and viewport) axe has already passed in this worker */
  passed: Set<string>;
  /** how many checks ran, were skipped as already passed, and the time they took (printed at the worker's end) */
  tally: { run: number; skipped: number; ms: number };
  /** opens server HTML, scripts blocked, in this worker's one JavaScript-on page */
  open(url: string, html: string, viewport: { width: number; height: number }): Promise<Page>;
}

export const test = base.extend<{ a11y: (page: Page) => Promise<void>; jsEnabled: boolean }, { axeWorker: AxeWorker }>({
  // One JavaScript-on page per worker for checking JavaScript-off pages: a context per check cost
  // more than the check itself.
  axeWorker: [
    async ({ browser }, use) => {
      const ctx = await browser.newContext({ javaScriptEnabled: true });
      const copy = await ctx.newPage();
      let body = "";
      await copy.route("**/*", (route) => {
        const req = route.request();
        if (req.resourceType() === "script") return route.abort();
        if (req.resourceType() === "document") return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body });
        return route.continue();
      });
      const tally = { run: 0, skipped: 0, ms: 0 };
      await use({
        passed: new Set(),
        tally,
        async open(url, html, viewport) {
          body = html;
          await copy.setViewportSize(viewport);
          await copy.goto(url.split("#")[0]!);
          return copy;
        },
      });
      await ctx.close();
      console.log(`axe in this worker: ${tally.run} checks in ${(tally.ms / 1000).toFixed(1)} s, ${tally.skipped} pages already passed`);
    },
    { scope: "worker" },
  ],
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
  a11y: async ({ jsEnabled, axeWorker }, use) => {
    await use(async (page: Page) => {
      const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
      const html = jsEnabled ? await page.content() : stripScripts(await page.content());
      // The same document at the same size was already checked (and passed) in this worker: axe would
      // give the same answer, so it is not run again. Every distinct page is still checked.
      const key = createHash("sha256").update(`${jsEnabled}|${viewport.width}x${viewport.height}|${page.url()}|${html}`).digest("hex");
      if (axeWorker.passed.has(key)) {
        axeWorker.tally.skipped++;
        return;
      }
      const started = performance.now();
      let target = page;
      if (!jsEnabled) {
        // axe is a script: with JavaScript off it runs on the same server HTML in this worker's
        // JavaScript-on page, whose page scripts are blocked.
        target = await axeWorker.open(page.url(), html, viewport);
      }
      // axe.run in the page itself (no page has frames; the default opens a new blank page per check to
      // combine frames' results — most of a check's time), and every node of every violation, but
      // passes and inapplicable rules summarised (axe's resultTypes): the same violations, found sooner
      const results = await new AxeBuilder({ page: target })
        .setLegacyMode(true)
        .withTags(TAGS)
        .options({ resultTypes: ["violations"] })
        .analyze();
      axeWorker.tally.run++;
      axeWorker.tally.ms += performance.now() - started;
      const summary = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      expect(summary, `axe found WCAG 2.2 AA violations on ${page.url()}`).toEqual([]);
      axeWorker.passed.add(key);
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
