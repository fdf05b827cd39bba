import { test, expect, type Page } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";
import { DEMO } from "../../app/.server/db/seed";

async function quote(
  page: Page,
  opts: { zip?: string; dob?: string; category?: string; spouse?: string; children?: string; smoker?: "Yes" | "No" } = {},
) {
  await page.goto("/");
  const form = page.locator("form#quote");
  await form.getByLabel("ZIP code").fill(opts.zip ?? "75201");
  await form.getByLabel("Date of birth", { exact: true }).fill(opts.dob ?? "04/12/1988");
  await form.getByLabel("Male", { exact: true }).check();
  if (opts.spouse) await form.getByLabel("Spouse's date of birth (optional)").fill(opts.spouse);
  if (opts.children) await form.getByLabel("Number of children to cover").selectOption(opts.children);
  if (opts.smoker)
    await form
      .getByRole("group", { name: /tobacco/ })
      .getByLabel(opts.smoker, { exact: true })
      .check();
  await form.getByLabel("Category").selectOption(opts.category ?? "dental");
  await form.getByRole("button", { name: "Get Started" }).click();
  // the quote is saved before the next page is opened (with JavaScript the post is a fetch a goto would abort)
  await expect(page).toHaveURL(/\/plans\?type=/);
}

test.describe("quote, plans and plan detail", () => {
  test("a date typed key by key with a single-digit month is kept and accepted (issue 26 #5)", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form#quote");
    await form.getByLabel("ZIP code").fill("75201");
    const dob = form.getByLabel("Date of birth", { exact: true });
    await dob.pressSequentially("3/27/1985");
    await expect(dob).toHaveValue("3/27/1985");
    await form.getByLabel("Male", { exact: true }).check();
    await form.getByLabel("Category").selectOption("dental");
    await form.getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/plans\?type=dental$/);
    await expect(page.getByTestId("filter-bar")).toContainText("03/27/1985");
  });

  test("quote → plans → detail → add → Plan Added To Cart", async ({ page, a11y }) => {
    await page.goto("/");
    await a11y(page);
    await quote(page);
    await expect(page).toHaveURL(/\/plans\?type=dental$/);
    await expect(page.getByTestId("filter-bar")).toContainText("75201");
    await expect(page.getByRole("heading", { name: "Dental", level: 2 })).toBeVisible();
    await a11y(page);
    const card = page.getByRole("article", { name: "BrightSmile Essential Dental PPO" });
    await expect(card).toContainText("Member Only");
    await card.getByRole("link", { name: /View more details/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("BrightSmile Essential Dental PPO");
    await a11y(page);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-count")).toHaveText("1 plan");
    await page.goto("/plans?type=dental");
    await expect(page.getByRole("article", { name: "BrightSmile Essential Dental PPO" }).getByTestId("in-cart")).toHaveText(
      /Plan Added To Cart/,
    );
  });

  test("adding from the plan list shows the server message with View Cart and Add More Plan(s)", async ({ page, a11y }) => {
    await quote(page, { category: "vision" });
    const card = page
      .locator("article")
      .filter({ has: page.getByRole("button", { name: /^Add to cart: / }) })
      .first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("button", { name: /^Add to cart: / }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("flash")).toHaveText(`${name} was added to your cart.`);
    await expect(dialog.getByRole("link", { name: "View Cart" })).toBeVisible();
    await a11y(page);
    await dialog.getByRole("link", { name: "Add More Plan(s)" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("article", { name }).getByTestId("in-cart")).toBeVisible();
  });

  test("sent before the page's JavaScript ran, the form keeps what the server sent back once it runs", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "about the moment JavaScript takes over a server-rendered form");
    // hold every script: the first submit is a plain HTML post, as on a slow connection
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const form = page.locator("form#quote");
    await form.getByLabel("ZIP code").fill("00000");
    await form.getByLabel("Date of birth", { exact: true }).fill("01/01/2015");
    await form.getByLabel("Category").selectOption("dental");
    await form.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Age must be between 18 and 100 years.").first()).toBeVisible();
    await expect(form.getByLabel("ZIP code")).toHaveValue("00000");
    // now the scripts run and React takes over the page the server rendered
    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(form.getByLabel("ZIP code")).toHaveValue("00000");
    await expect(form.getByLabel("Date of birth", { exact: true })).toHaveValue("01/01/2015");
    await expect(form.getByLabel("Category")).toHaveValue("dental");
  });

  test("bad quote input gets the spec's messages and keeps what was typed", async ({ page, a11y }) => {
    await page.goto("/");
    const form = page.locator("form#quote");
    await form.getByLabel("ZIP code").fill("00000");
    await form.getByLabel("Date of birth", { exact: true }).fill("01/01/2015");
    await form.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Age must be between 18 and 100 years.").first()).toBeVisible();
    await expect(page.getByText("Please select a category.").first()).toBeVisible();
    await expect(page.getByText("Field is required").first()).toBeVisible();
    await expect(form.getByLabel("Date of birth", { exact: true })).toHaveValue("01/01/2015");
    await a11y(page);
    await form.getByLabel("Date of birth", { exact: true }).fill("01/01/1980");
    await form.getByLabel("Female", { exact: true }).check();
    await form.getByLabel("Category").selectOption("dental");
    await form.getByRole("button", { name: "Get Started" }).click();
    await expect(page.getByText("Invalid Zip code").first()).toBeVisible();
    await expect(form.getByLabel("ZIP code")).toHaveValue("00000");
  });

  for (const [code, quoteOpts, message] of [
    ["stateError", { zip: "90012" }, "Plan not available in your state."],
    ["metError", { zip: "75201" }, "Plan not available in the area."],
    ["smokerError", {}, "Tobacco usage required."],
    ["salaryError", {}, "Please enter your annual salary to view rates"],
    ["hourError", {}, "Please enter a sufficient working hours"],
    ["ageError", { dob: "04/12/1970" }, "Plan not available for selected age group."],
    ["tierError", { spouse: "05/05/1985" }, "Plan not available for this tier."],
  ] as const) {
    test(`the plan page shows ${code}`, async ({ page, a11y }) => {
      await quote(page, quoteOpts);
      await page.goto(`/plan/${planId(DEMO.errorCases[code][0])}/plan`);
      await expect(page.getByTestId("pricing-error")).toContainText(message);
      await a11y(page);
    });
  }
});
