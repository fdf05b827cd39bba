/**
 * Issue 26 #14: the receipt says where the receipt e-mail went — "to your representative" only
 * when there is one — and the receipt e-mail's HTML is a styled, accessible document (a table of
 * the plans and prices), not the plain text in a <pre>.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { inWizard, markStepsDone } from "../support/journeys";
import { openedAll } from "../support/outbox";

const REVIEW = "/enrollment/review-confirm";
const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };

describeEachDatabase("the receipt and its e-mail (issue 26 #14)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function completed(session?: Record<string, unknown>, lng = "en") {
    const { client } = await inWizard(app, session ? { session } : {});
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      app,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    const done = await client.submit(reviewAction, lng === "en" ? REVIEW : `${REVIEW}?lng=${lng}`, { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");
    const mails = openedAll(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("kind", "=", "receipt")
        .orderBy("id")
        .execute(),
    );
    return { receipt: (await client.load(receiptLoader, "/enrollment/receipt")).data, mails };
  }

  it("an applicant with no representative is not told a copy went to one", async () => {
    const { receipt, mails } = await completed();
    expect(mails.map((m) => m.recipient)).toEqual(["ana.lopez@gmail.com"]);
    expect(receipt.emailed).toBe("receipt.emailedYou");
  });

  it("a rep's enrollment: the receipt went to the applicant and to the representative", async () => {
    const { receipt, mails } = await completed(REP_SESSION);
    expect(mails).toHaveLength(2);
    expect(receipt.emailed).toBe("receipt.emailed");
  });

  it("the HTML e-mail is a styled document: language, title, a table of plans and prices with headers, the totals", async () => {
    const { mails, receipt } = await completed();
    const html = mails[0]!.html_body!;
    expect(html).not.toContain("<pre");
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Enrollment Receipt</title>");
    expect(html).toMatch(/<table[^>]*style="[^"]*border-collapse/);
    expect(html).toMatch(/<th scope="col"[^>]*>Plan<\/th>/);
    expect(html).toMatch(/<td[^>]*>\$\d+\.\d\d\/month<\/td>/);
    expect(html).toContain(receipt.confirmation);
    expect(html).toContain("font-family:");
  });

  it("completed in Spanish, the e-mail is Spanish throughout: subject, text and HTML, prices, the record's note", async () => {
    const { mails } = await completed(REP_SESSION, "es");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe("Recibo de inscripción");
      const html = mail.html_body!;
      const text = mail.text_body;
      expect(html).toContain('<html lang="es">');
      expect(html).toContain("<title>Recibo de inscripción</title>");
      for (const body of [text, html.replace(/<[^>]+>/g, " ")]) {
        // every English sentence and label of the English receipt, and the English price suffix
        for (const english of [
          "Hello",
          "Thank you",
          "Confirmation",
          "Effective",
          "Initial",
          "Recurring",
          "Monthly",
          "/month",
          "attached",
          "record",
          "Your plans",
        ])
          expect(body, `${mail.recipient}: "${english}"`).not.toContain(english);
        expect(body).toMatch(/\$\d+\.\d\d\/mes/);
        expect(body).toContain("Gracias por inscribirse");
      }
    }
  });
});
