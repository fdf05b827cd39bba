import { test, expect, openMailbox, drawSignature } from "./fixtures";
import { fillContact, fillPersonal, payByBankDraft, repStartsDirectEnrollment } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

test.describe("enrollment wizard, quote to receipt", () => {
  test("a rep enrolls a family: health with one Yes, spouse and two children, EFT, signature, receipt, listed under the rep", async ({
    page,
    rep,
    a11y,
    jsEnabled,
  }) => {
    test.setTimeout(300_000);
    const tag = `${jsEnabled ? "js" : "nojs"}${Date.now()}`;
    const last = `Lopez${jsEnabled ? "js" : "nojs"}`;

    // The rep signs in and starts a direct enrollment
    await repStartsDirectEnrollment(page, rep.code);

    // A family quote: spouse and two children → IF
    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await quote.getByLabel("Male", { exact: true }).check();
    await quote.getByLabel("Spouse's date of birth (optional)").fill("05/05/1986");
    await quote.getByLabel("Number of children to cover").selectOption("2");
    await quote.getByLabel("Category").selectOption("medical");
    await quote.getByRole("button", { name: "See plans" }).click();
    await expect(page.getByTestId("filter-bar")).toContainText("Family");
    await page.goto(`/plan/${planId("LUH-SILVER-3000")}/x`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);

    // Personal and contact
    await fillPersonal(page, { first: "Ana", last, marital: "Married", ssn: "123-45-6789" });
    const email = `ana.${tag}@gmail.com`;
    const n = Date.now();
    await fillContact(page, { email, phone: `214720${1000 + (n % 8999)}`, jsEnabled });

    // Health: one Yes with its details
    await expect(page).toHaveURL(/\/enrollment\/health-questions$/);
    await a11y(page);
    const firstQuestion = page
      .locator("fieldset")
      .filter({ has: page.getByRole("radio", { name: "Yes" }) })
      .first();
    await firstQuestion.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Field is required").first()).toBeVisible();
    await a11y(page);
    const details = page.locator("fieldset", { hasText: "Details for question 1" });
    await details.getByLabel("Name of the condition").fill("Asthma");
    await details.getByLabel("Date it started").fill("06/01/2015");
    await details.getByLabel("Date last seen by a doctor").fill("03/01/2024");
    await page.getByRole("button", { name: "Next" }).click();

    // Dependents: a spouse and two children
    await expect(page).toHaveURL(/\/enrollment\/dependent-information$/);
    await expect(page.getByText("Spouse & Child information required")).toBeVisible();
    const people: Array<[string, string, string, string, string]> = [
      ["+ Add Spouse", "Maria", "Female", "05/05/1986", "234-56-7891"],
      ["+ Add Child", "Leo", "Male", "07/07/2015", "345-67-8912"],
      ["+ Add Child", "Sofia", "Female", "09/09/2018", "456-78-9123"],
    ];
    for (const [button, first, gender, dob, ssn] of people) {
      await page.getByRole("link", { name: button }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("First name").fill(first);
      await dialog.getByLabel("Last name").fill(last);
      await dialog.getByLabel(gender, { exact: true }).check();
      await dialog.getByLabel("Date of birth").fill(dob);
      await dialog.getByLabel("Social Security Number").fill(ssn);
      // medical plans ask for each dependent's height and weight
      await dialog.getByLabel("Weight (lbs)").fill(button === "+ Add Spouse" ? "130" : "60");
      await dialog.getByLabel("Feet").fill(button === "+ Add Spouse" ? "5" : "4");
      await dialog.getByLabel("Inches").fill("2");
      await dialog.getByRole("button", { name: "Add dependent" }).click();
      await expect(page.locator("p", { hasText: `${first} ${last}` }).first()).toBeVisible();
    }
    await a11y(page);
    await page.getByRole("button", { name: "Next" }).click();

    // Agreement & signature: the broker's block, then the signature
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    // .all() takes a snapshot: wait until the page has every agreement (three for this cart) before ticking them
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(agreements).toHaveCount(3);
    for (const box of await agreements.all()) await box.check();
    await page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ }).check();
    await page.getByLabel("Broker name").fill(rep.name);
    await page.getByLabel("Broker code").fill(rep.code.toLowerCase());
    if (jsEnabled) {
      await drawSignature(page);
      await expect(page.getByTestId("signature-pad").getByRole("status")).toHaveText("Your signature has been captured.");
    } else {
      await page.getByLabel("Your full name", { exact: true }).last().fill(`Ana ${last}`);
      await page.getByLabel("I agree that typing my name is my electronic signature").check();
    }
    await a11y(page);
    await page.getByRole("button", { name: "Next" }).click();

    // Billing: a bank draft
    await payByBankDraft(page, `Ana ${last}`, "000123456789", a11y);

    // Review → Complete Enrollment → receipt
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await a11y(page);
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    const confirmation = (await page.getByTestId("confirmation-number").textContent())!;
    expect(confirmation).toMatch(/^BS-\d{4}-/);
    await a11y(page);

    // The receipt e-mail is in the outbox
    const mailbox = await openMailbox(page);
    await mailbox.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Enrollment Receipt" }).first().click();
    await expect(mailbox.getByTestId("message-text")).toContainText(confirmation);

    // The new member is in the rep's current members
    await page.goto(`/agent-select-member?q=${encodeURIComponent(last)}`);
    await expect(page.getByRole("table")).toContainText(`Ana ${last}`);
    await a11y(page);
  });
});
