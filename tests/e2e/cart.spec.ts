import { test, expect, openMailbox, type Page } from "./fixtures";
import { addPlanToCart, quoteFromHome } from "./journeys";

async function quoteAndAdd(page: Page, codes: string[]) {
  await quoteFromHome(page);
  for (const code of codes) await addPlanToCart(page, code);
}

test.describe("cart", () => {
  test("remove with confirmation → save cart → e-mail in the outbox → proceed → personal info", async ({ page, a11y, jsEnabled }) => {
    await quoteAndAdd(page, ["BSD-PPO-ESS", "CVV-BASIC"]);
    await expect(page.getByTestId("cart-count")).toHaveText("2 plans");
    await a11y(page);
    const table = page.getByTestId("cart-table");
    await table
      .getByRole("link", { name: /^Remove .* from the cart$/ })
      .last()
      .click();
    const dialog = page.getByRole("dialog", { name: "Remove plan" });
    await expect(dialog).toBeVisible();
    await a11y(page);
    await dialog.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByTestId("flash")).toContainText("The plan was removed from your cart.");
    await expect(page.getByTestId("cart-count")).toHaveText("1 plan");
    await expect(table.locator("tbody tr")).toHaveCount(1);

    // Save Cart: a bad address, then a preview, then the real thing
    await page.getByRole("link", { name: "Save Cart" }).click();
    const save = page.getByRole("dialog", { name: "Save cart: e-mail this quote" });
    await save.getByLabel("Name").fill("Ana María");
    await save.getByLabel("E-mail address").fill("ana@example");
    await save.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText("Please enter valid email address").first()).toBeVisible();
    await a11y(page);
    await page
      .getByRole("dialog")
      .getByLabel("E-mail address")
      .fill(`ana-${jsEnabled ? "js" : "nojs"}@example.com`);
    await page.getByRole("dialog").getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("quote-preview")).toContainText("BrightSmile Essential Dental PPO");
    await a11y(page);
    await page.getByRole("dialog").getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByTestId("quote-sent")).toHaveText(`We sent your quote to ana-${jsEnabled ? "js" : "nojs"}@example.com.`);
    await a11y(page);

    // the e-mail is in the outbox, with a link back to this cart
    const mailbox = await openMailbox(page);
    await mailbox
      .getByRole("row")
      .filter({ hasText: `ana-${jsEnabled ? "js" : "nojs"}@example.com` })
      .getByRole("link", { name: /Your plan quote from/ })
      .first()
      .click();
    await expect(mailbox.getByTestId("recipient")).toHaveText(`ana-${jsEnabled ? "js" : "nojs"}@example.com`);
    const text = await mailbox.getByTestId("message-text").textContent();
    expect(text).toContain("BrightSmile Essential Dental PPO");
    const link = /http:\/\/localhost:\d+\/quote\/[A-Za-z0-9_-]+/.exec(text ?? "")![0];
    await a11y(mailbox);

    // the link shows the quote in a fresh browser; its button opens a copy of the cart there
    const other = await page.context().browser()!.newContext({ javaScriptEnabled: jsEnabled });
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Your quote");
    await expect(otherPage.getByTestId("quote-lines")).toContainText("BrightSmile Essential Dental PPO");
    await a11y(otherPage);
    await otherPage.getByRole("button", { name: "Open this quote in my cart" }).click();
    await expect(otherPage).toHaveURL(/\/cart$/);
    await expect(otherPage.getByTestId("cart-table")).toContainText("BrightSmile Essential Dental PPO");
    // the decline link only stops the reminders; Go to Home leads to the home page
    const declineLink = /http:\/\/localhost:\d+\/decline-reminder-email\?token=[A-Za-z0-9_-]+/.exec(text ?? "")![0];
    const third = await page.context().browser()!.newContext({ javaScriptEnabled: jsEnabled });
    const thirdPage = await third.newPage();
    await thirdPage.goto(declineLink);
    await thirdPage.getByRole("button", { name: "Stop reminders" }).click();
    await expect(thirdPage.getByRole("heading", { level: 1 })).toHaveText("Thank you");
    await expect(thirdPage.getByTestId("cart-count")).toHaveText("0 plans");
    await a11y(thirdPage);
    await thirdPage.getByRole("button", { name: "Go to Home" }).click();
    await expect(thirdPage).toHaveURL(/\/$/);
    await third.close();
    await other.close();

    // proceed
    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed" }).click();
    await expect(page.getByTestId("effective-as-of")).toContainText("Your plans will be effective as of");
    await a11y(page);
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
  });

  test("Cancel Enrollment asks first, then empties the cart", async ({ page, a11y }) => {
    await quoteAndAdd(page, ["BSD-PPO-ESS"]);
    await page.getByRole("link", { name: "Cancel Enrollment" }).click();
    await expect(page.getByRole("dialog", { name: "Cancel Enrollment" })).toBeVisible();
    await a11y(page);
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByTestId("cart-count")).toHaveText("0 plans");
  });
});
