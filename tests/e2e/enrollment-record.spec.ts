import fs from "node:fs";
import { extractText, getDocumentProxy } from "unpdf";
import { test, expect, openMailbox, drawSignature } from "./fixtures";
import { fillContact, fillPersonal, payByBankDraft, repStartsDirectEnrollment } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text as string;
}

/**
 * Issue 18, the enrollment record: the ESIGN consent before the signature (its own required
 * box), then on the receipt "Download your enrollment (PDF)" — its text holds the name, the
 * policy id and the plans but no full SSN or account number — and the receipt e-mail in the
 * outbox carries the same PDF.
 */
test.describe("the enrollment record", () => {
  test("consent to electronic records, complete, download the PDF, the receipt e-mail's attachment", async ({
    page,
    rep,
    a11y,
    jsEnabled,
    browser,
  }) => {
    test.setTimeout(180_000);
    const last = `Record${jsEnabled ? "js" : "nojs"}`;
    const n = Date.now();
    const SSN = "234-56-7812";
    const ACCOUNT = "000555667788";

    await repStartsDirectEnrollment(page, rep.code);
    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("03/08/1981");
    await quote.getByLabel("Female", { exact: true }).check();
    await quote.getByLabel("Category").selectOption("dental");
    await quote.getByRole("button", { name: "See plans" }).click();
    // the quote is saved before the next page opens (with JavaScript the form is sent by fetch)
    await expect(page).toHaveURL(/\/plans/);
    await page.goto(`/plan/${planId("BSD-PPO-ESS")}/x`);
    const planName = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();

    await fillPersonal(page, { first: "Zoë", last, marital: "Single", ssn: SSN });
    const email = `zoe.${last.toLowerCase()}.${n}@gmail.com`;
    await fillContact(page, { email, phone: `972241${1000 + (n % 8999)}`, jsEnabled });

    // Agreement: the consent is on the page, and without its box nothing is saved
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    const consent = page.getByTestId("esign-consent");
    await expect(consent.getByRole("heading", { name: "Consent to electronic records and signatures" })).toBeVisible();
    for (const heading of [
      "What this consent covers",
      "Your right to a paper copy",
      "How to withdraw your consent",
      "Keeping your contact details up to date",
      "What you need to open and keep your records",
    ]) {
      await expect(consent.getByRole("heading", { name: heading })).toBeVisible();
    }
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(agreements).toHaveCount(3);
    for (const box of await agreements.all()) await box.check();
    await page.getByLabel("Broker name").fill(rep.name);
    await page.getByLabel("Broker code").fill(rep.code);
    const sign = async () => {
      if (jsEnabled) {
        await drawSignature(page);
        await expect(page.getByTestId("signature-pad").getByRole("status")).toHaveText("Your signature has been captured.");
      } else {
        await page.getByLabel("Your full name", { exact: true }).last().fill(`Zoë ${last}`);
        await page.getByLabel("I agree that typing my name is my electronic signature").check();
      }
    };
    await sign();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    await expect(page.getByText("Tick the box to consent to electronic records and signatures.").first()).toBeVisible();
    await a11y(page);
    const box = page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ });
    await box.check();
    // without JavaScript the page came back from the server: the ticks and the typed name must be given again
    if (!jsEnabled) {
      for (const b of await agreements.all()) await b.check();
      await page.getByLabel("Broker code").fill(rep.code);
      await sign();
    } else if (!(await page.getByTestId("signature-pad").getByRole("status").textContent())?.includes("captured")) {
      await sign();
    }
    await page.getByRole("button", { name: "Next" }).click();

    await payByBankDraft(page, `Zoe ${last}`, ACCOUNT);
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    const confirmation = (await page.getByTestId("confirmation-number").textContent())!.trim();

    // The receipt offers the PDF
    const link = page.getByRole("link", { name: "Download your enrollment (PDF)" });
    await expect(link).toBeVisible();
    await a11y(page);
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/enrollment\/record\/\d+$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`enrollment-${confirmation}.pdf`);
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain(`Zoë ${last}`);
    expect(text).toContain(confirmation);
    expect(text).toContain(planName);
    expect(text).toContain("XXX-XX-7812");
    expect(text).toContain("••••7788");
    for (const whole of [SSN, SSN.replace(/-/g, ""), ACCOUNT]) expect(text).not.toContain(whole);
    expect(text).toContain("Consent to electronic records and signatures");

    // Downloading again gives the same file; a stranger's browser gets 404
    const again = await page.request.get(href);
    expect(again.status()).toBe(200);
    expect(again.headers()["content-type"]).toBe("application/pdf");
    expect(again.headers()["cache-control"]).toMatch(/^no-store(, no-store)?$/);
    expect(Buffer.compare(Buffer.from(await again.body()), Buffer.from(bytes))).toBe(0);
    const stranger = await browser.newContext();
    const refused = await stranger.request.get(new URL(href, page.url()).toString());
    expect(refused.status()).toBe(404);
    expect(refused.url()).toMatch(/\/404$/);
    await stranger.close();

    // The receipt e-mail in the outbox has the PDF attached: the same file
    const mailbox = await openMailbox(page);
    await mailbox.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Enrollment Receipt" }).first().click();
    await expect(mailbox.getByTestId("message-text")).toContainText(confirmation);
    const attachment = mailbox.getByTestId("attachments").getByRole("link", { name: `enrollment-${confirmation}.pdf` });
    await expect(attachment).toBeVisible();
    await a11y(mailbox);
    const mailed = await mailbox.request.get((await attachment.getAttribute("href"))!);
    expect(mailed.headers()["content-type"]).toBe("application/pdf");
    // the rep's browser (a verified staff session, even holding the receipt) downloads the staff
    // copy, without health answers (ADR 012 addendum); the applicant's e-mail carries her own copy
    expect(text).toContain("Employer and representative copy");
    const mailedText = await pdfText(new Uint8Array(await mailed.body()));
    expect(mailedText).not.toContain("Employer and representative copy");
    for (const line of [`Zoë ${last}`, confirmation, planName, "XXX-XX-7812", "Consent to electronic records and signatures"])
      expect(mailedText).toContain(line);
  });
});
