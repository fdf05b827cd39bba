/**
 * Steps several journeys share, done the way a person does them: through the pages' labels.
 */
import { expect, type Page } from "@playwright/test";

/** A rep signs in with their access code and starts a direct (Direct to Consumer) enrollment. */
export async function repStartsDirectEnrollment(page: Page) {
  await page.goto("/access");
  await page.getByLabel("Rep access code").fill("ABCD1212");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("link", { name: "New Member" }).click();
  await page.getByLabel("Direct to Consumer (DIRECT)").check();
  await page.getByRole("button", { name: "Start Direct Enrollment" }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The personal step, filled and sent. */
export async function fillPersonal(page: Page, p: { first: string; last: string; marital: string; ssn: string }) {
  await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
  await page.getByLabel("First name").fill(p.first);
  await page.getByLabel("Last name").fill(p.last);
  await page.getByLabel("Feet").fill("5");
  await page.getByLabel("Inches").fill("6");
  await page.getByLabel("Weight (lbs)").fill("140");
  await page.getByLabel(p.marital).check();
  await page.getByLabel("Social Security Number").fill(p.ssn);
  await page.getByLabel("I had no prior health coverage").check();
  await page.getByRole("button", { name: "Next" }).click();
}

/** The contact step with a reachable Dallas address (no code needed), filled and sent. */
export async function fillContact(page: Page, c: { email: string; phone: string; jsEnabled: boolean }) {
  await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
  await page.getByLabel("E-mail address").fill(c.email);
  await page.getByLabel("Phone number").fill(c.phone);
  await page.getByLabel("Street address").fill("100 Main St");
  await page.getByLabel("City", { exact: true }).fill("Dallas");
  await page.getByLabel("ZIP code").fill("75201");
  // with JavaScript the ZIP fills the state; without it, the person picks it
  if (!c.jsEnabled) await page.getByLabel("State", { exact: true }).selectOption("TX");
  await page.getByRole("button", { name: "Next" }).click();
}

/** The billing step with a bank draft from a real routing number, filled and sent. */
export async function payByBankDraft(page: Page, holder: string, account: string, check?: (page: Page) => Promise<void>) {
  await expect(page).toHaveURL(/\/enrollment\/billing-information$/);
  if (check) await check(page);
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Bank name").fill("JPMORGAN CHASE BANK");
  await page.getByLabel("Account holder name").fill(holder);
  await page.getByLabel("Account number").fill(account);
  await page.getByLabel("Checking", { exact: true }).check();
  await page.getByLabel("Individual", { exact: true }).check();
  await page.getByRole("button", { name: "Next" }).click();
}
