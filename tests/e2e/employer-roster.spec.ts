/**
 * Issue 28, the roster (JavaScript off and on, axe on every page): a verified admin of the test's own
 * group (made in the console, fixtures.ts) uploads a census with errors (listed by row and column,
 * nothing changed), fixes it, sees the preview, applies it, terminates one employee and reverses it, adds one by hand, downloads the list with
 * SSNs masked; the list reads at 320 px.
 */
import fs from "node:fs";
import { test, expect, type Page } from "./fixtures";
import { groupAdminSignsIn } from "./journeys";

const HEAD =
  "Employee ID,Relationship,First Name,Last Name,Date of Birth,Gender,Email,Phone,SSN,Hire Date,Termination Date,Employment Status,Class,Address 1,Address 2,City,State,Zip";

/** Employee ids and SSNs of this project's run alone (each test has a group of its own; distinct all the same). */
function census(p: string, ssn: string, dob2 = "02/03/1988") {
  return [
    HEAD,
    `${p}-1,Employee,Paula,Reyes${p},04/12/1985,F,paula.${p}@example.com,2145550101,,03/01/2019,,Active,Full time,1 Elm St,,Dallas,TX,75201`,
    `${p}-2,Employee,Victor,Hale${p},${dob2},M,victor.${p}@example.com,,${ssn},06/15/2021,,Active,Part time,,,,,`,
  ].join("\n");
}

async function upload(page: Page, name: string, text: string) {
  await page.getByLabel("Census file (CSV or XLSX)").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Check the file" }).click();
}

test("a verified admin keeps the roster: census refused by row and column, fixed, previewed, applied; terminate, reinstate, add, download", async ({
  page,
  a11y,
  group,
}, testInfo) => {
  // one journey across a dozen pages, axe on each (twice with JavaScript off): room on a loaded machine
  test.setTimeout(300_000);
  const p = testInfo.project.name === "js-off" ? "OFF" : "ON";
  // SSNs typed as numbers lost their leading zero; each project its own
  const ssn = p === "OFF" ? "23456781" : "34567812";
  await groupAdminSignsIn(page, group);
  await page.getByRole("link", { name: "Manage employees" }).click();
  await expect(page).toHaveURL(/\/group-roster$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Employees");
  await a11y(page);

  await page.getByRole("link", { name: "Upload a census" }).click();
  await expect(page).toHaveURL(/\/group-census$/);
  await a11y(page);
  await upload(page, "acme.csv", census(p, ssn, "02/30/1988"));
  const problems = page.getByTestId("census-problems");
  await expect(problems).toBeVisible();
  await expect(problems).toContainText("Problems found in acme.csv: 1. Nothing was changed.");
  await expect(problems.getByTestId("census-problem")).toHaveText(["Row 3, Date of birth: 02/30/1988 is not a date (mm/dd/yyyy)"]);
  await a11y(page);
  // nothing changed
  await page.goto("/group-roster");
  await expect(page.getByTestId("employee").filter({ hasText: `Reyes${p}` })).toHaveCount(0);

  await page.goto("/group-census");
  await upload(page, "acme.csv", census(p, ssn));
  await expect(page).toHaveURL(/\/group-census\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Census preview");
  await expect(page.getByTestId("count-add")).toHaveText("2");
  await expect(page.getByTestId("census-change")).toHaveCount(2);
  expect(await page.content()).not.toContain(ssn);
  await a11y(page);
  await page.getByRole("button", { name: "Apply these changes" }).click();
  await expect(page).toHaveURL(/\/group-roster$/);
  await expect(page.getByText("Census applied: 2 added, 0 changed, 0 terminated, 0 reinstated.")).toBeVisible();
  const victor = page.getByTestId("employee").filter({ hasText: `Victor Hale${p}` });
  await expect(victor).toContainText(`XXX-XX-${ssn.slice(-4)}`);
  await expect(victor).toContainText("Active");

  // the same file again: nothing to change
  await page.goto("/group-census");
  await upload(page, "acme.csv", census(p, ssn));
  await expect(page.getByTestId("census-nothing")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply these changes" })).toHaveCount(0);

  // 320 px: the list reads without sideways scrolling
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/group-roster");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await a11y(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // terminate Victor: coverage ends at the end of that month; then reversed
  await page.getByRole("link", { name: `Victor Hale${p}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Employee: Victor Hale${p}`);
  await expect(page.getByText(`On file: XXX-XX-${ssn.slice(-4)}`)).toBeVisible();
  await a11y(page);
  const terminate = page.getByRole("region", { name: "Terminate employment" });
  await terminate.getByLabel("Termination date").fill("02/31/2026");
  await terminate.getByRole("button", { name: "Terminate" }).click();
  await expect(page.getByRole("link", { name: "Enter the termination date as mm/dd/yyyy." })).toBeVisible();
  await a11y(page);
  await page.getByRole("region", { name: "Terminate employment" }).getByLabel("Termination date").fill("02/10/2026");
  await page.getByRole("region", { name: "Terminate employment" }).getByRole("button", { name: "Terminate" }).click();
  await expect(page.getByTestId("terminated-notice")).toHaveText("Terminated on 02/10/2026. Coverage ends 02/28/2026.");
  await a11y(page);
  await page.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText("Termination reversed: the employee is active again.")).toBeVisible();
  await expect(page.getByTestId("terminated-notice")).toHaveCount(0);

  // add one by hand: a problem beside its field and in the summary, what was typed kept
  await page.goto("/group-roster/new");
  await page.getByLabel("Employee ID").fill(`${p}-3`);
  await page.getByLabel("First name").fill("Nora");
  await page.getByLabel("Last name").fill(`Quinn${p}`);
  await page.getByLabel("Date of birth").fill("07/04/1992");
  await page.getByLabel("Female").check();
  await page.getByLabel("E-mail").fill("nora@");
  await page.getByLabel("Hire date").fill("01/05/2024");
  await page.getByRole("button", { name: "Save employee" }).click();
  await expect(page.getByRole("link", { name: /E-mail: nora@ is not an e-mail address/ })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Nora");
  await a11y(page);
  await page.getByLabel("E-mail").fill(`nora.${p}@example.com`);
  await page.getByRole("button", { name: "Save employee" }).click();
  await expect(page.getByText("Employee saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Employee: Nora Quinn${p}`);

  // the download: the census columns, SSNs masked
  await page.goto("/group-roster");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the list (CSV)" }).click(),
  ]);
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text).toContain(`${p}-2,Employee,Victor,Hale${p}`);
  expect(text).toContain(`XXX-XX-${ssn.slice(-4)}`);
  expect(text).not.toContain(`0${ssn}`);
  expect(text).not.toContain(ssn);
});

test("the admin sets the enrollment windows: problems beside each field and in the summary, then saved", async ({ page, a11y, group }) => {
  test.setTimeout(180_000);
  await groupAdminSignsIn(page, group);
  await page.goto("/group-roster");
  await page.getByRole("link", { name: "Enrollment windows" }).click();
  await expect(page).toHaveURL(/\/group-windows$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enrollment windows and rules");
  await a11y(page);
  await page.getByLabel("First day", { exact: true }).fill("11/01/2026");
  await page.getByLabel("Last day", { exact: true }).fill("");
  await page.getByLabel("New-hire window (days)").fill("500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("link", { name: /Last day: Enter both the first and the last day/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /New-hire window \(days\): Enter a number of days from 0 to 120/ })).toBeVisible();
  await expect(page.getByLabel("First day", { exact: true })).toHaveValue("11/01/2026");
  await a11y(page);
  // a window around the whole year keeps the demo group's store open for the other journeys running alongside
  await page.getByLabel("First day", { exact: true }).fill("01/01/2026");
  await page.getByLabel("Last day", { exact: true }).fill("12/31/2026");
  await page.getByLabel("New-hire window (days)").fill("30");
  await page.getByLabel("The last day of the month of the termination date").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enrollment windows saved.")).toBeVisible();
  await expect(page.getByTestId("window-state")).toHaveText("Open enrollment is open until 12/31/2026.");
  await a11y(page);
  // back as it was: no dates, open all year
  await page.getByLabel("First day", { exact: true }).fill("");
  await page.getByLabel("Last day", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("window-state")).toHaveText("No open-enrollment dates are set: employees may enroll at any time.");
});
