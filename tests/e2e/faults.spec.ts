/**
 * Malformed input and broken cookies in a real browser (issue 16), JavaScript off and on: a form
 * whose field names clash is refused with a page that says why (and nothing changes); an empty
 * CSRF cookie no longer breaks every page.
 */
import { test, expect } from "./fixtures";

test.describe("faults", () => {
  test("a form whose field names clash gets a page that says so, and changes nothing", async ({ page, a11y }) => {
    await page.goto("/");
    // what a broken or hostile client would send: `lng` both as one value and as a list
    await page.route("**/language*", (route) =>
      route.request().method() === "POST"
        ? route.continue({ postData: `${route.request().postData() ?? ""}&lng%5B%5D=es` })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.getByRole("heading", { name: "We could not read that form" })).toBeVisible();
    await expect(page.getByText("Some of its fields came in a shape this site never sends")).toBeVisible();
    await expect(page.getByText("Nothing you sent was saved.")).toBeVisible();
    await a11y(page);
    await page.unrouteAll();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("an empty CSRF cookie: the page loads with a fresh token and its forms work", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "__csrf", value: "", url: baseURL! }]);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});
