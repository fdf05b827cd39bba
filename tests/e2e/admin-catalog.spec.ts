/**
 * Issue 27's done-when journey, JavaScript off and on, axe on every page: the demo operator signs
 * in at /admin with the code from the outbox, uploads a broken CMS Rate PUF (each row's problem
 * listed by file, row and column; nothing imported), uploads a clean one for a new plan with its
 * plans and rating-area files, previews the draft, is refused a past effective date, publishes
 * for a date two months ahead — the store's medical prices today are what they were and the new
 * plan is not sold yet (that date's prices are proved in tests/integration/admin-catalog.test.ts:
 * the store picks the effective date itself) — then edits a rep's branding and sees it on the
 * rep's landing page, and finds each step in the audit trail.
 */
import { test, expect } from "./fixtures";
import { quoteFromHome, typeCodeFromOutbox } from "./journeys";

const AGES = ["0-14", ...Array.from({ length: 49 }, (_, i) => String(15 + i)), "64 and over"];
const PUF_HEADER =
  "BusinessYear,PlanId,RatingAreaId,Tobacco,Age,IndividualRate,IndividualTobaccoRate,Couple,PrimarySubscriberAndOneDependent,PrimarySubscriberAndTwoDependents,PrimarySubscriberAndThreeOrMoreDependents,CoupleAndOneDependent,CoupleAndTwoDependents,CoupleAndThreeOrMoreDependents,RateEffectiveDate,RateExpirationDate";

function firstOfMonth(monthsAhead: number) {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + monthsAhead);
  return d.toISOString().slice(0, 10);
}

const csv = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(`${text}\n`) });

test.describe("the catalog in the operators' console", () => {
  test("an operator imports a Rate PUF, sees a broken file's row errors, previews, publishes for a future date, edits a rep's branding; every step is on the trail", async ({
    page,
    a11y,
    jsEnabled,
  }) => {
    test.slow();
    const x = jsEnabled ? "on" : "off";
    // a plan, files and a rep of this run's own: the two runs share one server
    const plan = `21989TX00${jsEnabled ? "5" : "6"}0001`;
    const planName = `Summit Console Silver ${x}`;
    const from = firstOfMonth(2);
    const until = firstOfMonth(14);
    const puf = (rate: (i: number) => string) =>
      [PUF_HEADER, ...AGES.map((age, i) => `2027,${plan},Rating Area 1,No Preference,${age},${rate(i)},,,,,,,,,${from},${until}`)].join(
        "\n",
      );
    const plans = `code,status,category,carrier,name_en,name_es,states,age_min,age_max,audience\n${plan},offered,medical,summit-mutual,${planName},Summit Plata Consola ${x},TX,18,64,under65`;
    const areas = "state,rating_area,zip3\nTX,1,752";

    // the store today, before anything is imported
    await quoteFromHome(page, { category: "medical" });
    const cards = page.locator('[data-testid^="plan-card-"]');
    await expect(cards.first()).toBeVisible();
    const pricesToday = await cards.allTextContents();

    // sign in
    await page.goto("/admin");
    await page.getByLabel("Work e-mail address").fill("operator@demo.test");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/\/admin\/code$/);
    await typeCodeFromOutbox(page);
    await expect(page).toHaveURL(/\/admin$/);

    // the catalog: a broken Rate PUF is refused whole, each problem with its file, row and column
    await page.getByRole("link", { name: "Catalog", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/catalog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Catalog");
    await a11y(page);
    const broken = `Rate_PUF-broken-${x}.csv`;
    await page.getByLabel("Files", { exact: true }).setInputFiles([
      csv(
        broken,
        puf((i) => (i === 3 ? "abc" : (200 + i).toFixed(2))),
      ),
      csv(`plans-${x}.csv`, plans),
      csv("rating-areas.csv", areas),
    ]);
    await page.getByRole("button", { name: "Check and keep as a draft" }).click();
    const problems = page.getByTestId("catalog-problems");
    await expect(problems).toContainText("The upload was refused: 1 problem");
    await expect(problems).toContainText("Nothing was imported and nothing in the catalog changed");
    await expect(page.getByTestId("catalog-problem")).toHaveText([`${broken}, row 5, IndividualRate: not a number`]);
    await expect(page.getByTestId("catalog-version").filter({ hasText: broken })).toHaveCount(0);
    await a11y(page);

    // a clean one: a draft, previewed
    await page.getByLabel("Files", { exact: true }).setInputFiles([
      csv(
        `Rate_PUF-${x}.csv`,
        puf((i) => (200 + i).toFixed(2)),
      ),
      csv(`plans-${x}.csv`, plans),
      csv("rating-areas.csv", areas),
    ]);
    await page.getByRole("button", { name: "Check and keep as a draft" }).click();
    await expect(page).toHaveURL(/\/admin\/catalog\/\d+\?imported=1$/);
    const versionId = /\/admin\/catalog\/(\d+)/.exec(page.url())![1];
    await expect(page.getByTestId("imported")).toBeVisible();
    await expect(page.getByTestId("version-state")).toContainText("Draft (not published)");
    await expect(page.getByTestId("plans-added")).toHaveText(plan);
    await expect(page.getByTestId("rate-count")).toHaveText("51");
    await expect(page.getByTestId("sample").first()).toContainText(plan);
    await a11y(page);

    // a past date is refused beside the field and in the summary; what was typed stays
    await page.getByLabel("Effective date").fill("2001-01-01");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.locator(".error-summary")).toContainText("Effective date: The effective date cannot be in the past");
    await expect(page.locator(".field--error")).toContainText("cannot be in the past");
    await expect(page.getByLabel("Effective date")).toHaveValue("2001-01-01");
    await a11y(page);

    await page.getByLabel("Effective date").fill(from);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/catalog/${versionId}\\?published=1$`));
    await expect(page.getByTestId("published")).toContainText(`in force from ${from}`);
    await expect(page.getByTestId("version-state")).toContainText("Scheduled");
    await expect(page.getByTestId("version-state")).toContainText("published by Demo Operator");
    await a11y(page);

    // the store today: the same medical plans at the same prices; the new plan is not sold before its date
    await page.goto("/plans?type=medical");
    await expect(cards.first()).toBeVisible();
    expect(await cards.allTextContents()).toEqual(pricesToday);
    await expect(page.getByText(planName)).toHaveCount(0);

    // a rep's branding, seen on their landing page
    const code = `E2ECAT${x.toUpperCase()}`;
    const slug = `e2e-catalog-rep-${x}`;
    const tagline = `Plans that fit (${x})`;
    await page.goto("/admin/reps/new");
    await page.getByLabel("Access code").fill(code);
    await page.getByLabel("Landing page address").fill(slug);
    await page.getByLabel("First name").fill("Cata");
    await page.getByLabel("Last name").fill(`Logue ${x}`);
    await page.getByLabel("E-mail", { exact: true }).fill(`cata.${x}@example.com`);
    await page.getByLabel("Phone", { exact: true }).fill("2145550112");
    await page.getByLabel("Direct to Consumer").check();
    await page.getByRole("button", { name: "Create rep" }).click();
    await expect(page).toHaveURL(/\/admin\/reps\/\d+\?saved=1$/);
    await page.getByLabel("Brand colour").fill("#14532d");
    await page.getByLabel("Tagline (English)").fill(tagline);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("saved")).toBeVisible();
    await page.getByRole("link", { name: "View their landing page" }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}`));
    await expect(page.locator("#main").getByText(tagline)).toBeVisible();
    expect(await page.content()).toContain("--brand:#14532d");

    // the trail: the import, the publication and the rep's branding, each by the demo operator
    for (const [kind, text] of [
      ["catalog.import", `catalog_version #${versionId}`],
      ["catalog.publish", `effective_date: — → ${from}`],
      ["rep.update", `tagline_en: — → ${tagline}`],
    ] as const) {
      await page.goto(`/admin/audit?kind=${kind}`);
      const entry = page.getByTestId("audit-entry").filter({ hasText: text }).first();
      await expect(entry).toContainText("Demo Operator");
    }
    await a11y(page);
  });
});
