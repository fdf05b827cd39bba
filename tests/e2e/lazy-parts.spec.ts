/**
 * Parts closed on first paint load their code when shown (app/components/LazyPart.tsx, ADR 013).
 * When the server renders one (a dialog opened by its URL), the browser loads its code before
 * hydrating: no hydration error (React #421), and the dialog works (Escape closes it). The
 * fixture fails a test on any console error or page error.
 */
import { test, expect, type Page } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";
import { DEMO } from "../../app/.server/db/seed";
import { quoteFromHome } from "./journeys";

async function hydrated(page: Page, jsEnabled: boolean) {
  if (jsEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test.describe("lazily loaded parts", () => {
  for (const [label, category, path, dialog] of [
    ["Basic Details on /plans", "dental", () => "/plans?type=dental&dialog=basic", "Basic Details"],
    ["salary on a plan page", "disability", () => `/plan/${planId(DEMO.plans.salaryError)}/x?dialog=salary`, "Annual salary"],
    ["tobacco on a plan page", "term_life", () => `/plan/${planId(DEMO.plans.smokerError)}/x?dialog=tobacco`, "Tobacco usage"],
    [
      "membership on a plan page",
      "limited_medical",
      () => `/plan/${planId(DEMO.plans.membershipRequired)}/x?dialog=membership`,
      "Wellness membership options",
    ],
  ] as const) {
    test(`${label}, opened by its address, is in the page and hydrates`, async ({ page, jsEnabled }) => {
      await quoteFromHome(page, { category });
      await page.goto(path());
      const shown = page.getByRole("dialog", { name: dialog });
      await expect(shown).toBeVisible();
      await expect(page.locator(`template[data-lazy-part]`)).toHaveCount(1);
      await hydrated(page, jsEnabled);
      if (jsEnabled) {
        await page.keyboard.press("Escape");
        await expect(shown).toHaveCount(0);
      }
    });
  }

  test("the eligibility questions of a plan page hydrate, and validate before sending", async ({ page, jsEnabled }) => {
    await quoteFromHome(page, { category: "guaranteed" });
    await page.goto(`/plan/${planId(DEMO.plans.eligibility)}/x`);
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    await hydrated(page, jsEnabled);
    const yesNo = page.locator("fieldset");
    const count = await yesNo.count();
    for (let i = 0; i < count; i++) await yesNo.nth(i).getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please answer yes in order to continue").first()).toBeVisible();
  });

  test("the quote card of /plans before a quote hydrates", async ({ page, jsEnabled }) => {
    await page.goto("/plans");
    await expect(page.locator("form#plans-quote")).toBeVisible();
    await hydrated(page, jsEnabled);
  });

  test("with JavaScript, a dialog opened in the page loads its code then", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the link loads the page with the dialog");
    await quoteFromHome(page);
    await hydrated(page, jsEnabled);
    await expect(page.locator("template[data-lazy-part]")).toHaveCount(0);
    await page.getByTestId("filter-bar").getByRole("link", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Basic Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("ZIP code")).toHaveValue("75201");
  });
});
