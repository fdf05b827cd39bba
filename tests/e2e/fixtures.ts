/**
 * The shared test fixture.
 *
 * - `a11y(page)` runs axe (WCAG 2.2 AA) on the page as the user sees it. With JavaScript off, axe
 *   (itself a script) runs on the same server HTML opened in a JavaScript-on context whose page
 *   scripts are blocked, as DESIGN.md prescribes.
 * - Each test is a client of its own (ADR 032): the server runs behind a simulated reverse proxy
 *   (TRUST_PROXY=1, playwright.config.ts) and every browser context and request a test opens sends
 *   `X-Forwarded-For` with an address of its own from the IPv6 documentation range, so the store's
 *   per-client limits (codes, quotes, tries) count each test apart, at their defaults.
 * - The development mailbox is the operator's machine: `openMailbox(page)` opens /dev/outbox in a
 *   browser of its own that reaches the server directly (no forwarded header: /dev/outbox refuses
 *   a forwarded request).
 * - `rep` is a rep of the test's own, made in the operators' console by the fixtures' operator
 *   (added by `npm run operator` before the server starts), so no one person signs in more often
 *   in a run than the per-person limit allows.
 * - `group` is a group of the test's own with two admins, made in the same console by the same
 *   operator (New group, then Add a group admin twice): no spec depends on the demo's group.
 */
import { createHash, randomBytes } from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { keepPages } from "./html-pages";
import { FIXTURES_OPERATOR } from "./servers";

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

/**
 * A client address of this test's own: 2001:db8:<worker>:<n>::1 (RFC 3849, documentation only) — a
 * /64 of its own, since the store counts an IPv6 client by its /64 (platform/client-key.ts).
 */
let clients = 0;
function clientAddress(workerIndex: number) {
  clients += 1;
  return `2001:db8:${(workerIndex + 1).toString(16)}:${clients.toString(16)}::1`;
}

/** The header a browser behind the (simulated) proxy arrives with. */
export function behindProxy(workerIndex: number) {
  return { "X-Forwarded-For": clientAddress(workerIndex) };
}

/** The mailbox contexts this test opened (closed when it ends). */
const mailboxes: BrowserContext[] = [];

/**
 * The development mailbox (/dev/outbox), opened as the operator does: in a browser of its own on the
 * server's machine, reaching it directly (no X-Forwarded-For: the outbox refuses forwarded requests).
 * With JavaScript off its pages are kept for the HTML validator like every other page.
 */
export async function openMailbox(from: Page | Browser): Promise<Page> {
  const browser = "context" in from ? from.context().browser()! : from;
  // an explicit (empty) extraHTTPHeaders: the test's own forwarded header is not inherited
  const context = await browser.newContext({ extraHTTPHeaders: {} });
  mailboxes.push(context);
  if (base.info().project.use.javaScriptEnabled === false) keepPages(context);
  const page = await context.newPage();
  await page.goto("/dev/outbox");
  return page;
}

/**
 * On a sign-in page after "Send code": the 6-digit code in the mailbox's message whose subject
 * carries `reference` (the code sent to this browser; other tests may be signing in too).
 */
export async function codeFromMailbox(from: Page | Browser, reference: string) {
  const mailbox = await openMailbox(from);
  await mailbox
    .getByRole("row")
    .filter({ hasText: new RegExp(`(reference|referencia) ${reference}\\)`) })
    .getByRole("link")
    .first()
    .click();
  const code = /\b(\d{6})\b/.exec((await mailbox.getByTestId("message-text").textContent()) ?? "")![1]!;
  await mailbox.context().close();
  return code;
}

/** A rep made for one test: what they type and what the store shows. */
export interface TestRep {
  code: string;
  first: string;
  last: string;
  name: string;
  email: string;
}

/** A group admin made for one test: the name the sign-in page lists and the e-mail it masks. */
export interface TestGroupAdmin {
  first: string;
  last: string;
  name: string;
  email: string;
}

/** A group made for one test, with two admins: the code an employee types and the company it confirms. */
export interface TestGroup {
  code: string;
  company: string;
  admins: [TestGroupAdmin, TestGroupAdmin];
}

/** n written in the letters a–z (0 → "a", 26 → "ba"). */
function letters(n: number): string {
  return (n >= 26 ? letters(Math.floor(n / 26)) : "") + String.fromCharCode(97 + (n % 26));
}

/** The fixtures' operator, signed in once per worker in a browser of its own, making reps. */
interface ConsoleWorker {
  newRep(label: string, baseURL: string): Promise<TestRep>;
  newGroup(label: string, baseURL: string): Promise<TestGroup>;
}

async function operatorSignsIn(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Work e-mail address").fill(FIXTURES_OPERATOR.email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/admin\/code$/);
  const reference = /([A-HJ-NP-Z2-9]{4})\.?\s*$/.exec((await page.getByTestId("code-reference").textContent()) ?? "")![1]!;
  await page.getByLabel("Sign-in code").fill(await codeFromMailbox(page, reference));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

export const test = base.extend<
  {
    a11y: (page: Page, options?: { jsEnabled?: boolean }) => Promise<void>;
    jsEnabled: boolean;
    rep: TestRep;
    group: TestGroup;
    _mailboxes: undefined;
  },
  { axeWorker: AxeWorker; consoleWorker: ConsoleWorker }
>({
  // Every context and request the test opens comes through the proxy from the test's own address
  // (Playwright gives browser.newContext() and `request` the test's options too).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use(behindProxy(testInfo.workerIndex));
  },
  _mailboxes: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
    async ({}, use) => {
      await use(undefined);
      for (const context of mailboxes.splice(0)) await context.close();
    },
    { auto: true },
  ],
  consoleWorker: [
    async ({ browser }, use, workerInfo) => {
      // one signed-in console per server (the idle-limit server has its own database)
      const consoles = new Map<string, Page>();
      let made = 0;
      const tag = `${workerInfo.workerIndex.toString(36)}${randomBytes(2).toString("hex")}`.toUpperCase();
      /** The worker's console on this server, signed in, at `path`. */
      async function consoleAt(baseURL: string, path: string) {
        let page = consoles.get(baseURL);
        if (!page) {
          const context = await browser.newContext({
            baseURL,
            javaScriptEnabled: true,
            extraHTTPHeaders: behindProxy(workerInfo.workerIndex),
          });
          page = await context.newPage();
          consoles.set(baseURL, page);
          await operatorSignsIn(page);
        }
        await page.goto(path);
        // a worker's console session outlived its idle limit: the operator signs in again
        if (!page.url().endsWith(path)) {
          await operatorSignsIn(page);
          await page.goto(path);
        }
        return page;
      }
      await use({
        async newRep(label, baseURL) {
          const page = await consoleAt(baseURL, "/admin/reps/new");
          made += 1;
          const code = `T${tag}X${made}`;
          // a name of letters only (the agreement's broker name takes no digits), unique in the run
          const last = `${label === "off" ? "Offrep" : "Onrep"}${letters(workerInfo.workerIndex)}${letters(made)}`;
          const rep = { code, first: "Tess", last, email: `rep.${code.toLowerCase()}@example.com` };
          await page.getByLabel("Access code").fill(code);
          await page.getByLabel("Landing page address").fill(`test-rep-${code.toLowerCase()}`);
          await page.getByLabel("First name").fill(rep.first);
          await page.getByLabel("Last name").fill(rep.last);
          await page.getByLabel("E-mail", { exact: true }).fill(rep.email);
          await page.getByLabel("Phone", { exact: true }).fill("2145550142");
          await page.getByLabel("Direct to Consumer").check();
          await page.getByRole("button", { name: "Create rep" }).click();
          await expect(page).toHaveURL(/\/admin\/reps\/\d+\?saved=1$/);
          return { ...rep, name: `${rep.first} ${rep.last}` };
        },
        async newGroup(label, baseURL) {
          const page = await consoleAt(baseURL, "/admin/groups/new");
          made += 1;
          const code = `G${tag}X${made}`;
          // letters only, unique in the run (the agreement's group name is plain text)
          const company = `${label === "off" ? "Offgroup" : "Ongroup"} ${letters(workerInfo.workerIndex)}${letters(made)} Freight Inc.`;
          const form = page.locator("form#group");
          await form.getByLabel("Enrollment code").fill(code);
          await form.getByLabel("Company name").fill(company);
          // the group home is reached through the group's landing page (no address: a configuration error)
          await form.getByLabel("Landing page address").fill(`test-group-${code.toLowerCase()}`);
          await form.getByLabel("Street address").fill("1845 Commerce Street");
          await form.getByLabel("City").fill("Dallas");
          await form.getByLabel("State").fill("TX");
          await form.getByLabel("ZIP code").fill("75201");
          await page.getByRole("button", { name: "Create group" }).click();
          await expect(page).toHaveURL(/\/admin\/groups\/\d+\?saved=1$/);
          const admins = [] as TestGroupAdmin[];
          for (const [first, last] of [
            ["Dora", `Admin${letters(workerInfo.workerIndex)}${letters(made)}`],
            ["Tobias", `Second${letters(workerInfo.workerIndex)}${letters(made)}`],
          ] as const) {
            const admin = { first, last, name: `${first} ${last}`, email: `${first.toLowerCase()}.${code.toLowerCase()}@example.com` };
            const add = page.locator("form#group-admin");
            await add.getByLabel("First name").fill(admin.first);
            await add.getByLabel("Last name").fill(admin.last);
            await add.getByLabel("E-mail").fill(admin.email);
            await page.getByRole("button", { name: "Add admin" }).click();
            await expect(page).toHaveURL(/\/admin\/groups\/\d+\?saved=1$/);
            await expect(page.getByText(admin.name).first()).toBeVisible();
            admins.push(admin);
          }
          return { code, company, admins: [admins[0]!, admins[1]!] };
        },
      });
      for (const page of consoles.values()) await page.context().close();
    },
    { scope: "worker" },
  ],
  rep: async ({ consoleWorker, baseURL }, use, testInfo) => {
    await use(await consoleWorker.newRep(testInfo.project.use.javaScriptEnabled === false ? "off" : "on", baseURL!));
  },
  group: async ({ consoleWorker, baseURL }, use, testInfo) => {
    await use(await consoleWorker.newGroup(testInfo.project.use.javaScriptEnabled === false ? "off" : "on", baseURL!));
  },
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
        problems.push(`console: ${m.text()} (on ${page.url()}, from ${m.location().url}:${m.location().lineNumber})`);
    });
    await use(page);
    expect(problems, "browser errors").toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.use.javaScriptEnabled !== false);
  },
  // (a test that drives a page of the other kind beside its own says so: `{ jsEnabled: false }`)
  a11y: async ({ jsEnabled: projectJs, axeWorker }, use) => {
    await use(async (page: Page, options?: { jsEnabled?: boolean }) => {
      const jsEnabled = options?.jsEnabled ?? projectJs;
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
export type { Page, TestInfo };
