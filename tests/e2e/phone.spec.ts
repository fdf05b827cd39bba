/**
 * The store on a phone (issue 26 items 1–4), JavaScript off and on: the page's heading on the first
 * screen at 320×640, prices that never break inside a number or a word, an add to cart that comes
 * back to its card, jump links to the list's categories, and dialogs that hold the focus.
 */
import { test, expect, type Page } from "./fixtures";
import { addPlanToCart, fillContact, fillPersonal, quoteFromHome } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

const PHONE = { width: 320, height: 640 };

/** Where the page's first h1 starts, from the top of the document. */
async function h1Top(page: Page) {
  return page
    .locator("h1")
    .first()
    .evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
}

async function expectHeadingOnFirstScreen(page: Page) {
  const top = await h1Top(page);
  expect(top, `the h1 of ${page.url()} starts at ${top} px`).toBeLessThan(400);
}

/**
 * The elements among `selector` whose text takes more than one line (a price broken inside a
 * number or a word, or its "/month" pushed under it): the lines of a text are its Range's boxes.
 */
async function wrappedTexts(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      if (!(el as HTMLElement).offsetParent && getComputedStyle(el).position !== "fixed") continue; // not shown
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      let lines = 0;
      let bottom = Number.NEGATIVE_INFINITY;
      for (const r of rects.sort((a, b) => a.top - b.top)) {
        if (r.top >= bottom - 2) lines += 1;
        bottom = Math.max(bottom, r.bottom);
      }
      if (lines > 1) broken.push(`${(el.textContent ?? "").trim()} (${lines} lines)`);
    }
    return broken;
  }, selector);
}

/** The tier rows of every card: each amount ends at the same place as the card's others. */
async function misalignedTierRows(page: Page) {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const card of Array.from(document.querySelectorAll('article[data-testid^="plan-card-"]'))) {
      const rights = Array.from(card.querySelectorAll("dl dd")).map((dd) => Math.round(dd.getBoundingClientRect().right));
      if (rights.length && Math.max(...rights) - Math.min(...rights) > 1) bad.push(card.getAttribute("data-testid")!);
    }
    return bad;
  });
}

test.describe("the store on a phone", () => {
  test("at 320×640 the h1 is on the first screen of the home, plans, plan and cart pages and every wizard step", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expectHeadingOnFirstScreen(page);
    await a11y(page);

    // the category menu is behind one control, which opens it with or without JavaScript
    const menu = page.getByRole("navigation", { name: "Plan categories" });
    await expect(menu.getByRole("link", { name: "Dental Plans" })).toBeHidden();
    await menu.getByText("Plan categories", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Dental Plans" })).toBeVisible();
    await a11y(page);
    await menu.getByRole("link", { name: "Dental Plans" }).click();
    await expect(page).toHaveURL(/\/plans\?type=dental$/);
    await expectHeadingOnFirstScreen(page);

    await quoteFromHome(page);
    await page.goto("/plans");
    await expectHeadingOnFirstScreen(page);
    await page.goto(`/plan/${planId("BSD-PPO-ESS")}/x`);
    await expectHeadingOnFirstScreen(page);
    await addPlanToCart(page, "BSD-PPO-ESS");
    await expectHeadingOnFirstScreen(page);
    expect(
      await wrappedTexts(
        page,
        '[data-testid="cart-table"] th:nth-child(-n + 2), [data-testid="cart-table"] td:nth-child(2), [data-testid="initial-month"], [data-testid="recurring-month"]',
      ),
    ).toEqual([]);
    await a11y(page);

    // the wizard, step by step to the signature
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
    await expectHeadingOnFirstScreen(page);
    await a11y(page);
    const tag = `${jsEnabled ? "js" : "nojs"}${Date.now()}`;
    await fillPersonal(page, { first: "Ana", last: "Phone", marital: "Single", ssn: "123-45-6789" });
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await expectHeadingOnFirstScreen(page);
    await fillContact(page, { email: `ana.phone.${tag}@gmail.com`, phone: `214730${1000 + (Date.now() % 8999)}`, jsEnabled });
    // this journey's next step is the signature (the spec's order: … review, signature, billing)
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    await expectHeadingOnFirstScreen(page);
    await a11y(page);
  });

  for (const width of [320, 1280, 1920]) {
    test(`at ${width} px no price on a plan card breaks inside a number or a word, and the tier rows line up`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await quoteFromHome(page);
      await page.goto("/plans");
      const prices = page.locator('article[data-testid^="plan-card-"] dl dd');
      expect(await prices.count()).toBeGreaterThan(20);
      expect(await wrappedTexts(page, 'article[data-testid^="plan-card-"] dl dd')).toEqual([]);
      expect(await misalignedTierRows(page)).toEqual([]);
    });
  }

  test("at 1280 px the whole category menu shows, no control to open", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Plan categories" });
    const links = menu.getByRole("link");
    expect(await links.count()).toBeGreaterThan(10);
    for (const link of await links.all()) await expect(link).toBeVisible();
    await expect(menu.getByText("Plan categories", { exact: true })).toBeHidden();
  });

  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`at ${viewport.width} px the all-plans list jumps to each category, and an add far down comes back to its card`, async ({
      page,
      a11y,
      jsEnabled,
    }) => {
      test.setTimeout(180_000); // the all-plans page is long: axe on it takes a while
      await page.setViewportSize(viewport);
      await quoteFromHome(page);
      await page.goto("/plans");

      // jump links at the top, each to a section of the list
      const jump = page.getByRole("navigation", { name: "Jump to a category" });
      const targets = await jump.getByRole("link").evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash));
      expect(targets.length).toBeGreaterThan(5);
      for (const hash of targets) await expect(page.locator(hash)).toHaveCount(1);
      const jumpTop = await jump.evaluate((n) => n.getBoundingClientRect().top + window.scrollY);
      const firstCard = await page
        .locator("article")
        .first()
        .evaluate((n) => n.getBoundingClientRect().top + window.scrollY);
      expect(jumpTop).toBeLessThan(firstCard);
      await jump.getByRole("link").last().click();
      await expect(page).toHaveURL(new RegExp(`${targets.at(-1)}$`));
      await expect(page.locator(targets.at(-1)!)).toBeInViewport();

      // the last card that adds straight from the list, far down the page
      const card = page
        .locator("article")
        .filter({ has: page.getByRole("button", { name: /^Add to cart: / }) })
        .last();
      const id = (await card.getAttribute("id"))!;
      expect(id).toMatch(/^plan-\d+$/);
      const name = (await card.getByRole("heading").textContent())!.trim();
      await card.getByRole("button", { name: /^Add to cart: / }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByTestId("flash")).toHaveText(`${name} was added to your cart.`);
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
      await expect(page.locator(`#${id}`)).toBeInViewport();
      await expect(dialog).toBeInViewport();
      await a11y(page);

      if (jsEnabled) {
        // a modal dialog: the page behind is inert, Tab stays inside
        expect(await dialog.evaluate((d) => d.matches("dialog:modal"))).toBe(true);
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press("Tab");
          const inside = await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body);
          expect(inside, `Tab ${i + 1} left the dialog`).toBe(true);
        }
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        // focus comes back to the card
        expect(await page.evaluate((cardId) => document.getElementById(cardId)?.contains(document.activeElement), id)).toBe(true);
      } else {
        await dialog.getByRole("link", { name: "Add More Plan(s)" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      await expect(page.locator(`#${id}`)).toBeInViewport();
      await expect(page.locator(`#${id}`).getByTestId("in-cart")).toBeVisible();
    });
  }

  test("a dialog opened from a link: modal with JavaScript, Escape closes it, the focus goes back to its link", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    await page.setViewportSize(PHONE);
    await quoteFromHome(page);
    await addPlanToCart(page, "BSD-PPO-ESS");
    const remove = page.getByRole("link", { name: /^Remove .* from the cart$/ });
    if (jsEnabled) {
      await remove.focus();
      await page.keyboard.press("Enter");
    } else await remove.click();
    const dialog = page.getByRole("dialog", { name: "Remove plan" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeInViewport();
    await a11y(page);
    if (!jsEnabled) {
      // without JavaScript the server's dialog is a page of its own: its buttons work
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      return;
    }
    expect(await dialog.evaluate((d) => d.matches("dialog:modal"))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(remove).toBeFocused();
  });
});
