/**
 * Spanish from end to end (issue 14, "Both languages"). A rep switches to Español with the
 * header's button, the way a visitor does, and enrolls a member in Spanish: on every page the
 * title, each text node and each text a screen reader reads (aria-label, title, alt,
 * placeholder, button values) must not be the text of an English translation — one whose
 * English and Spanish values differ. Proper nouns (plans, carriers, portals, brand) are never
 * translation values, so they pass.
 */
import { test, expect, drawSignature, type Page } from "./fixtures";
import { planId } from "../../app/.server/db/seed/catalog";
import fs from "node:fs";
import path from "node:path";
import { typeCodeFromOutbox } from "./journeys";

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const locale = (lng: string) => JSON.parse(fs.readFileSync(path.resolve("public/locales", lng, "common.json"), "utf8"));
const en = flatten(locale("en"));
const es = flatten(locale("es"));
/** The Spanish text of a key (labels to find things by). */
const T = (key: string, values: Record<string, string> = {}) => {
  expect(es[key], `no Spanish text for ${key}`).toBeTruthy();
  return es[key].replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? "");
};

/** English values a Spanish page must not show: different from their Spanish value and no Spanish text themselves. */
const spanishValues = new Set(Object.values(es));
const englishOnly = Object.entries(en).filter(([k, v]) => es[k] !== v && !spanishValues.has(v) && !/<\w/.test(v));
const englishTexts = new Map(englishOnly.filter(([, v]) => !v.includes("{{")).map(([k, v]) => [v.replace(/\s+/g, " ").trim(), k]));
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Texts with {{values}} in them: matched as a whole, when enough English words surround the values to be sure. */
const englishTemplates = englishOnly
  .filter(([, v]) => v.includes("{{") && v.replace(/{{[^}]*}}|[^A-Za-z]/g, "").length >= 6)
  .map(([k, v]) => ({
    key: k,
    re: new RegExp(
      `^${v
        .split(/{{[^}]*}}/)
        .map((part) => escapeRegExp(part.replace(/\s+/g, " ")))
        .join(".+?")
        .trim()}$`,
    ),
  }));

/** Words of English prose that Spanish never uses: text from the database (plan copy, agreements, questions) in English shows itself by them. */
const ENGLISH_WORDS = new Set([
  "the",
  "and",
  "your",
  "you",
  "with",
  "for",
  "of",
  "is",
  "are",
  "this",
  "that",
  "from",
  "will",
  "can",
  "be",
  "or",
  "to",
  "at",
  "by",
  "on",
  "have",
  "has",
  "not",
  "our",
  "we",
  "it",
]);
function looksEnglish(text: string) {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  return words.length >= 4 && words.filter((w) => ENGLISH_WORDS.has(w)).length >= 2;
}

/** The pages' titles in Spanish. */
const spanishTitles = Object.entries(es)
  .filter(([k]) => k.startsWith("pageTitle."))
  .map(([, v]) => v);

/** Every text the page shows or reads out, and its title. */
async function textsOf(page: Page) {
  return page.evaluate(() => {
    const out: Array<{ where: string; text: string }> = [{ where: "<title>", text: document.title }];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest("script, style, template")) continue;
      // with JavaScript on, <noscript> holds its markup as one raw text
      if (parent.closest("noscript") && /</.test(n.textContent ?? "")) continue;
      out.push({ where: `<${parent.tagName.toLowerCase()}>`, text: n.textContent ?? "" });
    }
    for (const el of Array.from(
      document.querySelectorAll("[aria-label], [title], [alt], [placeholder], input[type=submit], input[type=button]"),
    )) {
      for (const attr of ["aria-label", "title", "alt", "placeholder", "value"]) {
        const v = el.getAttribute(attr);
        if (v && (attr !== "value" || el.matches("input[type=submit], input[type=button]")))
          out.push({ where: `${el.tagName.toLowerCase()}[${attr}]`, text: v });
      }
    }
    return out.map((t) => ({ ...t, text: t.text.replace(/\s+/g, " ").trim() })).filter((t) => t.text);
  });
}

/** What on this Spanish page is the text of an English translation. */
async function englishOnPage(page: Page) {
  const found: string[] = [];
  for (const { where, text } of await textsOf(page)) {
    const parts = where === "<title>" ? text.split(" · ") : [text];
    for (const part of parts) {
      const key = englishTexts.get(part) ?? englishTemplates.find((t) => t.re.test(part))?.key;
      if (key) found.push(`${where} "${part}" (${key})`);
      else if (looksEnglish(part)) found.push(`${where} "${part}" (English words)`);
    }
  }
  return found;
}

/** The page is in Spanish: its language, its title (a page title in Spanish, or the name given, then the site) and every text. */
async function expectSpanish(page: Page, a11y: (page: Page) => Promise<void>, what: string, titleName?: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const names = titleName ? [titleName] : spanishTitles;
  await expect
    .soft(page, `the title of the Spanish ${what} page`)
    .toHaveTitle(new RegExp(`^(${names.map(escapeRegExp).join("|")}) · Benefit Store$`));
  // soft: the journey goes on, so one run lists every page with English on it
  expect.soft(await englishOnPage(page), `English on the Spanish ${what} page (${page.url()})`).toEqual([]);
  await a11y(page);
}

test.describe("Spanish pages", () => {
  test("the checker finds English on a page (the English home page fails it)", async ({ page }) => {
    await page.goto("/?lng=en");
    const found = (await englishOnPage(page)).join("\n");
    expect(found).toContain("(shell.skipToContent)");
    expect(found).toContain("(landing.getStarted)");
    expect(found).toContain('<title> "Home"');
    // English from the database, which no key holds: a plan's copy
    expect(found).toMatch(/\(English words\)/);
    expect(looksEnglish("Este plan se ofrece a través de la membresía en la Heartland Consumer Benefits Association (HCBA).")).toBe(false);
    expect(looksEnglish("Preventive care covered at 100% with no waiting period")).toBe(true);
  });

  test("a rep enrolls a member in Spanish: titles, text and labels are Spanish on every page", async ({ page, a11y, jsEnabled }) => {
    test.setTimeout(300_000);
    const last = `Garcia${jsEnabled ? "js" : "nojs"}`;

    // Español, as a visitor chooses it: the header's button
    await page.goto("/");
    await page.getByRole("button", { name: "Español" }).click();
    await expectSpanish(page, a11y, "home");

    // An address that does not exist: the 404 page
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(T("notFound.title"));
    await expect(page).toHaveTitle(`${T("pageTitle.notFound")} · Benefit Store`);
    await expectSpanish(page, a11y, "404");

    // The rep signs in and starts a direct enrollment
    await page.goto("/access");
    await expectSpanish(page, a11y, "access");
    await page.getByLabel(T("access.repCodeLabel")).fill("ABCD1212");
    await page.getByRole("button", { name: T("access.submitCode") }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: T("access.confirm") })
      .click();
    // the code identifies; a code e-mailed to the rep signs them in
    await expect(page).toHaveURL(/\/verify$/);
    await expectSpanish(page, a11y, "verify");
    await page.getByLabel(/^Correo electrónico a /).check();
    await page.getByRole("button", { name: T("verify.sendCode") }).click();
    await typeCodeFromOutbox(page, { code: T("verify.codeLabel"), submit: T("verify.verify") });
    await expect(page).toHaveURL(/\/agent-home$/);
    await expectSpanish(page, a11y, "agent home");
    await page.getByRole("link", { name: T("agentHome.newMember") }).click();
    // the portal's Spanish name (issue 26 #8)
    await page.getByLabel("Directo al consumidor (DIRECT)").check();
    await page.getByRole("button", { name: T("agentHome.startDirect") }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectSpanish(page, a11y, "quote");

    // A quote for one person, medical plans
    const quote = page.locator("form#quote");
    await quote.getByLabel(T("quote.zip")).fill("75201");
    await quote.getByLabel(T("quote.dob"), { exact: true }).fill("04/12/1988");
    await quote.getByLabel(T("quote.female"), { exact: true }).check();
    await quote.getByLabel(T("quote.category")).selectOption("medical");
    await quote.getByRole("button", { name: T("quote.submit") }).click();
    await expect(page).toHaveURL(/\/plans/);
    await expectSpanish(page, a11y, "plans");

    // The plan, the cart, the effective date
    await page.goto(`/plan/${planId("LUH-SILVER-3000")}/x`);
    await expectSpanish(page, a11y, "plan detail", "Liberty Union Plata 3000 PPO");
    await page
      .getByRole("button", { name: T("plan.addToCart") })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expectSpanish(page, a11y, "cart");
    await page.getByRole("button", { name: T("cart.proceed") }).click();
    await expectSpanish(page, a11y, "cart's effective date");
    await page.getByRole("button", { name: T("cart.proceedToEnrollment") }).click();

    // Personal information: sent empty first, so its messages show
    await expect(page).toHaveURL(/\/enrollment\/personal-info$/);
    await expectSpanish(page, a11y, "personal information");
    await page.getByRole("button", { name: T("wizard.next") }).click();
    await expect(page.getByText(T("validation.required")).first()).toBeVisible();
    await expectSpanish(page, a11y, "personal information with errors");
    await page.getByLabel(T("personal.firstName"), { exact: true }).fill("Lucia");
    await page.getByLabel(T("personal.lastName"), { exact: true }).fill(last);
    await page.getByLabel(T("personal.feet")).fill("5");
    await page.getByLabel(T("personal.inches")).fill("4");
    await page.getByLabel(T("personal.weight")).fill("130");
    await page.getByLabel("Soltero(a)").check();
    await page.getByLabel(T("personal.ssn")).fill("321-54-9876");
    await page.getByLabel(T("personal.noPriorCoverage")).check();
    await page.getByRole("button", { name: T("wizard.next") }).click();

    // Contact information: the state list names the states in Spanish
    await expect(page).toHaveURL(/\/enrollment\/contact-info$/);
    await expectSpanish(page, a11y, "contact information");
    const state = page.getByLabel(T("address.state"), { exact: true });
    await expect(state.locator("option[value=NY]")).toHaveText("Nueva York");
    await page.getByLabel(T("contact.email")).fill(`lucia.${last}.${Date.now()}@gmail.com`);
    await page.getByLabel(T("contact.phone")).fill(`214730${1000 + (Date.now() % 8999)}`);
    await page.getByLabel(T("address.line1"), { exact: true }).fill("100 Main St");
    await page.getByLabel(T("address.city"), { exact: true }).fill("Dallas");
    await page.getByLabel(T("quote.zip")).fill("75201");
    // with JavaScript the ZIP fills the state (a lookup: wait for it, as journeys.ts does)
    if (jsEnabled) await expect(state).toHaveValue("TX");
    else await state.selectOption("TX");
    await page.getByRole("button", { name: T("wizard.next") }).click();

    // Health questions, all No
    await expect(page).toHaveURL(/\/enrollment\/health-questions$/);
    await expectSpanish(page, a11y, "health questions");
    for (const no of await page.getByRole("radio", { name: T("common.no"), exact: true }).all()) await no.check();
    await page.getByRole("button", { name: T("wizard.next") }).click();

    // Agreement and signature
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    await expectSpanish(page, a11y, "agreement and signature");
    const agreements = page.getByRole("checkbox", { name: new RegExp(`^${T("agreement.accept")}`) });
    await expect(agreements.first()).toBeVisible();
    for (const box of await agreements.all()) await box.check();
    await page.getByRole("checkbox", { name: T("esign.agree") }).check();
    await page.getByLabel(T("agreement.fields.agent_name")).fill("Jane Carter");
    await page.getByLabel(T("agreement.fields.agent_code")).fill("abcd1212");
    if (jsEnabled) {
      await drawSignature(page);
      await expect(page.getByTestId("signature-pad").getByRole("status")).toHaveText(T("agreement.padCaptured"));
    } else {
      await page.getByLabel(T("agreement.typedName"), { exact: true }).last().fill(`Lucia ${last}`);
      await page.getByLabel(T("agreement.typedConsent")).check();
    }
    await expectSpanish(page, a11y, "agreement, signed");
    await page.getByRole("button", { name: T("wizard.next") }).click();

    // Billing: a bank draft
    await expect(page).toHaveURL(/\/enrollment\/billing-information$/);
    await expectSpanish(page, a11y, "billing information");
    await page.getByLabel(T("billing.routingNumber")).fill("021000021");
    await page.getByLabel(T("billing.bankName")).fill("JPMORGAN CHASE BANK");
    await page.getByLabel(T("billing.accountName")).fill(`Lucia ${last}`);
    await page.getByLabel(T("billing.accountNumber")).fill("000987654321");
    await page.getByLabel("Cuenta de cheques", { exact: true }).check();
    await page.getByLabel("Personal", { exact: true }).check();
    await page.getByRole("button", { name: T("wizard.next") }).click();

    // Review, then the receipt
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await expectSpanish(page, a11y, "review");
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    await expectSpanish(page, a11y, "receipt");

    // The rep's current members
    await page.goto(`/agent-select-member?q=${encodeURIComponent(last)}`);
    await expect(page.getByRole("table")).toContainText(`Lucia ${last}`);
    await expectSpanish(page, a11y, "current members");
  });
});
