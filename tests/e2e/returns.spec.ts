import { test, expect, openMailbox } from "./fixtures";
import { fillContact, fillPersonal, repStartsDirectEnrollment } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

/**
 * Issue 13, points 6–9 in the browser: an apostrophe in the applicant's name goes through to
 * billing, the review shows every answer (the masked account, height, weight…) with Change links, Back around the review goes
 * where the step list says, a completed enrollment's direct link opens its receipt in another
 * browser, and a bad link shows the site's 404 page.
 */
test.describe("ways back into an enrollment", () => {
  test("O'Neil through billing, Back around the review, the direct link of a completed enrollment, a bad link", async ({
    page,
    rep,
    a11y,
    jsEnabled,
    browser,
  }) => {
    test.setTimeout(180_000);
    const last = `O'Neil${jsEnabled ? "js" : "nojs"}`;
    const n = Date.now();

    // A rep starts a direct enrollment with a dental plan
    await repStartsDirectEnrollment(page, rep.code);
    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("03/08/1981");
    await quote.getByLabel("Male", { exact: true }).check();
    await quote.getByLabel("Category").selectOption("dental");
    await quote.getByRole("button", { name: "See plans" }).click();
    // the quote is saved before the next page opens (with JavaScript the form is sent by fetch)
    await expect(page).toHaveURL(/\/plans/);
    await page.goto(`/plan/${planId("BSD-PPO-ESS")}/x`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();

    // Personal (an apostrophe in the last name) and contact
    await fillPersonal(page, { first: "John", last, marital: "Single", ssn: "234-56-7801" });
    await fillContact(page, { email: `john.${n}@gmail.com`, phone: `972240${1000 + (n % 8999)}`, jsEnabled });

    // Agreement: the broker verifies, the applicant types his name
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(agreements).toHaveCount(3);
    for (const box of await agreements.all()) await box.check();
    await page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ }).check();
    await page.getByLabel("Broker name").fill("Jane D'Arcy");
    await page.getByLabel("Broker code").fill(rep.code);
    await page.getByLabel("Your full name", { exact: true }).last().fill(`John ${last}`);
    await page.getByLabel("I agree that typing my name is my electronic signature").check();
    await page.getByRole("button", { name: "Next" }).click();

    // Billing: the account holder name comes prefilled with the apostrophe, and is accepted as it is
    await expect(page).toHaveURL(/\/enrollment\/billing-information$/);
    await expect(page.getByLabel("Account holder name")).toHaveValue(`John ${last}`);
    await page.getByLabel("Routing number").fill("021000021");
    await page.getByLabel("Bank name").fill("JPMORGAN CHASE BANK");
    await page.getByLabel("Account number").fill("000111226789");
    await page.getByLabel("Checking", { exact: true }).check();
    await page.getByLabel("Individual", { exact: true }).check();
    await page.getByRole("button", { name: "Next" }).click();

    // Review ("Check your answers"): every answer in a summary list — the personal step's height,
    // weight, gender and prior coverage among them — the billing with the masked account, never the number
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    const personal = page.getByTestId("tile-primary_info");
    for (const [key, value] of [
      ["Name", `John ${last}`],
      ["Gender", "Male"],
      ["Height", "5 ft 6 in"],
      ["Weight (lbs)", "140"],
      ["Social Security Number", "XXX-XX-7801"],
      ["Prior health coverage", "I had no prior health coverage"],
    ])
      await expect(
        personal
          .locator("dl > div", { has: page.locator("dt", { hasText: key }) })
          .first()
          .locator("dd")
          .first(),
      ).toHaveText(value);
    await expect(personal).not.toContainText("234-56-7801");
    const billing = page.getByTestId("tile-billing_info");
    await expect(billing).toContainText("Bank Draft (EFT)");
    await expect(billing).toContainText("Checking ••••6789");
    await expect(page.locator("main")).not.toContainText("000111226789");
    await a11y(page);

    // A row's Change link opens its step (a plain link: JavaScript off too); the save comes back to the review
    await personal.getByRole("link", { name: "Change Weight (lbs)" }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
    await page.getByLabel("Weight (lbs)").fill("152");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await expect(
      personal
        .locator("dl > div", { has: page.locator("dt", { hasText: "Weight (lbs)" }) })
        .locator("dd")
        .first(),
    ).toHaveText("152");

    // Review's Back goes to the step before it (billing)
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/enrollment\/billing-information$/);
    await page.goto("/enrollment/review-confirm");

    // Change on the personal step: its Back goes to the review, not the cart
    await page.getByRole("link", { name: "Change Personal Information" }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);

    // An abandoned edit (contact opened, not saved, Back): the review's Back still goes to billing, not to itself
    await page.getByRole("link", { name: "Change Contact Information" }).click();
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/enrollment/billing-information");
    await a11y(page);

    // Save & Continue Later from the review, then complete
    const resumeEmail = `returns.${jsEnabled ? "js" : "nojs"}.${n}@gmail.com`;
    await page.getByRole("button", { name: "Save & Continue Later" }).click();
    const later = page.getByRole("dialog", { name: "Save & Continue Later" });
    await later.getByLabel("E-mail address for the code").fill(resumeEmail);
    await later.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("save-later-sent")).toBeVisible();
    await page.getByRole("link", { name: "Continue Current Enrollment" }).click();
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    const confirmation = (await page.getByTestId("confirmation-number").textContent())!;
    expect(confirmation).toMatch(/^BS-\d{4}-/);

    // The save-for-later e-mail's direct link
    const mailbox = await openMailbox(page);
    await mailbox.getByRole("row").filter({ hasText: resumeEmail }).getByRole("link").first().click();
    const text = (await mailbox.getByTestId("message-text").textContent()) ?? "";
    const link = /\/direct-continue\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/.exec(text)![0];

    // Opened later in another browser: it says the enrollment is complete, and opens nothing —
    // no receipt, no confirmation number, no PDF (issue 23)
    const fresh = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const other = await fresh.newPage();
    const gone = await other.goto(link);
    expect(gone?.status()).toBe(410);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("This enrollment is already complete");
    await expect(other.getByText(confirmation)).toHaveCount(0);
    await expect(other.getByTestId("download-record")).toHaveCount(0);
    await a11y(other);
    await other.goto("/enrollment/receipt");
    await expect(other).not.toHaveURL(/\/enrollment\/receipt$/);

    // A link that is not one: the site's 404 page, with a way home
    const bad = await other.goto("/direct-continue/QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVowMTIzNDU2Nzg5/cmV2aWV3X2luZm8");
    expect(bad?.status()).toBe(404);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("OOPS! Page not found");
    await expect(other.getByRole("link", { name: "Back to Homepage" })).toBeVisible();
    await a11y(other);
    await fresh.close();
  });
});
