import { extractText, getDocumentProxy } from "unpdf";
import { test, expect, openMailbox, drawSignature } from "./fixtures";
import { fillContact, fillPersonal, payByBankDraft, repStartsDirectEnrollment } from "./journeys";
import { planId } from "../../app/.server/db/seed/catalog";

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text as string;
}

test.describe("the signature request by text message", () => {
  test("a rep enrolls someone who is not there; the applicant signs from the text message on their phone", async ({
    page,
    rep,
    a11y,
    jsEnabled,
    browser,
  }) => {
    test.setTimeout(180_000);
    const last = `Reyes${jsEnabled ? "js" : "nojs"}`;
    const n = Date.now();
    // exchange 220–289: never an N11 service code (211 is one), which the contact check refuses
    const phone = `469${220 + (n % 70)}${1000 + (n % 8999)}`;

    // The rep signs in and starts a direct enrollment with a dental plan
    await repStartsDirectEnrollment(page, rep.code);
    const quote = page.locator("form#quote");
    await quote.getByLabel("ZIP code").fill("75201");
    await quote.getByLabel("Date of birth", { exact: true }).fill("02/03/1979");
    await quote.getByLabel("Female", { exact: true }).check();
    await quote.getByLabel("Category").selectOption("dental");
    await quote.getByRole("button", { name: "See plans" }).click();
    // the quote is saved before the next page opens (with JavaScript the form is sent by fetch)
    await expect(page).toHaveURL(/\/plans/);
    await page.goto(`/plan/${planId("BSD-PPO-ESS")}/x`);
    await page.getByRole("button", { name: "Add to Cart", exact: true }).first().click();
    await page.getByRole("button", { name: "Proceed" }).click();
    await page.getByRole("button", { name: "Proceed to Enrollment" }).click();

    // Personal and contact
    await fillPersonal(page, { first: "Elena", last, marital: "Single", ssn: "234-56-7890" });
    await fillContact(page, { email: `elena.${n}@gmail.com`, phone, jsEnabled });

    // Agreement: the rep verifies and leaves the signature to the applicant
    await expect(page).toHaveURL(/\/enrollment\/agreement-signature$/);
    await expect(page.getByText(/leave the signature empty/)).toBeVisible();
    const agreements = page.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(agreements).toHaveCount(3);
    for (const box of await agreements.all()) await box.check();
    // the consent to electronic records is the applicant's: the rep leaves it (issue 26 #13)
    const consent = page.getByRole("checkbox", { name: /I agree to receive my enrollment records/ });
    await expect(consent).not.toBeChecked();
    await expect(page.getByTestId("esign-consent")).toContainText("Only the applicant may tick this");
    await page.getByLabel("Broker name").fill(rep.name);
    await page.getByLabel("Broker code").fill(rep.code);
    await page.getByRole("button", { name: "Next" }).click();

    // Billing: a bank draft
    await payByBankDraft(page, `Elena ${last}`, "000987654321");

    // Review: Complete needs the text message while nobody has signed
    await expect(page).toHaveURL(/\/enrollment\/review-confirm$/);
    await page.getByTestId("complete-enrollment").click();
    await expect(
      page
        .getByText(
          "The applicant has not signed: send the signature request by text message, or go back to Agreement & Signature and sign.",
        )
        .first(),
    ).toBeVisible();
    await a11y(page);
    await page.getByLabel("Send the enrollment and the signature notification to the applicant by text message").check();
    await page.getByTestId("complete-enrollment").click();
    await expect(page).toHaveURL(/\/enrollment\/receipt$/);
    await expect(page.getByTestId("signature-requested")).toContainText("text message with a link to review and sign");
    const confirmation = (await page.getByTestId("confirmation-number").textContent())!.trim();
    // the record made now says the signature is awaited
    const recordHref = (await page.getByRole("link", { name: "Download your enrollment (PDF)" }).getAttribute("href"))!;
    expect(await pdfText(await (await page.request.get(recordHref)).body())).toContain(
      "Signature requested from the applicant by text message",
    );

    // The rep's members list shows the signature awaited
    const members = `/agent-select-member?q=${encodeURIComponent(last)}`;
    await page.goto(members);
    await expect(page.getByRole("table")).toContainText("(awaiting the applicant's signature)");
    await a11y(page);
    // the applicant lost the text: the rep sends the link again (the newest text is the one that works)
    await page.getByRole("button", { name: `Send the signature link again for Elena ${last}` }).click();
    await expect(page.getByTestId("signature-notice")).toHaveText(
      "The link to sign was sent again by text message. Earlier links no longer work.",
    );

    // The text message, as the outbox kept it
    const mailbox = await openMailbox(page);
    await mailbox.getByRole("row").filter({ hasText: phone }).getByRole("link", { name: "Text message" }).first().click();
    const text = (await mailbox.getByTestId("message-text").textContent()) ?? "";
    const path = /\/sign\/[A-Za-z0-9_-]{43}/.exec(text)![0];

    // The applicant, on their phone, in a browser of their own
    const own = await browser.newContext({ javaScriptEnabled: jsEnabled, viewport: { width: 375, height: 740 } });
    const mobile = await own.newPage();
    await mobile.goto(path);
    await expect(mobile.getByRole("heading", { level: 1 })).toHaveText("Review and sign your enrollment");
    await expect(mobile.getByText("Hello Elena,")).toBeVisible();
    // the link alone shows nothing that identifies anybody: the signer first confirms their date of birth (security review w10)
    await expect(mobile.getByTestId("sign-plan-names")).toBeVisible();
    await expect(mobile.getByTestId("sign-application")).toHaveCount(0);
    await expect(mobile.locator("main")).not.toContainText(last);
    await expect(mobile.locator("main")).not.toContainText("02/03/1979");
    await expect(mobile.locator("main")).not.toContainText(confirmation);
    await a11y(mobile);
    const dob = mobile.getByLabel("Your date of birth");
    await mobile.getByTestId("sign-verify-submit").click();
    await expect(mobile.getByText("Field is required").first()).toBeVisible();
    // a wrong date: said under the field and in the error summary, what was typed kept
    await dob.fill("02/03/1980");
    await mobile.getByTestId("sign-verify-submit").click();
    await expect(mobile.getByText(/This date of birth does not match the application/).first()).toBeVisible();
    await expect(mobile.getByRole("link", { name: /This date of birth does not match/ })).toHaveAttribute("href", /#/);
    await expect(dob).toHaveValue("02/03/1980");
    await expect(mobile.getByTestId("sign-application")).toHaveCount(0);
    await a11y(mobile);
    await dob.fill("2/3/1979");
    await mobile.getByTestId("sign-verify-submit").click();
    // what the applicant certifies is shown before they sign (issue 26 #13)
    const application = mobile.getByTestId("sign-application");
    await expect(application.getByRole("heading", { name: "Your application" })).toBeVisible();
    await expect(application).toContainText(`Elena ${last}`);
    await expect(application).toContainText("02/03/1979");
    await expect(application).toContainText("No dependents are covered by this application.");
    await expect(mobile.getByText(/certify that the information in this application is true/)).toBeVisible();
    await a11y(mobile);
    await mobile.getByRole("button", { name: "Sign my enrollment" }).click();
    await expect(mobile.getByText("Signature is required").first()).toBeVisible();
    await a11y(mobile);
    const boxes = mobile.getByRole("checkbox", { name: /I have read and accept/ });
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await box.check();
    await mobile.getByRole("checkbox", { name: /I agree to receive my enrollment records/ }).check();
    if (jsEnabled) {
      await drawSignature(mobile);
      await expect(mobile.getByTestId("signature-pad").getByRole("status")).toHaveText("Your signature has been captured.");
    } else {
      await mobile.getByLabel("Your full name", { exact: true }).last().fill(`Elena ${last}`);
      await mobile.getByLabel("I agree that typing my name is my electronic signature").check();
    }
    await mobile.getByRole("button", { name: "Sign my enrollment" }).click();
    await expect(mobile.getByTestId("signed")).toContainText("Thank you: your enrollment is signed");
    await a11y(mobile);
    // a reload shows the same page, and does not sign again
    await mobile.reload();
    await expect(mobile.getByTestId("signed")).toBeVisible();
    await own.close();
    // someone else holding the link (a forwarded text) sees the signed page only: first name and confirmation
    const other = await browser.newContext({ javaScriptEnabled: jsEnabled });
    const otherPage = await other.newPage();
    await otherPage.goto(path);
    await expect(otherPage.getByTestId("signed")).toBeVisible();
    await expect(otherPage.locator("main")).not.toContainText(last);
    await other.close();

    // …and no longer once it is given
    await page.goto(members);
    await expect(page.getByRole("table")).toContainText(`Elena ${last}`);
    await expect(page.getByRole("table")).not.toContainText("awaiting");

    // The record now carries the signature: the receipt's download and the e-mail sent to the applicant (ADR 012)
    const signed = Buffer.from(await (await page.request.get(recordHref)).body());
    const signedText = await pdfText(signed);
    expect(signedText).toContain("signing page reached from the text message");
    expect(signedText).not.toContain("Signature requested from the applicant by text message");
    const records = await openMailbox(page);
    await records
      .getByRole("row")
      .filter({ hasText: `elena.${n}@gmail.com` })
      .getByRole("link", { name: `Your signed enrollment record (confirmation ${confirmation})` })
      .click();
    const attachment = records.getByTestId("attachments").getByRole("link", { name: `enrollment-${confirmation}.pdf` });
    await expect(attachment).toBeVisible();
    const mailed = await records.request.get((await attachment.getAttribute("href"))!);
    // the rep's download is the staff copy (ADR 012 addendum); the applicant's e-mail her own, both signed
    expect(signedText).toContain("Employer and representative copy");
    const mailedText = await pdfText(new Uint8Array(await mailed.body()));
    expect(mailedText).not.toContain("Employer and representative copy");
    expect(mailedText).toContain("signing page reached from the text message");
    expect(mailedText).not.toContain("Signature requested from the applicant by text message");
  });
});
