import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { test, expect, type Page } from "./fixtures";
import { repSignsIn, typeCodeFromOutbox } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

/** The server's database (playwright.config.ts gives each port its own). */
const DB_FILE = path.resolve(`data/e2e-${process.env.E2E_PORT ?? 3100}/store.db`);

/**
 * Makes this browser's verified session look unused for `minutes`: its last use moved back in the
 * sessions table (the server's clock cannot be moved from here). Only this browser's session: the
 * row whose id hash is that of the token in this browser's cookie.
 */
async function idleFor(page: Page, minutes: number) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__store")!;
  const signed = decodeURIComponent(cookie.value);
  const { sid } = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { sid: string };
  const db = new Database(DB_FILE);
  try {
    const at = new Date(Date.now() - minutes * 60 * 1000).toISOString();
    const changed = db
      .prepare("update staff_sessions set last_seen_at = ? where token_hash = ? and ended_at is null")
      .run(at, crypto.createHash("sha256").update(sid).digest("hex")).changes;
    expect(changed, "this browser's session").toBe(1);
  } finally {
    db.close();
  }
}

/** From the rep's members: Enroll Now for one of them, Member Only, a plan, the cart, the wizard. */
async function enrollCurrentMember(page: Page, name: string, plan: string) {
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

test.describe("who may see members (issue 15)", () => {
  test("an employee with ACME2024 cannot reach the member list; the group admin signs in with the code from the outbox and can", async ({
    page,
    a11y,
  }) => {
    await page.goto("/access?step=employee&purpose=employee");
    const dialog = page.getByRole("dialog", { name: "Employee Enrollment" });
    await dialog.getByLabel("Group enrollment code").fill("ACME2024");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("dialog", { name: "Confirm your employer" }).getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/group-home$/);
    await expect(page.getByText("The member list is for the group's administrators only.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the member list" })).toHaveCount(0);
    await a11y(page);
    // typing the address does not help: the admins' sign-in, no co-worker anywhere
    await page.goto("/group-select-member");
    await expect(page).toHaveURL(/\/verify\?as=admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in as an administrator of Acme Logistics Inc.");
    await expect(page.getByRole("table")).toHaveCount(0);
    for (const coworker of ["Angela Brooks", "David Okafor", "Linda Nguyen"]) expect(await page.content()).not.toContain(coworker);
    await a11y(page);

    // the second Acme admin signs in here, with the code from the outbox
    await page.getByLabel("Tomás Alvarez: E-mail to t***@acmelogistics.example").check();
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByTestId("code-sent")).toContainText("Tomás Alvarez");
    await a11y(page);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/group-home$/);
    await page.getByRole("link", { name: "Open the member list" }).click();
    await expect(page).toHaveURL(/\/group-select-member$/);
    for (const name of ["Angela Brooks", "Linda Nguyen", "David Okafor"])
      await expect(page.getByTestId("members-table").locator("tbody tr").filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByTestId("members-table")).not.toContainText("Michael Thompson");
    await a11y(page);
  });

  test("wrong and short codes get clear messages, in English and in Spanish", async ({ page, a11y }) => {
    await page.goto("/access?lng=es");
    await page.getByLabel("Código de acceso del representante").fill("ABCD1212");
    await page.getByRole("button", { name: "Enviar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inicie sesión como Jane Carter");
    await page.getByLabel(/^Correo electrónico a /).check();
    await page.getByRole("button", { name: "Enviar código" }).click();
    await page.getByLabel("Código de acceso").fill("12");
    await page.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByText("Ingrese el código de 6 dígitos para continuar").first()).toBeVisible();
    await a11y(page);
    await page.goto("/verify?lng=en");
    await page.getByLabel("Sign-in code").fill("000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // one in a million: the right code
    if (!/\/agent-home$/.test(page.url())) {
      await expect(page.getByText("That code is not right. Check it and try again.").first()).toBeVisible();
      await a11y(page);
      await typeCodeFromOutbox(page);
    }
    await expect(page).toHaveURL(/\/agent-home$/);
  });

  test("a rep signs in, enrolls a current member, and the enrollment's history shows each step", async ({ page, a11y, jsEnabled }) => {
    test.setTimeout(180_000);
    const [member, plan] = jsEnabled ? ["David Okafor", "CVV-BASIC"] : ["Sofia Ramirez", "BSD-PPO-ESS"];
    await repSignsIn(page);
    await enrollCurrentMember(page, member, plan);
    // the members list links the history of the member's enrollment
    await page.goto(`/agent-select-member?q=${encodeURIComponent(member)}`);
    await page.getByRole("link", { name: `History of the enrollment of ${member}` }).click();
    await expect(page).toHaveURL(/\/enrollment-history\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enrollment history");
    await expect(page.getByTestId("history-member")).toHaveText(member);
    const events = page.getByTestId("history-event");
    await expect(events).toHaveCount(2);
    await expect(events.nth(0)).toContainText("Enrollment started for the member");
    await expect(events.nth(1)).toContainText("Step saved: Personal Information");
    for (const row of await events.all()) {
      await expect(row).toContainText("Jane Carter");
      await expect(row).toContainText("Rep");
    }
    expect(await page.content()).not.toMatch(/XXX-XX|\d{3}-\d{2}-\d{4}/);
    await a11y(page);
    // in Spanish
    await page.goto(`${new URL(page.url()).pathname}?lng=es`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Historial de la inscripción");
    await expect(page.getByTestId("history-event").filter({ hasText: "Paso guardado" })).toHaveCount(1);
    await a11y(page);
    await page.goto(`${new URL(page.url()).pathname}?lng=en`);
  });

  test("idle expiry: the next page says the session ended and nothing was lost; signing in again resumes the enrollment with its answers", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    test.setTimeout(180_000);
    if (jsEnabled) await page.clock.install();
    const [member, plan] = jsEnabled ? ["Angela Brooks", "CVV-PLUS"] : ["Carlos Mendoza", "CVV-BASIC"];
    await repSignsIn(page);
    await enrollCurrentMember(page, member, plan);

    if (jsEnabled) {
      // With JavaScript: a warning 2 minutes before the idle limit, and Stay signed in
      await page.clock.fastForward("18:30");
      const warning = page.getByRole("alertdialog", { name: "Are you still there?" });
      await expect(warning).toBeVisible();
      await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
      // the store's one Dialog: a modal <dialog> (issue 26 #4): the page behind is inert, Tab stays inside
      expect(await warning.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal"))).toBe(true);
      await expect(warning).toHaveAttribute("aria-modal", "true");
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        // (past the last control the browser's own UI has the focus: the body here)
        const inside = await warning.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body);
        expect(inside, `Tab ${i + 1} left the warning`).toBe(true);
      }
      await a11y(page);
      await warning.getByRole("button", { name: "Stay signed in" }).click();
      await expect(warning).toBeHidden();
    }

    // 21 minutes without a request: the next page is the session-expired page
    await idleFor(page, 21);
    const personal = page.getByRole("link", { name: /Personal Information/ });
    if (jsEnabled) {
      // the warning's own check of the session may take the page there before the click does
      await personal.click({ timeout: 10_000 }).catch(() => undefined);
    } else {
      await personal.click();
    }
    await expect(page).toHaveURL(/\/session-expired$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your session has ended");
    await expect(page.getByTestId("session-ended-reason")).toHaveText("You were signed out because nothing happened for 20 minutes.");
    await expect(page.getByTestId("nothing-lost")).toContainText("Nothing you typed has been lost");
    await a11y(page);
    // the rep's members stay closed
    await page.goto("/agent-select-member");
    await expect(page).toHaveURL(/\/session-expired$/);

    // Sign in again: a new code, then the enrollment where it was, with its answers
    await page.getByRole("button", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in again");
    await page.getByLabel(/^E-mail to /).check();
    await page.getByRole("button", { name: "Send code" }).click();
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await page.getByRole("link", { name: /Personal Information/ }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
    await expect(page.getByLabel("Feet")).toHaveValue("5");
    await expect(page.getByLabel("Inches")).toHaveValue("9");
    await expect(page.getByLabel("Weight (lbs)")).toHaveValue("171");
    await expect(page.getByLabel("Single")).toBeChecked();
    await a11y(page);
  });
});
