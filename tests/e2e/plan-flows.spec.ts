import { test, expect, type Page } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";
import { DEMO } from "../../app/.server/db/seed";

async function quote(page: Page, category: string, zip = "75201") {
  await page.goto("/");
  const form = page.locator("form#quote");
  await form.getByLabel("ZIP code").fill(zip);
  await form.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
  await form.getByLabel("Male", { exact: true }).check();
  await form.getByLabel("Category").selectOption(category);
  await form.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(new RegExp(`/plans\\?type=${category}$`));
}

test.describe("plan page flows", () => {
  test("eligibility questions: Yes required, then the price and Add to Cart", async ({ page, a11y }) => {
    await quote(page, "guaranteed");
    await page.goto(`/plan/${planId(DEMO.plans.eligibility)}/x`);
    await expect(page.getByRole("heading", { name: "Eligibility questions" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toHaveCount(0);
    // counts are snapshots: wait for the end of the form (its Submit button) so every question is in the page
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    const yesNo = page.locator("fieldset");
    const count = await yesNo.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await yesNo.nth(i).getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please answer yes in order to continue").first()).toBeVisible();
    await a11y(page);
    for (let i = 0; i < count; i++) {
      const hint = await yesNo.nth(i).textContent();
      await yesNo
        .nth(i)
        .getByLabel(hint?.includes("Yes/No") ? "No" : "Yes", { exact: true })
        .check();
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("Enroll Now: health questions, then Add to Cart", async ({ page, a11y }) => {
    await quote(page, "critical_illness");
    await page.goto(`/plan/${planId(DEMO.plans.enrollQuestions)}/x`);
    await page.getByRole("link", { name: "Enroll Now" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Health questions" })).toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please answer all questions").first()).toBeVisible();
    await a11y(page);
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    const sets = page.locator("fieldset");
    expect(await sets.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await sets.count()); i++) await sets.nth(i).getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("flash")).toContainText("You can now add this plan to your cart.");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("salary dialog turns salaryError into a price", async ({ page, a11y }) => {
    await quote(page, "disability");
    await page.goto(`/plan/${planId(DEMO.plans.salaryError)}/x`);
    await page.getByTestId("pricing-error").getByRole("link", { name: "clicking here" }).click();
    const dialog = page.getByRole("dialog", { name: "Annual salary" });
    await dialog.getByLabel("Annual salary").fill("abc");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter your annual salary in whole dollars").first()).toBeVisible();
    await a11y(page);
    await page.getByRole("dialog", { name: "Annual salary" }).getByLabel("Annual salary").fill("52000");
    await page.getByRole("dialog", { name: "Annual salary" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("pricing-error")).toHaveCount(0);
    await expect(page.getByTestId("salary-summary")).toContainText("$52,000");
    await expect(page.getByTestId("price-card").first()).toContainText("/month");
    await a11y(page);
  });

  test("tobacco dialog turns smokerError into a price", async ({ page }) => {
    await quote(page, "term_life");
    await page.goto(`/plan/${planId(DEMO.plans.smokerError)}/x`);
    await page.getByTestId("pricing-error").getByRole("link", { name: "clicking here" }).click();
    await page.getByRole("dialog", { name: "Tobacco usage" }).getByLabel("No", { exact: true }).check();
    await page.getByRole("dialog", { name: "Tobacco usage" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("price-card").first()).toContainText("Coverage amount");
  });

  test("a membership-required plan adds the $5.00 wellness membership with it", async ({ page, a11y }) => {
    await quote(page, "limited_medical");
    await page.goto(`/plan/${planId(DEMO.plans.membershipRequired)}/x`);
    await expect(page.getByTestId("membership-card")).toContainText("$5.00");
    await page.getByRole("link", { name: "Choose membership" }).click();
    await a11y(page);
    await page.getByRole("dialog").getByRole("link", { name: "Select this membership" }).first().click();
    await expect(page.getByTestId("membership-chosen")).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-count")).toHaveText("2 plans");
  });

  test("the older two-step quote needs both fields on step two", async ({ page, a11y }) => {
    await page.goto("/new-landing");
    await page.getByLabel("Category").selectOption("vision");
    await page.getByLabel("ZIP code").fill("33131");
    await page.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/step=2/);
    await page.getByLabel("Male", { exact: true }).check();
    await page.getByRole("button", { name: "See plans" }).click();
    await expect(page.getByText("Please fill the both fields.").first()).toBeVisible();
    await a11y(page);
    await page.getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/new-plans$/);
    await expect(page.getByRole("heading", { name: "Vision", level: 2 })).toBeVisible();
    await a11y(page);
  });

  test("recommended products page", async ({ page, a11y }) => {
    await quote(page, "dental");
    await page.goto("/recommend-list?name=plans");
    await expect(page.getByRole("heading", { level: 1, name: "Recommended Products" })).toBeVisible();
    await expect(page.getByText(/Starting From: \$/).first()).toBeVisible();
    await a11y(page);
  });
});
