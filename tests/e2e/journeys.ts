/**
 * Steps several journeys share, done the way a person does them: through the pages' labels.
 */
import { expect, type Page } from "@playwright/test";
import { codeFromMailbox, type TestGroup } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";

/**
 * The home page's quote (ZIP 75201, born 04/12/1988, dental unless said), then the plans page:
 * waiting for it means the quote is saved (with JavaScript the form is sent by fetch, and a
 * page opened before it answers would cut it off).
 */
export async function quoteFromHome(page: Page, opts: { gender?: "Female" | "Male"; category?: string } = {}) {
  const category = opts.category ?? "dental";
  await page.goto("/");
  const form = page.locator("form#quote");
  await form.getByLabel("ZIP code").fill("75201");
  await form.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
  await form.getByLabel(opts.gender ?? "Female", { exact: true }).check();
  await form.getByLabel("Category").selectOption(category);
  await form.getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(new RegExp(`/plans\\?type=${category}$`));
}

/** A plan's page, its Add to Cart, and the cart. */
export async function addPlanToCart(page: Page, code: string) {
  await page.goto(`/plan/${planId(code)}/x`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
}

/**
 * On the sign-in page after "Send code": reads the 6-digit code from the mailbox — the message
 * whose subject carries this page's reference (other journeys may be signing in too) — and types it in.
 */
export async function typeCodeFromOutbox(
  page: Page,
  labels: { code: string; submit: string } = { code: "Sign-in code", submit: "Sign in" },
) {
  const reference = /([A-HJ-NP-Z2-9]{4})\.?\s*$/.exec((await page.getByTestId("code-reference").textContent()) ?? "")![1]!;
  await page.getByLabel(labels.code).fill(await codeFromMailbox(page, reference));
  await page.getByRole("button", { name: labels.submit, exact: true }).click();
}

/** A rep enters their access code, confirms it is them and signs in with the code e-mailed to them. */
export async function repSignsIn(page: Page, code = "ABCD1212") {
  await page.goto("/access");
  await page.getByLabel("Rep access code").fill(code);
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await page.getByLabel(/^E-mail to /).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await typeCodeFromOutbox(page);
  await expect(page).toHaveURL(/\/agent-home$/);
}

/** An employee types the test's group code and confirms the employer: the group home. */
export async function employeeEntersGroup(page: Page, group: TestGroup) {
  await page.goto("/access?step=employee&purpose=employee");
  const dialog = page.getByRole("dialog", { name: "Employee Enrollment" });
  await dialog.getByLabel("Group enrollment code").fill(group.code);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("dialog", { name: "Confirm your employer" }).getByRole("button", { name: "Yes" }).click();
  await expect(page).toHaveURL(/\/group-home$/);
}

/** The test's group code, then its first admin signs in from the group home with the code e-mailed to them. */
export async function groupAdminSignsIn(page: Page, group: TestGroup) {
  await employeeEntersGroup(page, group);
  await page.getByRole("link", { name: "Sign in as a group administrator" }).click();
  await expect(page).toHaveURL(/\/verify\?as=admin$/);
  await page.getByLabel(`${group.admins[0].name}: E-mail to`, { exact: false }).check();
  await page.getByRole("button", { name: "Send code" }).click();
  await typeCodeFromOutbox(page);
  await expect(page).toHaveURL(/\/group-home$/);
}

/** A rep (the demo rep unless a code is given) signs in (a code from the outbox) and starts a direct (Direct to Consumer) enrollment. */
export async function repStartsDirectEnrollment(page: Page, code?: string) {
  await repSignsIn(page, code);
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
  // with JavaScript the ZIP fills the state (a lookup: wait for it, or Next may go before it and
  // be refused "State: Field is required" on a loaded machine); without it, the person picks it
  if (c.jsEnabled) await expect(page.getByLabel("State", { exact: true })).toHaveValue("TX");
  else await page.getByLabel("State", { exact: true }).selectOption("TX");
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

/** An employee of the test's group quotes term life (so the employer and beneficiary steps are in it) and reaches the personal step. */
export async function groupEmployeeToWizard(page: Page, group: TestGroup) {
  await employeeEntersGroup(page, group);
  await page.getByRole("button", { name: "Start an employee's enrollment" }).click();
  // a group made in the console has no platform of its own: the employee chooses the employers' one
  const platform = page.getByRole("dialog", { name: "Choose a platform" });
  await platform.getByLabel("Employer Benefits Portal (EMPLOYER)").check();
  await platform.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/home$/);
  const form = page.locator("form#quote");
  await form.getByLabel("ZIP code").fill("75201");
  await form.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
  await form.getByLabel("Female", { exact: true }).check();
  await form.getByLabel("Category").selectOption("term_life");
  await form.getByRole("button", { name: "See plans" }).click();
  // the quote is saved before the next page opens (with JavaScript the form is sent by fetch)
  await expect(page).toHaveURL(/\/plans/);
  await page.goto(`/plan/${planId("SML-TERM20")}/x`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: "Proceed" }).click();
  await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
  await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
}

/** From the rep's members: Enroll Now for one of them, Member Only, a plan, the cart, the wizard. */
export async function enrollCurrentMember(page: Page, name: string, plan: string) {
  await page.goto(`/agent-select-member?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Enroll Now for ${name}` }).click();
  const tier = page.getByRole("dialog", { name: "Choose Tier" });
  await tier.getByLabel("Member Only").check();
  await tier.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await page.goto(`/plan/${planId(plan)}/x`);
  await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
  await page.getByRole("button", { name: "Proceed" }).click();
  await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
  await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
  // the member's name and SSN are on file already
  await expect(page.getByLabel("Last name")).toHaveValue(name.split(" ")[1]);
  await page.getByLabel("Feet").fill("5");
  await page.getByLabel("Inches").fill("9");
  await page.getByLabel("Weight (lbs)").fill("171");
  await page.getByLabel("Single").check();
  await page.getByLabel("I had no prior health coverage").check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
}
