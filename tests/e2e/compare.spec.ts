import { test, expect, type Page } from "./fixtures";
import { quoteFromHome } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

const ESS = "BrightSmile Essential Dental PPO";
const PREM = "BrightSmile Premier Dental PPO";
const SUN = "BrightSmile SunBelt Dental HMO";

const quote = (page: Page) => quoteFromHome(page);

/** Ticks a card's Compare box: sent at once with JavaScript, with the tray's Update button without. */
async function tick(page: Page, name: string, jsEnabled: boolean, expectedCount: number) {
  if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("checkbox", { name: `Compare ${name}` }).check();
  if (jsEnabled) await expect(page.getByTestId("compare-count")).toHaveText(`${expectedCount} of 4 plans chosen to compare`);
}

test.describe("compare plans", () => {
  test("choose three plans, compare them side by side, add one to the cart from the comparison", async ({ page, a11y, jsEnabled }) => {
    await quote(page);
    const tray = page.getByTestId("compare-tray");
    await expect(tray.getByTestId("compare-count")).toHaveText("Tick Compare on up to 4 plans to see them side by side.");
    await a11y(page);

    await tick(page, ESS, jsEnabled, 1);
    await tick(page, PREM, jsEnabled, 2);
    await tick(page, SUN, jsEnabled, 3);
    if (!jsEnabled) {
      await tray.getByRole("button", { name: "Update comparison" }).click();
      await expect(page).toHaveURL(/\/plans\?type=dental/);
    } else {
      await expect(tray.getByRole("button", { name: "Update comparison" })).toBeHidden();
    }
    await expect(tray.getByTestId("compare-count")).toHaveText("3 of 4 plans chosen to compare");
    await expect(tray.getByRole("listitem")).toHaveText([new RegExp(ESS), new RegExp(PREM), new RegExp(SUN)]);
    await expect(page.getByRole("checkbox", { name: `Compare ${PREM}` })).toBeChecked();
    await a11y(page);

    // the plan page offers Compare too, with the same tray
    await page.goto(`/plan/${planId("BSD-PPO-PREM")}/x`);
    await expect(page.getByRole("checkbox", { name: `Compare ${PREM}` }).first()).toBeChecked();
    await expect(page.getByTestId("compare-count")).toHaveText("3 of 4 plans chosen to compare");

    await page.getByTestId("compare-link").click();
    await expect(page).toHaveURL(
      new RegExp(`/compare\\?plans=${planId("BSD-PPO-ESS")},${planId("BSD-PPO-PREM")},${planId("BSD-HMO-SUN")}$`),
    );
    await expect(page).toHaveTitle(/^Compare plans · /);
    const table = page.getByRole("table");
    const heads = table.getByRole("columnheader");
    await expect(heads).toHaveCount(3);
    for (const [i, name] of [ESS, PREM, SUN].entries()) await expect(heads.nth(i)).toContainText(name);
    await expect(page.getByRole("region", { name: /Plans side by side, monthly prices for/ })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Deductible" })).toBeVisible();
    await expect(page.getByTestId("compare-row-maximums")).toContainText("$1,000 per person each calendar year");
    await expect(page.getByTestId("compare-row-maximums")).toContainText("$2,000 per person each calendar year");
    await expect(page.getByTestId("compare-row-maximums")).toHaveAttribute("data-differs", "true");
    await expect(page.getByTestId("compare-price")).toHaveCount(3);
    await a11y(page);

    // only the differences (a link: works without JavaScript)
    await page.getByRole("link", { name: "Show only the differences" }).click();
    await expect(page).toHaveURL(/&diff=1$/);
    await expect(page.getByTestId("compare-row-carrier")).toHaveCount(0);
    await expect(page.getByTestId("compare-row-maximums")).toBeVisible();
    await page.getByRole("link", { name: "Show all rows" }).click();
    await expect(page.getByTestId("compare-row-carrier")).toBeVisible();

    // readable at 320 px: the table scrolls inside its own region, the page does not
    await page.setViewportSize({ width: 320, height: 800 });
    const region = page.getByTestId("compare-region");
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await a11y(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Add to cart from the comparison: the plan page's own action
    await table.getByRole("button", { name: `Add to cart: ${PREM}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-table")).toContainText(PREM);
    await page.goBack();
    await page.reload();
    await expect(page.getByRole("table").getByTestId("in-cart")).toHaveCount(1);
  });

  test("a fifth plan is refused with a message, and too many in the address is a clear 400 page", async ({ page, a11y, jsEnabled }) => {
    await quote(page);
    await page.goto("/plans");
    const names = ["BrightSmile Essential Dental PPO", "BrightSmile Premier Dental PPO", "ClearView Vision Basic", "ClearView Vision Plus"];
    for (const [i, name] of names.entries()) await tick(page, name, jsEnabled, i + 1);
    if (!jsEnabled) await page.getByTestId("compare-tray").getByRole("button", { name: "Update comparison" }).click();
    await expect(page.getByTestId("compare-count")).toHaveText("4 of 4 plans chosen to compare");

    const fifth = page.getByRole("checkbox", { name: "Compare BrightSmile SunBelt Dental HMO" });
    // with JavaScript the box is sent at once and the refusal unticks it, possibly before check()
    // could see it ticked ("did not change its state"): a click, then the outcome below
    if (jsEnabled) await fifth.click();
    else await fifth.check();
    if (!jsEnabled) await page.getByTestId("compare-tray").getByRole("button", { name: "Update comparison" }).click();
    await expect(page.getByTestId("compare-refused")).toHaveText("You can compare up to 4 plans. Remove one to choose another.");
    await expect(page.getByTestId("compare-count")).toHaveText("4 of 4 plans chosen to compare");
    await expect(page.getByRole("checkbox", { name: "Compare BrightSmile SunBelt Dental HMO" })).not.toBeChecked();
    await a11y(page);

    // Remove from the tray
    await page.getByRole("button", { name: "Remove ClearView Vision Plus from the comparison" }).click();
    await expect(page.getByTestId("compare-count")).toHaveText("3 of 4 plans chosen to compare");

    const res = await page.goto("/compare?plans=1,2,3,6,7");
    expect(res?.status()).toBe(400);
    await expect(page.getByTestId("compare-limit")).toHaveText("You can compare up to 4 plans. Remove one to choose another.");
    await a11y(page);
    expect((await page.goto("/compare?plans=99999"))?.status()).toBe(404);
  });
});
