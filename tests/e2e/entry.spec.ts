import { test, expect } from "./fixtures";
import { repSignsIn, typeCodeFromOutbox } from "./journeys";

test.describe("entering the store", () => {
  test("rep access code → confirmation → agent home", async ({ page, a11y }) => {
    await page.goto("/access");
    await a11y(page);
    await page.getByLabel("Rep access code").fill(" abcd1212 ");
    await page.getByRole("button", { name: "Submit" }).click();
    const dialog = page.getByRole("dialog", { name: "Is this you?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("rep-name")).toHaveText("Jane Carter");
    await a11y(page);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    // the code identifies the rep; a code sent to the rep proves it is them (issue 15)
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in as Jane Carter");
    await a11y(page);
    await page.getByLabel("E-mail to j***@carterbenefitsgroup.example").check();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("code-sent")).toContainText("j***@carterbenefitsgroup.example");
    await a11y(page);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/agent-home$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Welcome\s+Jane Carter/);
    await a11y(page);
    // New Member → portal chooser → direct enrollment
    await page.getByRole("link", { name: "New Member" }).click();
    await expect(page.getByRole("dialog", { name: "Choose a platform" })).toBeVisible();
    await page.getByRole("button", { name: "Start Direct Enrollment" }).click();
    await expect(page.getByText("Please choose a platform").first()).toBeVisible();
    await a11y(page);
    await page.getByLabel("Direct to Consumer (DIRECT)").check();
    await page.getByRole("button", { name: "Start Direct Enrollment" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId("enrolling-for")).toContainText("DIRECT");
    await a11y(page);
  });

  test("an unknown rep code gets a message under the input and keeps what was typed", async ({ page, a11y }) => {
    await page.goto("/access");
    await page.getByLabel("Rep access code").fill("ZZZZ0000");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("We could not find that rep access code").first()).toBeVisible();
    await expect(page.getByLabel("Rep access code")).toHaveValue("ZZZZ0000");
    await a11y(page);
  });

  test("group code → company confirmation → group home", async ({ page, a11y, group }) => {
    await page.goto("/access?step=employee&purpose=employee");
    const dialog = page.getByRole("dialog", { name: "Employee Enrollment" });
    // typed in lower case: codes are matched whatever the case
    await dialog.getByLabel("Group enrollment code").fill(group.code.toLowerCase());
    await dialog.getByRole("button", { name: "Submit" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm your employer" });
    await expect(confirm.getByTestId("company-name")).toHaveText(group.company);
    await a11y(page);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/group-home$/);
    await expect(page.getByTestId("company-name")).toHaveText(group.company);
    await expect(page.getByRole("link", { name: /Request a quote for your group/ })).toHaveAttribute("target", "_blank");
    await a11y(page);
  });

  test("a landing slug shows the rep's branded home", async ({ page, a11y }) => {
    await page.goto("/jane-carter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("GET A QUOTE");
    await expect(page.getByRole("img", { name: /Jane Carter home/ })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("(214) 555-0187");
    await a11y(page);
    await page.getByRole("link", { name: "About Jane Carter" }).first().click();
    await expect(page.getByRole("dialog", { name: "About Jane Carter" })).toBeVisible();
    await a11y(page);
  });

  test("a referral link shows who referred the visitor", async ({ page, a11y }) => {
    await page.goto("/referrals?rid=RF8Q2KD7");
    await expect(page.getByTestId("referred-by")).toHaveText(/Referred By\s+Jane Carter/);
    await a11y(page);
    await page.goto("/referrals?rid=NOTREAL1");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "OOPS! Page not found" })).toBeVisible();
  });

  test("an unknown landing slug shows the 404 page", async ({ page, a11y }) => {
    const res = await page.goto("/no-such-landing");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "OOPS! Page not found" })).toBeVisible();
    await a11y(page);
  });

  test("a rep with no landing URL reaches the configuration error", async ({ page, a11y }) => {
    await page.goto("/access");
    await page.getByLabel("Rep access code").fill("NOLAND01");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("landing-config-error")).toHaveText("Landing url is not configured for this rep");
    await a11y(page);
  });

  test("Not My Site clears everything", async ({ page, a11y, context }) => {
    await repSignsIn(page);
    await page.getByRole("button", { name: "Not My Site" }).first().click();
    await expect(page).toHaveURL(/\/access$/);
    await page.goto("/agent-home");
    // the default host lets an applicant in, but the agent home is for reps only
    await expect(page).toHaveURL(/\/access$/);
    await a11y(page);
    expect((await context.cookies()).find((c) => c.name === "__store")).toBeTruthy();
  });

  test("the access page and its options work in Spanish", async ({ page, a11y }) => {
    await page.goto("/access?lng=es");
    await expect(page.getByRole("heading", { name: "Bienvenido a la tienda de beneficios" })).toBeVisible();
    await page.getByLabel("Grupos").check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("dialog", { name: "Opciones para grupos" })).toBeVisible();
    await a11y(page);
  });
});
