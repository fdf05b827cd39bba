/**
 * Issue 26 #14, in the browser (JavaScript off and on): "Email Already Exists." says what to do
 * next, with links; address line 2 is there; with JavaScript a changed ZIP clears the state and a
 * ZIP that gives no state says so at once; Complete Enrollment is disabled from the click; the
 * receipt of an applicant with no representative does not mention one.
 */
import { test, expect, drawSignature } from "./fixtures";
import { addPlanToCart, fillPersonal, payByBankDraft, quoteFromHome } from "./journeys";

test.describe("issue 26: the wizard's small things", () => {
  test("an applicant meets 'Email Already Exists.' with a way forward, and completes once", async ({ page, a11y, jsEnabled }) => {
    test.setTimeout(180_000);
    const last = `Moreno${jsEnabled ? "js" : "nojs"}`;
    await quoteFromHome(page);
    await addPlanToCart(page, "BSD-PPO-ESS");
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
    await fillPersonal(page, { first: "Irene", last, marital: "Single", ssn: "234-56-7811" });

    // Contact: a member's address
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await expect(page.getByLabel("Apartment, suite or unit")).toBeVisible();
    await page.getByLabel("E-mail address").fill("linda.nguyen@example.com");
    const n = Date.now();
    await page.getByLabel("Phone number").fill(`214630${1000 + (n % 8999)}`);
    await page.getByLabel("Street address").fill("100 Main St");
    await page.getByLabel("Apartment, suite or unit").fill("Apt 4B");
    await page.getByLabel("City", { exact: true }).fill("Dallas");
    const zip = page.getByLabel("ZIP code");
    const state = page.getByLabel("State", { exact: true });
    if (jsEnabled) {
      // the state comes from the ZIP; a changed ZIP clears it; an unknown ZIP says so at once
      await zip.fill("75201");
      await expect(state).toHaveValue("TX");
      await zip.fill("7520");
      await expect(state).toHaveValue("");
      await zip.fill("00000");
      await expect(page.getByTestId("zip-lookup")).toHaveText("Invalid Zip code");
      await expect(state).toHaveValue("");
      await a11y(page);
      await zip.fill("75201");
      await expect(state).toHaveValue("TX");
      await expect(page.getByTestId("zip-lookup")).toHaveText("");
    } else {
      await zip.fill("75201");
      await state.selectOption("TX");
    }
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Email Already Exists.").first()).toBeVisible();
    const help = page.getByTestId("email-taken-help");
    await expect(help.getByRole("link", { name: "Continue an enrollment you saved" })).toHaveAttribute("href", "/continue-enrollment");
    await expect(help).toContainText("use another e-mail address above");
    await expect(help.getByRole("link", { name: /sign in as a member/ })).toHaveAttribute("href", /members\/dashboard/);
    await expect(page.getByLabel("Apartment, suite or unit")).toHaveValue("Apt 4B");
    await a11y(page);

    // another address goes on
    await page.getByLabel("E-mail address").fill(`irene.${jsEnabled ? "js" : "nojs"}${n}@gmail.com`);
    if (!jsEnabled) await state.selectOption("TX");
    await page.getByRole("button", { name: "Next" }).click();

    // Agreement: the applicant signs
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    for (const box of await page.getByRole("checkbox", { name: /I have read and accept/ }).all()) await box.check();
    await page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ }).check();
    if (jsEnabled) await drawSignature(page);
    else {
      await page.getByLabel("Your full name", { exact: true }).last().fill(`Irene ${last}`);
      await page.getByLabel("I agree that typing my name is my electronic signature").check();
    }
    await page.getByRole("button", { name: "Next" }).click();
    await payByBankDraft(page, `Irene ${last}`, "000987654322");

    // Review: Complete Enrollment is disabled from the click (with JavaScript)
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    const complete = page.getByTestId("complete-enrollment");
    if (jsEnabled) {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/enrollment/review-confirm**", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await complete.click();
      await expect(complete).toBeDisabled();
      await expect(complete).toHaveAttribute("aria-disabled", "true");
      release();
    } else await complete.click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    await expect(page.getByTestId("receipt-emailed")).toHaveText('A receipt with the subject "Enrollment Receipt" has been sent to you.');
    // issue 29: per plan, where the enrollment stands at its carrier — not sent yet, in words
    await expect(page.getByRole("heading", { name: "Where your enrollment stands with each carrier" })).toBeVisible();
    await expect(page.getByTestId("carrier-status-item").first()).toContainText("We will send your enrollment to");
    await a11y(page);
  });
});
