/**
 * Issue 29, the carriers in the operators' console, JavaScript off and on, axe on every page: the
 * demo operator opens Carriers, sees each delivery profile, sends one carrier's changes now, finds
 * the file in the list and opens it — its status, its member changes — readable at 320 px.
 */
import { test, expect } from "./fixtures";
import { typeCodeFromOutbox } from "./journeys";

test.describe("carrier files in the operators' console", () => {
  test("an operator sends a carrier's changes now and reads the file it made", async ({ page, a11y }) => {
    test.slow();
    await page.goto("/admin");
    await page.getByLabel("Work e-mail address").fill("operator@demo.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/admin\/code$/);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Carriers" }).click();
    await expect(page).toHaveURL(/\/admin\/carriers$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Carriers");
    const profiles = page.getByTestId("carrier-profiles");
    await expect(profiles.getByRole("rowheader", { name: "BrightSmile Dental Network" })).toBeVisible();
    await expect(profiles.getByRole("row", { name: /PawSure Pet Insurance Company/ })).toContainText("CSV");
    await a11y(page);

    await page.getByRole("button", { name: "Send now to BrightSmile Dental Network" }).click();
    await expect(page).toHaveURL(/\/admin\/carriers\?(sent=2|busy=1)$/);
    await expect(page.getByRole("status")).toBeVisible();
    await a11y(page);

    const file = page
      .getByTestId("carrier-files")
      .getByRole("link", { name: /^brightsmile-\d{9}\.834$/ })
      .first();
    await expect(file).toBeVisible();
    await file.click();
    await expect(page).toHaveURL(/\/admin\/carriers\/files\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^File brightsmile-\d{9}\.834$/);
    await expect(page.getByTestId("carrier-file-status")).toHaveText(/Sent|Accepted|Rejected|Waiting for delivery/);
    await expect(page.getByTestId("carrier-changes")).toBeVisible();
    await a11y(page);

    await page.setViewportSize({ width: 320, height: 800 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await a11y(page);
  });

  test("an operator edits a carrier's delivery profile: a refused form says why beside the field and keeps the input; a good one saves", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    test.slow();
    // each project edits its own carrier: the two run at once on one database
    const carrier = jsEnabled ? "ClearView Vision Alliance" : "BrightSmile Dental Network";
    await page.goto("/admin");
    await page.getByLabel("Work e-mail address").fill("operator@demo.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/admin\/code$/);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto("/admin/carriers");
    await page.getByTestId("carrier-profiles").getByRole("link", { name: carrier }).click();
    await expect(page).toHaveURL(/\/admin\/carriers\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Delivery profile: ${carrier}`);
    await a11y(page);

    // SFTP without its settings, and an id with an X12 separator: refused, each message beside its field
    const senderId = page.getByLabel("Sender id (ISA06)");
    await senderId.fill("7412*4567");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Use upper-case letters, digits and spaces only").first()).toBeVisible();
    await expect(senderId).toHaveValue("7412*4567");
    await expect(page.getByRole("link", { name: /Sender id \(ISA06\)/ })).toBeVisible();
    await a11y(page);

    await senderId.fill("741234567");
    await page.getByLabel("Daily changes and a weekly full audit file").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Choose the day of the weekly full file").first()).toBeVisible();
    await page.getByLabel("Day of the weekly full audit file").selectOption({ label: "Monday" });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    await expect(page.getByLabel("Day of the weekly full audit file")).toHaveValue("1");
    await a11y(page);

    // back to daily, as the demo had it
    await page.getByLabel("Daily changes only").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await a11y(page);
  });
});
