/**
 * Accessibility and small screens (issue 14): the error summary names each field, "Add to
 * cart" says its visible text, headings in order, the current members at 320 px, the contact
 * and address fields with JavaScript, the dialog backdrop without it, cache headers and the
 * meta description. The HTML validator runs over every JS-off page after the run
 * (validate-html.ts).
 */
import { readFileSync } from "node:fs";
import { test, expect, type Page } from "./fixtures";
import { groupEmployeeToWizard, quoteFromHome, repSignsIn } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

const locale = (lng: "en" | "es") => JSON.parse(readFileSync(`public/locales/${lng}/common.json`, "utf8"));
const en = locale("en");
const es = locale("es");

/** Headings in document order: one h1, first, and never a level skipped on the way down. */
async function headingProblems(page: Page) {
  const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
  const problems: string[] = [];
  if (levels.filter((l) => l === 1).length !== 1) problems.push(`${levels.filter((l) => l === 1).length} h1`);
  if (levels[0] !== 1) problems.push(`first heading is h${levels[0]}`);
  levels.forEach((l, i) => {
    if (i > 0 && l > levels[i - 1] + 1) problems.push(`h${levels[i - 1]} → h${l}`);
  });
  return problems;
}

const quoteDental = (page: Page) => quoteFromHome(page, { gender: "Male" });

/** Each link of the error summary: "<the field's label>: <its message>", in the order of the fields on the page. */
async function summaryLinks(page: Page) {
  return page.locator(".error-summary a").evaluateAll((links) =>
    links.map((a) => {
      const target = document.getElementById(decodeURIComponent(a.getAttribute("href")!.slice(1)));
      const label =
        target?.tagName === "FIELDSET"
          ? target.querySelector("legend")?.textContent
          : target
            ? document.querySelector(`label[for="${target.id}"]`)?.textContent
            : null;
      const error = target ? document.getElementById(`${target.id}-error`)?.textContent : null;
      return {
        text: a.textContent!.trim(),
        label: (label ?? "").trim(),
        error: (error ?? "").trim(),
        top: target ? target.getBoundingClientRect().top + window.scrollY : -1,
      };
    }),
  );
}

test.describe("accessibility and small screens", () => {
  test("the error summary names each field with its message, in the form's order, in English and Spanish", async ({
    page,
    a11y,
    group,
  }) => {
    await groupEmployeeToWizard(page, group);
    await page.getByRole("button", { name: "Next" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link").first()).toHaveText("First name: Field is required");
    const links = await summaryLinks(page);
    expect(links.length).toBeGreaterThan(3);
    for (const l of links) {
      expect(l.label, `the summary link "${l.text}" points to a labelled field`).not.toBe("");
      expect(l.text.startsWith(`${l.label}: `), `"${l.text}" starts with its field's label "${l.label}"`).toBe(true);
      // beside the field, the spec's message word for word (after the hidden "Error:")
      expect(l.error.replace(/^Error:\s*/, "")).toBe(l.text.slice(l.label.length + 2));
    }
    expect(links.map((l) => l.top)).toEqual([...links.map((l) => l.top)].sort((a, b) => a - b));
    expect(links.find((l) => l.label === "First name")!.error).toBe("Error: Field is required");
    await a11y(page);

    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: es.wizard.next }).click();
    await expect(page.locator(".error-summary a").first()).toHaveText(`${es.personal.firstName}: ${es.validation.required}`);
    for (const l of await summaryLinks(page)) expect(l.text.startsWith(`${l.label}: `), l.text).toBe(true);
    await a11y(page);
  });

  test("Add to cart names its plan after its visible text; plan and confirmation headings in order; the meta description", async ({
    page,
    a11y,
  }) => {
    await page.goto("/");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", en.meta.description);
    await quoteDental(page);
    // WCAG 2.5.3 Label in Name: the name starts with what the button shows
    const add = page.getByRole("button", { name: "Add to cart: BrightSmile Premier Dental PPO", exact: true });
    await expect(add).toBeVisible();
    await expect(add).toHaveText(/^\+?\s*Add to cart/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    expect(await headingProblems(page)).toEqual([]);

    // a term life plan's FAQ comes under "About this plan" (h2): its questions are h3
    await page.goto(`/plan/${planId("SML-TERM20")}/x`);
    await expect(page.locator("details h3").first()).toBeAttached();
    expect(await headingProblems(page)).toEqual([]);
    await a11y(page);

    // /confirmation is a page of its own: its title is its h1
    await page.goto(`/plan/${planId("SML-TERM20")}/x`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole("button", { name: "Proceed" }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your effective date");
    expect(await headingProblems(page)).toEqual([]);
    await a11y(page);
  });

  test("the 404 page is titled by what went wrong, in both languages; /__manifest has one caching", async ({ page, request }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle(`${en.pageTitle.notFound} · Benefit Store`);
    expect(await headingProblems(page)).toEqual([]);
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle(new RegExp(`^${es.pageTitle.notFound} · `));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", es.meta.description);

    // the route manifest (lazy route discovery) is public and immutable for one build, and says only that
    const version = /"version":\s*"([^"]+)"/.exec(await (await request.get("/")).text())![1];
    const manifest = await request.get(`/__manifest?p=%2Fcart&version=${version}`);
    expect(manifest.status()).toBe(200);
    const cache = manifest.headers()["cache-control"];
    expect(cache).toContain("immutable");
    expect(cache).not.toContain("no-store");
    // pages stay no-store
    expect((await request.get("/")).headers()["cache-control"]).toBe("no-store");
  });

  test("the current members fit a 320 px screen in both languages", async ({ page, a11y }) => {
    await repSignsIn(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/agent-select-member");
    await expect(page.getByTestId("members-table")).toBeVisible();
    const fits = () =>
      page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    let size = await fits();
    expect(size.scroll, "the page does not scroll sideways at 320 px").toBeLessThanOrEqual(size.client);
    await a11y(page);
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    size = await fits();
    expect(size.scroll, "nor in Spanish").toBeLessThanOrEqual(size.client);
    await a11y(page);
  });

  test("without JavaScript a dialog's backdrop covers the whole page", async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "with JavaScript the backdrop is fixed to the window");
    await quoteDental(page);
    await page.goto("/plans?type=dental&dialog=basic");
    const cover = await page
      .getByTestId("dialog-backdrop")
      .evaluate((el) => ({ height: el.getBoundingClientRect().height, page: document.documentElement.scrollHeight }));
    expect(cover.page).toBeGreaterThan(1000);
    // scrollHeight is rounded to whole pixels; the backdrop's height may end in a fraction of one
    expect(Math.ceil(cover.height)).toBeGreaterThanOrEqual(cover.page);
  });

  test("contact step: Skip Email Validation ticks and stays; a State chosen after the ZIP stays", async ({ page, jsEnabled, group }) => {
    await groupEmployeeToWizard(page, group);
    await page.getByLabel("First name").fill("Rosa");
    await page.getByLabel("Last name").fill("Diaz");
    await page.getByLabel("Feet").fill("5");
    await page.getByLabel("Inches").fill("6");
    await page.getByLabel("Weight (lbs)").fill("140");
    await page.getByLabel("Single").check();
    await page.getByLabel("Social Security Number").fill("123-45-6789");
    await page.getByLabel("I had no prior health coverage").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await page.getByLabel("E-mail address").fill(`rosa.${jsEnabled ? "js" : "nojs"}.${Date.now()}@example.com`);
    await page.getByLabel("Phone number").fill("2145550234");
    await page.getByLabel("Street address").fill("100 Main St");
    await page.getByLabel("City", { exact: true }).fill("Dallas");
    await page.getByLabel("ZIP code").fill("75201");
    const state = page.getByLabel("State", { exact: true });
    // with JavaScript the ZIP fills the State (the quote's TX at first); the State chosen after a new ZIP stays
    await page.getByLabel("ZIP code").fill("10001");
    if (jsEnabled) await expect(state).toHaveValue("NY");
    await state.selectOption("NY");
    await expect(state).toHaveValue("NY");
    await page.getByLabel("ZIP code").fill("75201");
    if (jsEnabled) await expect(state).toHaveValue("TX");
    await state.selectOption("TX");
    await expect(state).toHaveValue("TX");
    await page.getByLabel("State of birth").selectOption("TX");
    await page.getByLabel("City of birth").fill("Austin");
    await page.getByRole("button", { name: "Next" }).click();
    const flagged = page.getByTestId("email-flagged");
    await expect(flagged).toBeVisible();
    await flagged.getByLabel("Skip Email Validation").check();
    await expect(flagged.getByLabel("Skip Email Validation")).toBeChecked();
    await expect(flagged).toContainText(en.contact.emailFlagged);
  });
});
