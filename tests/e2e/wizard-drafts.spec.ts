import { test, expect, openMailbox, type Page } from "./fixtures";
import { groupEmployeeToWizard } from "./journeys";

/** Save & Continue Later, then close its dialog without sending anything. */
async function saveForLaterAndClose(page: Page) {
  await page.getByRole("button", { name: "Save & Continue Later" }).click();
  const later = page.getByRole("dialog", { name: "Save & Continue Later" });
  await expect(later).toBeVisible();
  await later.getByRole("link", { name: "Back" }).click();
  await expect(later).toHaveCount(0);
}

test.describe("Save & Continue Later keeps what was typed", () => {
  test("invalid typing on personal, contact and employer survives the enroller code, a save for later, a new browser and a reload; the code dialog tells the truth", async ({
    page,
    a11y,
    jsEnabled,
    browser,
    group,
  }) => {
    test.setTimeout(180_000);
    const tag = `${jsEnabled ? "js" : "nojs"}.${Date.now()}`;
    await groupEmployeeToWizard(page, group);

    // Personal: typing with mistakes (inches, SSN), then Enter Enroller Code
    await page.getByLabel("First name").fill("Ana");
    await page.getByLabel("Last name").fill("Lopez");
    await page.getByLabel("Feet").fill("5");
    await page.getByLabel("Inches").fill("13");
    await page.getByLabel("Weight (lbs)").fill("140");
    await page.getByLabel("Married").check();
    await page.getByLabel("Social Security Number").fill("123-45-678");
    await page.getByLabel("I had no prior health coverage").check();
    await page.getByRole("button", { name: "Enter Enroller Code" }).click();
    const enroller = page.getByRole("dialog", { name: "Enter Enroller Code" });
    await expect(enroller).toBeVisible();
    await a11y(page);
    await enroller.getByLabel("Enroller code").fill("ABCD1212");
    await enroller.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved: ABCD1212.")).toBeVisible();
    await expect(page.getByLabel("Inches")).toHaveValue("13");
    await expect(page.getByLabel("Social Security Number")).toHaveValue("123-45-678");
    await expect(page.getByLabel("First name")).toHaveValue("Ana");

    // Save & Continue Later with the mistakes still there → continue in a new browser
    await page.getByRole("button", { name: "Save & Continue Later" }).click();
    const later = page.getByRole("dialog", { name: "Save & Continue Later" });
    const resumeEmail = `drafts.${tag}@gmail.com`;
    await later.getByLabel("E-mail address for the code").fill(resumeEmail);
    await later.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("save-later-sent")).toHaveText("Information Saved!!! Check your email to continue");
    const box = await openMailbox(page);
    await box.getByRole("row").filter({ hasText: resumeEmail }).getByRole("link").first().click();
    const resumeCode = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec((await box.getByTestId("message-text").textContent()) ?? "")![1];
    await box.close();

    const fresh = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const other = await fresh.newPage();
    await other.goto("/continue-enrollment");
    await other.getByLabel("Code").fill(resumeCode);
    await other.getByLabel("E-mail address").fill(resumeEmail);
    await other.getByRole("button", { name: "Continue" }).click();
    await expect(other).toHaveURL(/\/enrollment\/personal-info$/);
    await expect(other.getByTestId("draft-notice")).toBeVisible();
    await expect(other.getByLabel("First name")).toHaveValue("Ana");
    await expect(other.getByLabel("Inches")).toHaveValue("13");
    await expect(other.getByLabel("Social Security Number")).toHaveValue("123-45-678");
    await expect(other.getByLabel("Married")).toBeChecked();
    await a11y(other);
    // the step is not finished: the next one sends the visitor back
    await other.goto("/enrollment/contact-info");
    await expect(other).toHaveURL(/\/enrollment\/personal-info$/);
    // Next checks it
    await other.getByRole("button", { name: "Next" }).click();
    await expect(other.getByText("Invalid Social Security Number").first()).toBeVisible();
    await other.getByLabel("Inches").fill("6");
    await other.getByLabel("Social Security Number").fill("123-45-6789");
    await other.getByRole("button", { name: "Next" }).click();
    await expect(other).toHaveURL(/\/enrollment\/contact-info$/);

    // Contact: a bad ZIP and phone, saved for later, then a reload
    await other.getByLabel("E-mail address").fill(`ana.${tag}@gmail.com`);
    await other.getByLabel("Phone number").fill("214555");
    await other.getByLabel("Street address").fill("100 Main St");
    await other.getByLabel("City", { exact: true }).fill("Dallas");
    await other.getByLabel("ZIP code").fill("7520");
    await saveForLaterAndClose(other);
    await other.reload();
    await expect(other.getByLabel("ZIP code")).toHaveValue("7520");
    await expect(other.getByLabel("Phone number")).toHaveValue("214555");
    await expect(other.getByLabel("Street address")).toHaveValue("100 Main St");
    await a11y(other);

    // The code dialog: an address changed within the 120 s wait gets its own code
    const first = `ana.first.${tag}@example.com`;
    const second = `ana.second.${tag}@example.com`;
    await other.getByLabel("Phone number").fill("2145550234");
    await other.getByLabel("ZIP code").fill("75201");
    if (!jsEnabled) await other.getByLabel("State", { exact: true }).selectOption("TX");
    await other.getByLabel("State of birth").selectOption("TX");
    await other.getByLabel("City of birth").fill("Austin");
    await other.getByLabel("E-mail address").fill(first);
    await other.getByRole("button", { name: "Next" }).click();
    await expect(other.getByTestId("email-flagged")).toBeVisible();
    await other.getByRole("button", { name: "Verify e-mail by code" }).click();
    const otp = other.getByRole("dialog", { name: /Verify your E-mail address/ });
    await expect(otp.getByTestId("otp-status")).toHaveText(`We sent a 6-digit code to ${first}.`);
    await otp.getByRole("link", { name: "Close" }).click();
    await expect(otp).toHaveCount(0);
    await other.getByLabel("E-mail address").fill(second);
    await other.getByRole("button", { name: "Verify e-mail by code" }).click();
    await expect(otp.getByTestId("otp-status")).toHaveText(`We sent a 6-digit code to ${second}.`);
    await a11y(other);
    const mailbox = await openMailbox(other);
    await mailbox.getByRole("row").filter({ hasText: second }).getByRole("link").first().click();
    const code = /\b(\d{6})\b/.exec((await mailbox.getByTestId("message-text").textContent()) ?? "")![1];
    await mailbox.close();
    await otp.getByLabel("Code from the e-mail").fill(code);
    await otp.getByRole("button", { name: "Verify" }).click();
    await expect(other.getByTestId("otp-success")).toHaveText("Verification Successful!");
    if (!jsEnabled) await other.getByRole("link", { name: "Continue" }).click();
    await expect(other.getByTestId("email-verified")).toBeVisible();
    await other.getByRole("button", { name: "Next" }).click();
    await expect(other).toHaveURL(/\/enrollment\/employer-info$/);

    // Employer: a bad count and date, saved for later, then a reload
    const employer = other.locator("form#employer");
    await employer.getByLabel("Employment start date").fill("02/30/20");
    await employer.getByLabel("Occupation").fill("Dispatcher");
    await employer.getByLabel(/Number of employees/).fill("lots");
    await employer.getByLabel("Standard 6").check();
    await saveForLaterAndClose(other);
    await other.reload();
    await expect(employer.getByLabel("Employment start date")).toHaveValue("02/30/20");
    await expect(employer.getByLabel("Occupation")).toHaveValue("Dispatcher");
    await expect(employer.getByLabel(/Number of employees/)).toHaveValue("lots");
    await expect(employer.getByLabel("Standard 6")).toBeChecked();
    await expect(other.getByTestId("draft-notice")).toBeVisible();
    await a11y(other);
    await fresh.close();
  });
});
