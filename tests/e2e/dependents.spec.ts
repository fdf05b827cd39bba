import { test, expect, drawSignature } from "./fixtures";
import { fillContact, fillPersonal, payByBankDraft, repStartsDirectEnrollment } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

test.describe("dependent information", () => {
  test("a Member + Children family with three children enrolls, one child with a health question answered Yes and its details", async ({
    page,
    rep,
    a11y,
    jsEnabled,
  }) => {
    test.setTimeout(300_000);
    const last = `Rivera${jsEnabled ? "js" : "nojs"}`;

    // A rep starts a direct enrollment: three children, no spouse → Member + Children, medical
    await repStartsDirectEnrollment(page, rep.code);
    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await quote.getByLabel("Female", { exact: true }).check();
    await quote.getByLabel("Number of children to cover").selectOption("3");
    await quote.getByLabel("Category").selectOption("medical");
    await quote.getByRole("button", { name: "See plans" }).click();
    // the quote is saved before the next page opens (with JavaScript the form is sent by fetch)
    await expect(page).toHaveURL(/\/plans/);
    await page.goto(`/plan/${planId("LUH-SILVER-3000")}/x`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();

    await fillPersonal(page, { first: "Rosa", last, marital: "Single", ssn: "123-45-6780" });
    const n = Date.now();
    await fillContact(page, { email: `rosa.${jsEnabled ? "js" : "nojs"}${n}@gmail.com`, phone: `214620${1000 + (n % 8999)}`, jsEnabled });

    // The applicant's own health questions: all No
    await expect(page).toHaveURL(/\/enrollment\/health-questions$/);
    await page.getByRole("button", { name: "Next" }).click();

    // Dependents: three children
    await expect(page).toHaveURL(/\/enrollment\/dependent-information$/);
    await expect(page.getByText("Child information required")).toBeVisible();
    // Next is disabled until the children are in, and looks it (issue 26 #14)
    const next = page.getByRole("button", { name: "Next" });
    await expect(next).toBeDisabled();
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(next).toHaveCSS("cursor", "not-allowed");
    await expect(next).toHaveCSS("background-color", "rgb(243, 242, 241)");
    const children: Array<[string, string, string, string]> = [
      ["Leo", "Male", "07/07/2012", "345-67-8912"],
      ["Sofia", "Female", "09/09/2015", "456-78-9123"],
      ["Mateo", "Male", "01/02/2019", "567-89-1234"],
    ];
    for (const [i, [first, gender, dob, ssn]] of children.entries()) {
      await page.getByRole("link", { name: "+ Add Child" }).click();
      const dialog = page.getByRole("dialog", { name: `Dependent #${i + 1}` });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("First name").fill(first);
      await dialog.getByLabel("Last name").fill(last);
      await dialog.getByLabel(gender, { exact: true }).check();
      await dialog.getByLabel("Date of birth").fill(dob);
      await dialog.getByLabel("Social Security Number").fill(ssn);
      await dialog.getByLabel("Weight (lbs)").fill("60");
      await dialog.getByLabel("Feet").fill("4");
      await dialog.getByLabel("Inches").fill("2");
      const details = dialog.locator("fieldset", { hasText: "Details for question 1" });
      if (i === 1) {
        // Sofia: the first question Yes; its details are asked for, as for the applicant
        const question = dialog.getByRole("group", { name: /heart disease/ });
        if (jsEnabled) await expect(details).toBeHidden();
        else await expect(details).toBeVisible();
        await question.getByRole("radio", { name: "Yes" }).check();
        await expect(details).toBeVisible();
        await dialog.getByRole("button", { name: "Add dependent" }).click();
        const again = page.getByRole("dialog", { name: "Dependent #2" });
        await expect(again.getByText("Field is required").first()).toBeVisible();
        await expect(again.getByRole("group", { name: /heart disease/ }).getByRole("radio", { name: "Yes" })).toBeChecked();
        await a11y(page);
        const shown = again.locator("fieldset", { hasText: "Details for question 1" });
        await shown.getByLabel("Name of the condition").fill("Heart murmur");
        await shown.getByLabel("Date it started").fill("03/01/2016");
        await shown.getByLabel("Date last seen by a doctor").fill("02/01/2024");
        // a refused post never sends a whole SSN back (ADR 026): it is typed again
        await again.getByLabel("Social Security Number").fill(ssn);
        await again.getByRole("button", { name: "Add dependent" }).click();
      } else if (i === 2) {
        // Mateo, first typed as 36 years old with Leo's SSN: each refused beside its field and in the summary, what was typed kept
        await dialog.getByLabel("Date of birth").fill("01/02/1990");
        await dialog.getByLabel("Social Security Number").fill("345-67-8912");
        await dialog.getByRole("button", { name: "Add dependent" }).click();
        let again = page.getByRole("dialog", { name: "Dependent #3" });
        const ageMessage = "Child must be under 26 years old unless legally disabled";
        await expect(again.locator(".error-summary a", { hasText: ageMessage })).toBeVisible();
        await expect(again.getByLabel("Date of birth")).toHaveValue("01/02/1990");
        await expect(again.getByLabel("Date of birth")).toHaveAccessibleDescription(new RegExp(ageMessage));
        await again.getByLabel("Date of birth").fill(dob);
        // a refused post never sends a whole SSN back (ADR 026): it is typed again
        await again.getByLabel("Social Security Number").fill("345-67-8912");
        await again.getByRole("button", { name: "Add dependent" }).click();
        again = page.getByRole("dialog", { name: "Dependent #3" });
        const ssnMessage = "This Social Security Number is already entered for another dependent";
        await expect(again.locator(".error-summary a", { hasText: ssnMessage })).toBeVisible();
        await expect(again.getByLabel("First name")).toHaveValue("Mateo");
        await expect(again.getByLabel("Social Security Number")).toHaveAccessibleDescription(new RegExp(ssnMessage));
        await a11y(page);
        await again.getByLabel("Social Security Number").fill(ssn);
        await again.getByRole("button", { name: "Add dependent" }).click();
      } else {
        if (jsEnabled) await expect(details).toBeHidden();
        await dialog.getByRole("button", { name: "Add dependent" }).click();
      }
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.locator("p", { hasText: `${first} ${last}` }).first()).toBeVisible();
    }
    await expect(page.getByTestId("dependent")).toHaveCount(3);
    await a11y(page);

    // Sofia's answer is kept: the edit popup shows it back
    await page.getByRole("link", { name: /Edit.*Sofia/ }).click();
    const edit = page.getByRole("dialog", { name: "Dependent #2" });
    await expect(edit.getByRole("group", { name: /heart disease/ }).getByRole("radio", { name: "Yes" })).toBeChecked();
    await expect(edit.locator("fieldset", { hasText: "Details for question 1" }).getByLabel("Name of the condition")).toHaveValue(
      "Heart murmur",
    );
    await a11y(page);
    await edit.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Next takes the family of three on
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);

    // …through the agreement, billing and review to a completed enrollment
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(agreements.first()).toBeVisible();
    for (const box of await agreements.all()) await box.check();
    await page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ }).check();
    await page.getByLabel("Broker name").fill(rep.name);
    await page.getByLabel("Broker code").fill(rep.code.toLowerCase());
    if (jsEnabled) {
      await drawSignature(page);
      await expect(page.getByTestId("signature-pad").getByRole("status")).toHaveText("Your signature has been captured.");
    } else {
      await page.getByLabel("Your full name", { exact: true }).last().fill(`Rosa ${last}`);
      await page.getByLabel("I agree that typing my name is my electronic signature").check();
    }
    await page.getByRole("button", { name: "Next" }).click();
    await payByBankDraft(page, `Rosa ${last}`, "000123456780");
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);

    // The review shows each dependent's health answers beside the applicant's, each with a Change link
    const health = page.getByTestId("tile-primary_health_info");
    const sofia = health.locator("div", { has: page.getByRole("heading", { name: /^Dependent #2: Sofia/ }) }).last();
    await expect(sofia).toContainText("Heart murmur");
    await expect(health.getByRole("heading", { name: /^Applicant: Rosa/ })).toBeVisible();
    await a11y(page);
    // Sofia's Change link opens her popup; the step's Next comes back to the review
    await sofia
      .getByRole("link", { name: /^Change / })
      .first()
      .click();
    const again = page.getByRole("dialog", { name: "Dependent #2" });
    await expect(again.locator("fieldset", { hasText: "Details for question 1" }).getByLabel("Name of the condition")).toHaveValue(
      "Heart murmur",
    );
    await again.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    await expect(page.getByTestId("confirmation-number")).toHaveText(/^BS-\d{4}-/);
    await a11y(page);
  });
});
