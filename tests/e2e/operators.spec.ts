/**
 * Issue 27, the operators' console, JavaScript off and on, axe on every page: the demo operator
 * signs in at /admin with the code from the outbox, adds a rep of their own (no other spec
 * touches it), is refused a brand colour white text cannot be read on, saves a readable one and a
 * new tagline, sees both on the rep's landing page, and finds the change in the audit trail —
 * before → after — readable at 320 px.
 */
import { test, expect } from "./fixtures";
import { typeCodeFromOutbox } from "./journeys";

test.describe("the operators' console", () => {
  test("an operator signs in, edits a rep's branding, sees it on the landing page and in the audit trail", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    // many pages, each checked by axe (twice the work with JavaScript off): room on a loaded machine
    test.slow();
    const x = jsEnabled ? "on" : "off";
    const code = `E2E27${x.toUpperCase()}`;
    const slug = `e2e-operator-rep-${x}`;
    const tagline = `Benefits, explained (${x})`;

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the operators' console");
    await a11y(page);
    await page.getByLabel("Work e-mail address").fill("operator@demo.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/admin\/code$/);
    await expect(page.getByTestId("code-sent")).toContainText("If the address you typed belongs to an operator");
    await a11y(page);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Operators' console");
    await expect(page.getByText("Signed in as Demo Operator (Administrator)")).toBeVisible();
    await a11y(page);

    // a rep of this test's own
    await page.goto("/admin/reps/new");
    await page.getByLabel("Access code").fill(code);
    await page.getByLabel("Landing page address").fill(slug);
    await page.getByLabel("First name").fill("Ena");
    await page.getByLabel("Last name").fill(`Endtoend ${x}`);
    await page.getByLabel("E-mail", { exact: true }).fill(`ena.${x}@example.com`);
    await page.getByLabel("Phone", { exact: true }).fill("2145550111");
    await page.getByLabel("Direct to Consumer").check();
    await a11y(page);
    await page.getByRole("button", { name: "Create rep" }).click();
    await expect(page).toHaveURL(/\/admin\/reps\/\d+\?saved=1$/);
    await expect(page.getByTestId("saved")).toBeVisible();

    // a colour white text cannot be read on is refused beside the field and in the summary; what was typed stays
    await page.getByLabel("Brand colour").fill("#ffdd00");
    await page.getByLabel("Tagline (English)").fill(tagline);
    await page.getByRole("button", { name: "Save changes" }).click();
    const tooLight = /This colour is too light: white text on it has a contrast of 1\.\d\d:1/;
    await expect(page.locator(".error-summary")).toContainText(tooLight);
    await expect(page.locator(".field--error").filter({ hasText: tooLight })).toHaveCount(1);
    await expect(page.getByLabel("Tagline (English)")).toHaveValue(tagline);
    await a11y(page);

    await page.getByLabel("Brand colour").fill("#6b2c91");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    await expect(page.getByLabel("Brand colour")).toHaveValue("#6b2c91");

    // the rep's landing page shows it
    await page.getByRole("link", { name: "View their landing page" }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}`));
    await expect(page.locator("#main").getByText(tagline)).toBeVisible();
    expect(await page.content()).toContain("--brand:#6b2c91");
    await a11y(page);

    // the audit trail has it, before → after, at 320 px
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/admin/audit?kind=rep.update");
    const entry = page.getByTestId("audit-entry").filter({ hasText: tagline }).first();
    await expect(entry).toContainText("Demo Operator");
    await expect(entry.getByTestId("audit-changes")).toContainText("brand_color: — → #6b2c91");
    await expect(entry.getByTestId("audit-changes")).toContainText(`tagline_en: — → ${tagline}`);
    const size = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(size.scroll, "the trail does not scroll sideways at 320 px").toBeLessThanOrEqual(size.client);
    await a11y(page);

    // logging out revokes the session: the console asks to sign in again
    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page).toHaveURL(/\/admin\?ended=logout$/);
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/admin\?next=/);
  });
});
