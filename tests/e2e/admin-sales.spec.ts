/**
 * Issue 27, the sales side of the operators' console, JavaScript off and on, axe on every page:
 * the demo operator signs in, adds a rep of their own (no other spec touches it), uploads a file
 * that is not an image (refused beside its field and in the summary, what was typed kept), then
 * a real PNG logo with a brand colour and an about text, and sees all three on the rep's landing
 * page — the logo served from /brand-images as the PNG it was checked to be; the change is in
 * the audit trail. Deactivated, the rep's landing answers "This link is no longer active" (410).
 */
import { test, expect } from "./fixtures";
import { typeCodeFromOutbox } from "./journeys";

/** A real 120×40 PNG, solid purple. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAAAZElEQVR4nO3QAQkAIADAMAPZzDQ2toXCHTzA2Vhz60Lj+cEngQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtwINuhVo0K1Ag24FGnQr0KBbgQbdCjToVqBBtzqdWK88LxkyTgAAAABJRU5ErkJggg==",
  "base64",
);
const NOT_AN_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

test.describe("the sales console", () => {
  test("an operator uploads a rep's logo, sets colour and about text, and sees them on the rep's landing page", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    test.slow();
    const x = jsEnabled ? "on" : "off";
    const code = `SALES28${x.toUpperCase()}`;
    const slug = `e2e-sales-rep-${x}`;
    const about = `Twenty years helping Dallas families choose cover (${x}).`;

    await page.goto("/admin");
    await page.getByLabel("Work e-mail address").fill("operator@demo.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/admin\/code$/);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/admin$/);

    await page.goto("/admin/reps/new");
    await page.getByLabel("Access code").fill(code);
    await page.getByLabel("Landing page address").fill(slug);
    await page.getByLabel("First name").fill("Sal");
    await page.getByLabel("Last name").fill(`Salesperson ${x}`);
    await page.getByLabel("E-mail", { exact: true }).fill(`sal.${x}@example.com`);
    await page.getByLabel("Phone", { exact: true }).fill("2145550128");
    await page.getByLabel("Direct to Consumer").check();
    await page.getByRole("button", { name: "Create rep" }).click();
    await expect(page).toHaveURL(/\/admin\/reps\/\d+\?saved=1$/);
    await a11y(page);

    // a file that is not a PNG, JPEG or WebP (an SVG named .png) is refused beside its field and in the summary
    await page.getByLabel("About text (English)").fill(about);
    await page.getByLabel("Or upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: NOT_AN_IMAGE });
    await page.getByRole("button", { name: "Save changes" }).click();
    const notImage = "The file is not a PNG, JPEG or WebP image";
    await expect(page.locator(".error-summary")).toContainText(`Or upload a logo: ${notImage}`);
    await expect(page.locator(".field--error").filter({ hasText: notImage })).toHaveCount(1);
    await expect(page.getByLabel("About text (English)")).toHaveValue(about);
    await a11y(page);

    // a real PNG, a readable colour: saved
    await page.getByLabel("Or upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO });
    await page.getByLabel("Brand colour").fill("#6b2c91");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    await expect(page.getByLabel("Logo image")).toHaveValue(/^\/brand-images\/[0-9a-f]{64}\.png$/);
    const logoPath = await page.getByLabel("Logo image").inputValue();
    await a11y(page);

    // the rep's landing page shows the logo, the colour and the about text
    await page.getByRole("link", { name: "View their landing page" }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}`));
    const logo = page.locator(`header img[src="${logoPath}"]`);
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    expect(await page.content()).toContain("--brand:#6b2c91");
    await page.locator("summary", { hasText: "About Sal Salesperson" }).click();
    await expect(page.locator("details").getByText(about)).toBeVisible();
    await a11y(page);
    const served = await page.request.get(logoPath);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(Buffer.from(await served.body()).equals(LOGO)).toBe(true);

    // and the trail has it
    await page.goto("/admin/audit?kind=rep.update");
    const entry = page.getByTestId("audit-entry").filter({ hasText: about }).first();
    await expect(entry.getByTestId("audit-changes")).toContainText(`logo_url: — → ${logoPath}`);
    await expect(entry.getByTestId("audit-changes")).toContainText("brand_color: — → #6b2c91");
    await a11y(page);

    // deactivated, the rep's landing stops at once and says so (410), in the visitor's language
    await page.goto("/admin/reps");
    await page
      .getByTestId("reps-list")
      .getByRole("link", { name: `Sal Salesperson ${x}`, exact: true })
      .click();
    await page.getByRole("button", { name: "Deactivate rep" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    const gone = await page.goto(`/${slug}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer active");
    await a11y(page);
  });
});
