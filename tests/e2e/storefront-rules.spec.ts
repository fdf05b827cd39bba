/**
 * Issue 14, storefront rules, in the browser (JavaScript off and on): the cancer-insurance
 * question mock-up, a rep's quote through the portal chooser on /, the home links that follow
 * the home-target rule, and gender "Others" on the plan page.
 */
import { test, expect, type Page } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";
import { repSignsIn } from "./journeys";

/** Fails the test if the page sends anything but GET requests (the mock-up submits nothing). */
function onlyGets(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() !== "GET") sent.push(`${r.method()} ${r.url()}`);
  });
  return sent;
}

test.describe("storefront rules", () => {
  test("the cancer-insurance question mock-up: yes/no questions, treatment blocks added and removed, nothing sent", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    const sent = onlyGets(page);
    await page.goto("/cancer-insurance-questions");
    await expect(page.getByRole("heading", { level: 1, name: "Cancer insurance medical questions" })).toBeVisible();
    await expect(page.getByTestId("mock-up-notice")).toContainText("Nothing you enter on this page is sent or saved.");
    await a11y(page);

    const first = page.getByRole("group", { name: /diagnosed with, treated for/ });
    await first.getByLabel("Yes", { exact: true }).check();
    await expect(first.getByLabel("Yes", { exact: true })).toBeChecked();
    const one = page.getByRole("group", { name: "Treatment 1", exact: true });
    await one.getByLabel("Condition or diagnosis").fill("Basal cell carcinoma");
    await one.getByLabel("Type of treatment").selectOption("surgery");
    await expect(page.getByRole("group", { name: /^Treatment \d+$/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Remove the last treatment" })).toHaveCount(0);

    await page.getByRole("link", { name: "Add another treatment" }).click();
    await expect(page).toHaveURL(/\?treatments=2#treatment-2$/);
    const two = page.getByRole("group", { name: "Treatment 2", exact: true });
    await expect(two).toBeVisible();
    await expect(page.getByRole("group", { name: /^Treatment \d+$/ })).toHaveCount(2);
    // with JavaScript the page stays, so what was typed stays; without it the page is loaded again
    if (jsEnabled) await expect(one.getByLabel("Condition or diagnosis")).toHaveValue("Basal cell carcinoma");
    await two.getByLabel("Date treatment started").fill("03/01/2021");
    await two.getByRole("group", { name: "Is this treatment complete?" }).getByLabel("No", { exact: true }).check();
    await a11y(page);

    await page.getByRole("link", { name: "Remove the last treatment" }).click();
    await expect(page.getByRole("group", { name: /^Treatment \d+$/ })).toHaveCount(1);
    await expect(page.locator("main form")).toHaveCount(0);
    expect(sent).toEqual([]);

    await page.goto("/cancer-insurance-questions?lng=es");
    await expect(page.getByRole("heading", { level: 1, name: "Preguntas médicas del seguro contra el cáncer" })).toBeVisible();
    await expect(page).toHaveTitle("Preguntas médicas del seguro contra el cáncer · Benefit Store");
    await a11y(page);
    await page.goto("/cancer-insurance-questions?lng=en");
  });

  test("the mock-up reads at 320 px without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/cancer-insurance-questions?treatments=2");
    await expect(page.getByRole("group", { name: "Treatment 2", exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("a rep quoting from / chooses the portal first; their home links lead to the agent home", async ({ page, a11y }) => {
    await repSignsIn(page);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Choose a platform" })).toBeVisible();
    await expect(page.getByLabel("ZIP code")).toHaveCount(0);
    await a11y(page);
    await page.getByRole("button", { name: "Start Direct Enrollment" }).click();
    await expect(page.getByText("Please choose a platform").first()).toBeVisible();
    await page.getByLabel("Direct to Consumer (DIRECT)").check();
    await page.getByRole("button", { name: "Start Direct Enrollment" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("enrolling-for")).toContainText("Direct to Consumer (DIRECT)");

    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await quote.getByLabel("Male", { exact: true }).check();
    await quote.getByLabel("Category").selectOption("dental");
    await quote.getByRole("button", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/plans\?type=dental$/);
    await expect(page.getByTestId("selection-banner")).toContainText("Platform: Direct to Consumer (DIRECT)");

    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await crumbs.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/agent-home$/);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await page.getByRole("link", { name: "Back to Homepage" }).click();
    await expect(page).toHaveURL(/\/agent-home$/);
  });

  test("the plan page's quote offers gender Others, and the quote keeps it", async ({ page, a11y }) => {
    await page.goto("/");
    await expect(page.locator("form#quote").getByLabel("Others", { exact: true })).toHaveCount(0);
    await page.goto(`/plan/${planId("SML-TERM20")}/x?dialog=quote`);
    const dialog = page.getByRole("dialog", { name: "Basic Details" });
    await expect(dialog).toBeVisible();
    await a11y(page);
    await dialog.getByLabel("ZIP code").fill("75201");
    await dialog.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await dialog.getByLabel("Others", { exact: true }).check();
    await dialog.getByRole("button", { name: "See plans" }).click();
    await expect(page.getByTestId("filter-bar")).toContainText("Others");
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true }).first()).toBeVisible();
    await a11y(page);
  });
});
