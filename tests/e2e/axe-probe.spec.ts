import { test, expect } from "./fixtures";

/**
 * The accessibility check itself: a page with known WCAG failures must fail it, with JavaScript off
 * (axe on the server HTML in a scripts-blocked page) and on. Guards the options the fixture passes axe.
 */
test("the accessibility check finds a field without a label and text without enough contrast", async ({ page, a11y }) => {
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Probe</title></head><body><main><h1>Probe</h1>' +
    '<form><input type="text" name="q"></form><p style="color:#c8c8c8;background:#ffffff">Faint text</p></main></body></html>';
  await page.route("**/axe-probe", (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  await page.goto("/axe-probe");
  const failure = await a11y(page).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(failure).toContain("label");
  expect(failure).toContain("color-contrast");
});
