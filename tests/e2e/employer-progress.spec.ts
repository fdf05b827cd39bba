/**
 * Issue 28, invitations and progress (JavaScript off and on, axe on every page): a verified Acme
 * admin applies a census of two employees and invites them; one opens her personal link in her own
 * browser, starts her enrollment (the quote has her date of birth, no group code typed) and shows
 * "In progress"; the other declines with a reason from his link; the progress page, filtered by a
 * GET form, shows both and reads at 320 px.
 */
import type { Browser } from "@playwright/test";
import { test, expect, type Page } from "./fixtures";
import { groupAdminSignsIn } from "./journeys";

const HEAD =
  "Employee ID,Relationship,First Name,Last Name,Date of Birth,Gender,Email,Phone,SSN,Hire Date,Termination Date,Employment Status,Class,Address 1,Address 2,City,State,Zip";

/** The newest invitation link e-mailed to this address, read from the development mailbox. */
async function invitationLink(page: Page, email: string) {
  const mailbox = await page.context().newPage();
  await mailbox.goto("/dev/outbox");
  await mailbox.getByRole("row").filter({ hasText: email }).first().getByRole("link").first().click();
  const text = (await mailbox.getByTestId("message-text").textContent()) ?? "";
  await mailbox.close();
  const url = /https?:\/\/\S+\/invitation\/([A-Za-z0-9_-]{43})/.exec(text);
  expect(url, text).not.toBeNull();
  return `/invitation/${url![1]}`;
}

/** Another person's browser, with the project's JavaScript setting. */
async function otherBrowser(browser: Browser, jsEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL });
  return context.newPage();
}

test("an admin invites; one employee starts from her link (in progress), another declines; progress shows both", async ({
  page,
  a11y,
  browser,
  jsEnabled,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const p = testInfo.project.name === "js-off" ? "OFF" : "ON";
  const ivy = `ivy.${p.toLowerCase()}@example.com`;
  const wes = `wes.${p.toLowerCase()}@example.com`;
  await groupAdminSignsIn(page);
  await page.goto("/group-census");
  await page.getByLabel("Census file (CSV or XLSX)").setInputFiles({
    name: "invite.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        HEAD,
        `INV${p}-1,Employee,Ivy,Inv${p},04/12/1985,F,${ivy},,,03/01/2019,,Active,Full time,1 Elm St,,Dallas,TX,75201`,
        `INV${p}-2,Employee,Wes,Waive${p},05/06/1987,M,${wes},,,03/01/2019,,Active,Full time,2 Elm St,,Dallas,TX,75201`,
      ].join("\n"),
    ),
  });
  await page.getByRole("button", { name: "Check the file" }).click();
  await page.getByRole("button", { name: "Apply these changes" }).click();
  await expect(page).toHaveURL(/\/group-roster$/);

  await page.getByRole("link", { name: "Enrollment progress and invitations" }).click();
  await expect(page).toHaveURL(/\/group-progress$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enrollment progress");
  await a11y(page);
  await page.getByRole("button", { name: "Invite those not enrolled yet" }).click();
  await expect(page.getByText(/Invitations sent: \d+/)).toBeVisible();

  // Ivy, in her own browser: the page writes nothing; its button starts her enrollment
  const ivyPage = await otherBrowser(browser, jsEnabled, baseURL);
  await ivyPage.goto(await invitationLink(page, ivy));
  await expect(ivyPage.getByTestId("invitation-greeting")).toHaveText(`Hello, Ivy Inv${p}`);
  await a11y(ivyPage);
  await ivyPage.getByRole("button", { name: "Start my enrollment" }).click();
  await expect(ivyPage).toHaveURL(/\/home$/);
  await expect(ivyPage.getByLabel("Date of birth", { exact: true })).toHaveValue("04/12/1985");
  await expect(ivyPage.getByTestId("enrolling-for")).toContainText("Acme Logistics Inc.");
  await a11y(ivyPage);
  await ivyPage.context().close();

  // Wes declines from his link, with a reason from the list
  const wesPage = await otherBrowser(browser, jsEnabled, baseURL);
  await wesPage.goto(await invitationLink(page, wes));
  await wesPage.getByRole("button", { name: "Decline coverage" }).click();
  await expect(wesPage.getByText("Choose a reason.").first()).toBeVisible();
  await a11y(wesPage);
  await wesPage.getByLabel("Medicare", { exact: true }).check();
  await wesPage.getByRole("button", { name: "Decline coverage" }).click();
  await expect(wesPage.getByTestId("invitation-waived")).toContainText("you declined coverage (Medicare)");
  await a11y(wesPage);
  await wesPage.context().close();

  // progress: filtered by a GET form
  await page.goto("/group-progress");
  await page.getByRole("combobox", { name: "Show employees" }).selectOption("in_progress");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(page.getByTestId("progress-employee").filter({ hasText: `Ivy Inv${p}` })).toContainText("In progress");
  await page.getByRole("combobox", { name: "Show employees" }).selectOption("waived");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const wesCard = page.getByTestId("progress-employee").filter({ hasText: `Wes Waive${p}` });
  await expect(wesCard).toContainText("Declined");
  await expect(wesCard).toContainText("Medicare");
  await a11y(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/group-progress");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await a11y(page);
});
