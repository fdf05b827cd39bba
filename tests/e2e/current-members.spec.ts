import { test, expect, openMailbox, type Page, type TestGroup } from "./fixtures";
import { groupAdminSignsIn, repSignsIn } from "./journeys";

/** The demo's group and its first admin (the seed's; only this spec's group-members test uses them). */
const DEMO_GROUP: TestGroup = {
  code: "ACME2024",
  company: "Acme Logistics Inc.",
  admins: [
    { first: "Dana", last: "Whitfield", name: "Dana Whitfield", email: "dana.whitfield@acmelogistics.example" },
    { first: "Tomás", last: "Alvarez", name: "Tomás Alvarez", email: "tomas.alvarez@acmelogistics.example" },
  ],
};
import { DEMO } from "../../app/.server/db/seed";
import { createCipher } from "../../app/.server/platform/crypto";
import { memberStoreToken } from "../../app/.server/members/member-links";
import { ENCRYPTION_KEY } from "./servers";

/** The rep's members need the rep signed in with a code (issue 15). */
async function enterAsRep(page: Page) {
  await repSignsIn(page);
}

/** A link's expiry of its own (ADR 033: a link is held by the first browser that presses its button; the projects run alongside). */
const uniqueExpiry = () => new Date(Date.now() + 86400_000 + Math.floor(Math.random() * 1_000_000) * 1000);

/** The newest code e-mailed to this address, read from the development mailbox. */
async function codeMailed(page: Page, email: string) {
  // the mailbox is read on the server's machine, not through the proxy the test's browser comes by (ADR 032)
  const mailbox = await openMailbox(page);
  await mailbox.getByRole("row").filter({ hasText: email }).first().getByRole("link").first().click();
  const text = (await mailbox.getByTestId("message-text").textContent()) ?? "";
  await mailbox.context().close();
  const code = /\b(\d{6})\b/.exec(text);
  expect(code, text).not.toBeNull();
  return code![1]!;
}

const rows = (page: Page) => page.getByTestId("members-table").locator("tbody tr");

test.describe("current members", () => {
  test("rep: Current Member → table → search → Enroll Now → Member Only → plans", async ({ page, a11y }) => {
    await enterAsRep(page);
    await a11y(page);
    await page.getByRole("link", { name: "Current Member", exact: true }).click();
    await expect(page).toHaveURL(/\/agent-select-member$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a current member");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*›?\s*Current Member/);
    // 5 rows per page, SSNs masked, the inactive plan in words as well as colour
    // other journeys running alongside may add members to this rep: the count is not fixed
    await expect(page.getByRole("table", { name: /^Current members, page 1 of \d+$/ })).toBeVisible();
    await expect(rows(page)).toHaveCount(5);
    for (const ssn of await page.getByTestId("member-ssn").allTextContents()) expect(ssn.trim()).toMatch(/^XXX-XX-\d{4}$/);
    expect(await page.content()).not.toContain("412583307");
    await a11y(page);
    // Next / Previous
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/agent-select-member\?page=2$/);
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/Page 2 of \d+/);
    await expect(rows(page).first()).toBeVisible();
    expect(await rows(page).count()).toBeLessThanOrEqual(5);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Previous" }).click();
    await expect(rows(page)).toHaveCount(5);
    // search (members other journeys add can push anyone off page 1, so find Linda Nguyen by name)
    const search = page.getByRole("search");
    await search.getByLabel("Search members").fill("Nguyen");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/agent-select-member\?q=Nguyen$/);
    const nguyen = rows(page).filter({ hasText: "Linda Nguyen" });
    await expect(nguyen.locator('li[data-status="inactive"]')).toHaveCount(1);
    await expect(nguyen.locator('li[data-status="inactive"]')).toContainText("(inactive)");
    await expect(nguyen).toContainText("03/05/1971");
    await search.getByLabel("Search members").fill("Thompson");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/agent-select-member\?q=Thompson$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Michael Thompson");
    await expect(rows(page).first()).toContainText("XXX-XX-3307");
    await a11y(page);
    // Enroll Now → Choose Tier (Back, Submit)
    await page.getByRole("link", { name: "Enroll Now for Michael Thompson" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose Tier" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("enrolling-member")).toHaveText("Member: Michael Thompson");
    await expect(dialog.getByRole("link", { name: "Back" })).toBeVisible();
    await a11y(page);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByText("Please choose a tier").first()).toBeVisible();
    await a11y(page);
    await dialog.getByLabel("Member Only").check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    const filter = page.getByTestId("filter-bar");
    await expect(filter).toContainText("75024");
    await expect(filter).toContainText("04/12/1979");
    await expect(filter).toContainText("Member Only");
    await expect(page.getByTestId("selection-banner")).toContainText("Michael Thompson");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Current Member" })).toBeVisible();
    await a11y(page);
  });

  test("rep: an empty search says so; Family asks for the dependents first", async ({ page, a11y }) => {
    await enterAsRep(page);
    await page.goto("/agent-select-member?q=nobody-here");
    await expect(page.getByTestId("no-members")).toHaveText(/No members match “nobody-here”/);
    await expect(page.getByRole("table")).toHaveCount(0);
    await a11y(page);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(rows(page)).toHaveCount(5);
    await page.getByRole("link", { name: "Enroll Now for Robert Chen" }).click();
    await page.getByRole("dialog", { name: "Choose Tier" }).getByLabel("Family").check();
    await page.getByRole("dialog", { name: "Choose Tier" }).getByRole("button", { name: "Submit" }).click();
    const dependents = page.getByRole("dialog", { name: "Please provide the following information" });
    await expect(dependents).toBeVisible();
    await expect(page).toHaveURL(/member=3&step=dependents&tier=IF/);
    await a11y(page);
    await dependents.getByLabel("Spouse's date of birth").fill("01/01/2020");
    await dependents.getByRole("button", { name: "Submit" }).click();
    await expect(dependents.getByText("Your spouse must be 18 or older").first()).toBeVisible();
    await expect(dependents.getByText("Field is required").first()).toBeVisible();
    await a11y(page);
    await dependents.getByLabel("Spouse's date of birth").fill("02/14/1970");
    await dependents.getByLabel("Number of children").selectOption("2");
    await dependents.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByTestId("filter-bar")).toContainText("Family");
    await expect(page.getByTestId("selection-banner")).toContainText("Robert Chen");
    await a11y(page);
  });

  test("group: the admin signs in → group home → Current Members → its members only → Enroll Now → plans", async ({ page, a11y }) => {
    // The demo group, alone among the specs (tests/e2e-own-data.test.ts): its list needs members, and
    // a member is made only by a completed enrollment — a group of the test's own would have none.
    await groupAdminSignsIn(page, DEMO_GROUP);
    await a11y(page);
    await page.getByRole("link", { name: "Open the member list" }).click();
    await expect(page).toHaveURL(/\/group-select-member$/);
    // the demo group's members, and no other group's: other journeys in this run enroll more Acme
    // employees meanwhile (through their invitations), so the list is neither counted nor read from
    // page 1 alone — each member is searched for
    await expect(page.getByTestId("members-table")).not.toContainText("Michael Thompson");
    await a11y(page);
    const search = page.getByRole("search");
    for (const [name, last] of [
      ["Angela Brooks", "Brooks"],
      ["David Okafor", "Okafor"],
      ["Michael Thompson", "Thompson"],
      ["Linda Nguyen", "Nguyen"],
    ]) {
      await search.getByLabel("Search members").fill(last!);
      await search.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/group-select-member\\?q=${last}$`));
      await expect(rows(page).filter({ hasText: name! })).toHaveCount(name === "Michael Thompson" ? 0 : 1);
    }
    await page.getByRole("link", { name: "Enroll Now for Linda Nguyen" }).click();
    const tier = page.getByRole("dialog", { name: "Choose Tier" });
    await a11y(page);
    await tier.getByLabel("Member Only").check();
    await tier.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByTestId("filter-bar")).toContainText("75080");
    await expect(page.getByTestId("selection-banner")).toContainText("Linda Nguyen");
    await a11y(page);
  });

  test("a member benefit store link shows the member a button that opens their plans; in another browser only a code opens it; an expired one says so", async ({
    page,
    a11y,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    const cipher = createCipher(Buffer.from(ENCRYPTION_KEY, "hex")); // signed as scripts/member-store-link.ts does, with the e2e server's key
    const member = DEMO.members.ids.memberBenefitStore[0];
    const token = memberStoreToken(cipher, member, uniqueExpiry());
    await page.goto(`/member-benefit-store/${token}/IO`);
    await expect(page.getByTestId("member-greeting")).toContainText("Welcome,");
    await a11y(page);
    await page.getByRole("button", { name: "See my plans" }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await expect(page.getByTestId("filter-bar")).toBeVisible();

    // the same link in another browser (a forwarded mail): nothing of the member, only a code sent to them (ADR 033)
    const other = await (await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL })).newPage();
    await other.goto(`/member-benefit-store/${token}/IO`);
    await expect(other.getByTestId("member-link-code")).toBeVisible();
    await expect(other.getByTestId("member-greeting")).toHaveCount(0);
    expect(await other.content()).not.toContain("Bennett");
    await a11y(other);
    await other.getByRole("button", { name: "Send me a code" }).click();
    await expect(other.getByTestId("member-link-refused")).toHaveText("We sent a code by e-mail.");
    await expect(other.getByText("o***@example.com")).toBeVisible();
    await a11y(other);
    // a wrong code: beside the field and in the summary, nothing opens
    const code = await codeMailed(other, "olivia.bennett@example.com");
    await other.getByLabel("Code from the e-mail").fill(code === "000000" ? "111111" : "000000");
    await other.getByRole("button", { name: "Continue" }).click();
    await expect(other.getByText("That code is not right. Check it and try again.").first()).toBeVisible();
    await a11y(other);
    await other.getByLabel("Code from the e-mail").fill(code);
    await other.getByRole("button", { name: "Continue" }).click();
    await expect(other).toHaveURL(/\/plans$/);
    await other.context().close();
    // the first browser now needs a code in its turn
    await page.goto(`/member-benefit-store/${token}/IO`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Open your member benefit store");
    await expect(page.getByRole("button", { name: "Send me a code" })).toBeVisible();
    const expired = memberStoreToken(cipher, member, new Date(Date.now() - 1000));
    const res = await page.goto(`/member-benefit-store/${expired}/IO`);
    expect(res?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
    await a11y(page);
    await page.goto(`/member-benefit-store/${expired}/IO?lng=es`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Este enlace ha vencido");
    await page.goto(`/member-benefit-store/${token}/IO?lng=es`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abra su tienda de beneficios para miembros");
    await expect(page.getByRole("button", { name: "Envíenme un código" })).toBeVisible();
    await a11y(page);
  });

  test("an unknown member benefit store link is a 404", async ({ page, a11y }) => {
    const res = await page.goto("/member-benefit-store/9.AAAAAAAAAAAAAAAAAAAAAA/IO");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "OOPS! Page not found" })).toBeVisible();
    await a11y(page);
  });
});
