import { test, expect, type Page } from "./fixtures";
import { addPlanToCart, quoteFromHome } from "./journeys";

/** The cart, the step list and the review agree: the steps follow the cart after checkout. */

const quote = (page: Page) => quoteFromHome(page);

const addToCart = addPlanToCart;

async function proceed(page: Page) {
  await page.getByRole("button", { name: "Proceed" }).click();
  await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
  await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
}

const progress = (page: Page) => page.getByRole("navigation", { name: "Enrollment steps" });

test.describe("the steps follow the cart", () => {
  test("dental, back to the cart, add term life: the Beneficiary step appears; an emptied cart cannot enroll", async ({ page, a11y }) => {
    await quote(page);
    await addToCart(page, "BSD-PPO-ESS");
    await proceed(page);
    await expect(progress(page)).toBeVisible();
    await expect(progress(page)).not.toContainText("Beneficiary Information");

    // Back on the first step leads to the cart, which stays editable
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await addToCart(page, "SML-TERM20");
    await proceed(page);
    await expect(progress(page)).toContainText("Beneficiary Information");
    await a11y(page);

    // remove every plan: no step opens, the cart says why
    await page.goto("/cart");
    const table = page.getByTestId("cart-table");
    for (let left = 2; left > 0; left--) {
      await table
        .getByRole("link", { name: /^Remove .* from the cart$/ })
        .first()
        .click();
      await page.getByRole("dialog", { name: "Remove plan" }).getByRole("button", { name: "Yes, remove" }).click();
      await expect(page.getByTestId("cart-count")).toHaveText(left - 1 === 1 ? "1 plan" : `${left - 1} plans`);
    }
    await page.goto("/enrollment/review-confirm");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("flash")).toContainText("Add a plan to your cart before you enroll.");
    await a11y(page);
  });
});
