/**
 * Issue 27, ADR 025: operators' passkeys in a real browser. With JavaScript off the console is
 * unchanged (the code by e-mail; no passkey button; the account page says a passkey needs
 * JavaScript). With JavaScript on, Chromium's virtual authenticator (CDP WebAuthn domain) plays
 * the operator's device: the demo operator signs in with a code, adds a passkey on their account
 * page, logs out, signs in with the passkey alone, finds both on the audit trail, removes the
 * passkey, and a sign-in with it is then refused with a message. axe on every page.
 */
import { test, expect, type Page } from "./fixtures";
import { typeCodeFromOutbox } from "./journeys";

async function signInWithCode(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Work e-mail address").fill("operator@demo.test");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/admin\/code$/);
  await typeCodeFromOutbox(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operators' console");
}

test.describe("operators' passkeys", () => {
  test("an operator adds a passkey, signs in with it, and removes it", async ({ page, a11y, jsEnabled }) => {
    test.slow();
    if (!jsEnabled) {
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the operators' console");
      await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
      await signInWithCode(page);
      await page.getByRole("link", { name: "Your account and passkeys" }).click();
      await expect(page).toHaveURL(/\/admin\/account$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
      await expect(page.getByTestId("passkey-needs-js")).toContainText("Adding a passkey needs JavaScript");
      await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
      await a11y(page);
      return;
    }

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signInWithCode(page);
    await page.getByRole("link", { name: "Your account and passkeys" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
    await expect(page.getByTestId("no-passkeys")).toBeVisible();
    await a11y(page);

    // a name is needed first: the message beside the field and in the summary
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.locator(".error-summary")).toContainText("Name of the passkey");
    await expect(page.locator(".field--error")).toHaveCount(1);
    await a11y(page);

    await page.getByLabel("Name of the passkey").fill("E2E laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/account\?added=1$/);
    await expect(page.getByTestId("account-notice")).toContainText("Your passkey has been added");
    await expect(page.getByTestId("passkeys")).toContainText("E2E laptop");
    await expect(page.getByTestId("passkeys")).toContainText("not used yet");
    await a11y(page);
    const stored = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]!.isResidentCredential).toBe(true);

    // out, and back in with the passkey alone
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin\?ended=logout$/);
    await expect(page.getByTestId("passkey-sign-in")).toBeVisible();
    await a11y(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operators' console");
    await expect(page.getByText("Signed in as Demo Operator (Administrator)")).toBeVisible();

    // on the trail
    await page.goto("/admin/audit?kind=passkey.add");
    await expect(page.getByTestId("audit-entry").first()).toContainText("E2E laptop");
    await a11y(page);
    await page.goto("/admin/audit?kind=sign_in.success");
    await expect(page.getByTestId("audit-entry").filter({ hasText: "passkey" }).first()).toBeVisible();

    // removed: it no longer opens the console
    await page.goto("/admin/account");
    await expect(page.getByTestId("passkeys")).toContainText("last used");
    await page.getByRole("button", { name: "Remove the passkey E2E laptop" }).click();
    await expect(page).toHaveURL(/\/admin\/account\?notice=removed$/);
    await expect(page.getByTestId("no-passkeys")).toBeVisible();
    await a11y(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByTestId("passkey-error")).toContainText("That passkey does not open the console");
    await expect(page).toHaveURL(/\/admin\?ended=logout$/);
    await a11y(page);
  });
});
