/**
 * Issue 26 #8 in the browser, JavaScript off and on, at 320 px and 1280 px, axe on every page:
 * a current member's active plans say "Your current plan" with no add button (cards and plan page);
 * a rep's typed quote comes back after the portal chooser; a pet plan shows one price, per pet.
 */
import { test, expect, type Page } from "./fixtures";
import { quoteFromHome, repSignsIn } from "./journeys";
import { DEMO } from "../../app/.server/db/seed";
import { planId } from "../../app/.server/db/seed/catalog";
import { createCipher } from "../../app/.server/platform/crypto";
import { memberStoreToken } from "../../app/.server/members/member-links";
import { ENCRYPTION_KEY } from "./servers";

const WIDTHS = [320, 1280];

/** Enters the store as a member of the member benefit store through a link of its own (Daniel Hale; ADR 033: one browser per link). */
async function enterAsMember(page: Page) {
  const cipher = createCipher(Buffer.from(ENCRYPTION_KEY, "hex")); // signed as scripts/member-store-link.ts does, with the e2e server's key
  const member = DEMO.members.ids.memberBenefitStore[1];
  await page.goto(
    `/member-benefit-store/${memberStoreToken(cipher, member, new Date(Date.now() + 86400_000 + Math.floor(Math.random() * 1_000_000) * 1000))}/IO`,
  );
  await page.getByRole("button", { name: "See my plans" }).click();
  await expect(page).toHaveURL(/\/plans$/);
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

test.describe("issue 26: the store's small things", () => {
  for (const width of WIDTHS) {
    test(`a current member's active plans say so, with no add (${width} px)`, async ({ page, a11y }) => {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 900 });
      await enterAsMember(page);
      const held = page.getByTestId(`plan-card-${planId("EWL-TELEHEALTH")}`);
      await expect(held.getByTestId("current-plan")).toHaveText("Your current plan");
      await expect(held.getByRole("button", { name: /add to cart/i })).toHaveCount(0);
      await expect(held.getByRole("link", { name: /add to cart/i })).toHaveCount(0);
      // a plan the member does not hold keeps its add
      const other = page.getByTestId(`plan-card-${planId("CVV-BASIC")}`);
      await expect(other.getByTestId("current-plan")).toHaveCount(0);
      await expect(other.getByRole("button", { name: /add to cart/i }).or(other.getByRole("link", { name: /add to cart/i }))).toHaveCount(
        1,
      );
      await noSideways(page);
      await a11y(page);
      // the plan page says the same
      await held.getByRole("link", { name: /View More Details/i }).click();
      await expect(page).toHaveURL(/\/plan\//);
      await expect(page.getByTestId("current-plan").first()).toHaveText("Your current plan");
      await expect(page.getByRole("button", { name: "Add to cart", exact: true })).toHaveCount(0);
      await noSideways(page);
      await a11y(page);
      // in Spanish
      await page.goto(`${new URL(page.url()).pathname}?lng=es`);
      await expect(page.getByTestId("current-plan").first()).toHaveText("Su plan actual");
    });
  }

  test("a rep's typed quote goes through the portal chooser and comes back in the quote form", async ({ page, a11y }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await repSignsIn(page);
    await page.goto("/plans");
    const form = page.locator("form#plans-quote");
    await form.getByLabel("ZIP code").fill("75201");
    await form.getByLabel("Date of birth", { exact: true }).fill("04/12/1988");
    await form.getByLabel("Female", { exact: true }).check();
    await form.getByRole("button", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/agent-home\?step=portal&quote=/);
    expect(page.url()).not.toContain("75201");
    const dialog = page.getByRole("dialog", { name: "Choose a platform" });
    await dialog.getByLabel("Direct to Consumer", { exact: false }).check();
    await a11y(page);
    await dialog.getByRole("button", { name: "Start Direct Enrollment" }).click();
    await expect(page).toHaveURL(/\/home\?quote=/);
    const quote = page.locator("form#quote");
    await expect(quote.getByLabel("ZIP code")).toHaveValue("75201");
    await expect(quote.getByLabel("Date of birth", { exact: true })).toHaveValue("04/12/1988");
    await expect(quote.getByLabel("Female", { exact: true })).toBeChecked();
    await a11y(page);
  });

  for (const width of WIDTHS) {
    test(`a pet plan shows one price, per pet, not four human tiers (${width} px)`, async ({ page, a11y }) => {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 900 });
      await quoteFromHome(page, { category: "pet" });
      const card = page.getByTestId(`plan-card-${planId("PAW-COMPLETE")}`);
      await expect(card.locator("dt")).toHaveText(["Per pet"]);
      await expect(card.locator("dd")).toHaveText([/^\$\d+\.\d\d\/month$/]);
      await noSideways(page);
      await a11y(page);
      await page.goto("/plans?type=pet&lng=es");
      await expect(page.getByTestId(`plan-card-${planId("PAW-COMPLETE")}`).locator("dt")).toHaveText(["Por mascota"]);
      await a11y(page);
    });
  }
});
