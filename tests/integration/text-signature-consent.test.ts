/**
 * Issue 26 #13: the applicant's consent to electronic records is the applicant's. A rep who
 * leaves the signature to a text message does not give it for them on the agreement step (the
 * box is not asked for, and a tick is not recorded); the first record e-mailed at Complete
 * carries no consent; the applicant gives it on the signing page, which shows what they certify —
 * the applicant, the dependents, the plans and prices, and the certification text — before they sign.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as signLoader, action as signAction } from "~/routes/sign.$token";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import {
  inWizard,
  markStepsDone,
  proveSigner,
  readyForTextSignature,
  SIGN_LINK,
  signingTicks,
  type PageAgreement,
} from "../support/journeys";
import { openedAll } from "../support/outbox";
import { openBody } from "~/.server/platform/outbox";

const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const AGREEMENT = "/enrollment/agreement-signature";
const REVIEW = "/enrollment/review-confirm";
const CONSENT_TITLE = "Consent to electronic records and signatures";

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text as string;
}

describeEachDatabase("the applicant's own ESIGN consent when signing by text message (issue 26 #13)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const consentOf = (id: number) =>
    app.store.db.selectFrom("esign_consents").selectAll().where("enrollment_id", "=", id).executeTakeFirst();

  async function atAgreement() {
    const { client } = await inWizard(app, { session: REP_SESSION });
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf("agreement_info")));
    return { client, id };
  }

  it("a rep leaving the signature to the text message is not asked for the applicant's consent, and a tick is not kept", async () => {
    const { client, id } = await atAgreement();
    const page = (await client.load(agreementLoader, AGREEMENT)).data;
    expect(page.signLater).toBe(true);
    const ticks = Object.fromEntries((page.agreements as PageAgreement[]).filter((a) => a.required).map((a) => [`agreement_${a.id}`, "1"]));
    const res = await client.submit(agreementAction, AGREEMENT, {
      intent: "next",
      ...ticks,
      agent_name: "Jane Carter",
      agent_code: DEMO.rep.code,
    });
    expect(res.data?.fieldErrors).toBeUndefined();
    expect(res.location).toBe("/enrollment/billing-information");
    expect(await consentOf(id)).toBeUndefined();
    // ticked by the rep with no signature given: still not the applicant's consent
    await client.load(agreementLoader, AGREEMENT);
    const ticked = await client.submit(agreementAction, AGREEMENT, {
      intent: "next",
      ...ticks,
      esign_consent: "1",
      agent_name: "Jane Carter",
      agent_code: DEMO.rep.code,
    });
    expect(ticked.location).toBe("/enrollment/billing-information");
    expect(await consentOf(id)).toBeUndefined();
  });

  it("the applicant signing beside the rep still gives the consent on the agreement step", async () => {
    const { client, id } = await atAgreement();
    const page = (await client.load(agreementLoader, AGREEMENT)).data;
    const base = { intent: "next", ...signingTicks(page.agreements), agent_name: "Jane Carter", agent_code: DEMO.rep.code };
    const { esign_consent: _c, ...withoutConsent } = base as Record<string, string>;
    const refused = await client.submit(agreementAction, AGREEMENT, {
      ...withoutConsent,
      signature_name: "Ana Lopez",
      signature_consent: "1",
    });
    expect(refused.data.fieldErrors).toEqual({ esign_consent: "validation.esignConsent" });
    expect(await consentOf(id)).toBeUndefined();
    const ok = await client.submit(agreementAction, AGREEMENT, { ...base, signature_name: "Ana Lopez", signature_consent: "1" });
    expect(ok.location).toBe("/enrollment/billing-information");
    expect(await consentOf(id)).toBeDefined();
  });

  it("Complete records no consent for the applicant; the first record says none; the signing page takes it, after showing what they certify", async () => {
    const { client } = await inWizard(app, { session: REP_SESSION, childCount: "1" });
    const id = await readyForTextSignature(app, client);
    await app.store.db
      .insertInto("dependents")
      .values({
        enrollment_id: id,
        position: 1,
        relationship: "child",
        first_name: "Mateo",
        middle_name: null,
        last_name: "Lopez",
        birthdate: "2015-06-01",
        gender: 0,
        ssn_enc: app.services.cipher.encrypt("987654321"),
        ssn_last4: "4321",
        weight: 70,
        height_feet: 4,
        height_inch: 2,
        is_legally_disabled: 0,
        disability_condition_enc: null,
        health_enc: null,
        held: 0,
      })
      .execute();
    const done = await client.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");
    expect(await consentOf(id)).toBeUndefined();
    // the record e-mailed with the receipt: no consent in it, as none was given yet
    const bodies = (
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("channel", "=", "email")
        .orderBy("id")
        .execute()
    ).map((row) => openBody(app.services.cipher, row)!);
    const first = bodies.find((b) => b.attachments?.length);
    expect(first, "the receipt carries the record").toBeDefined();
    const firstPdf = await pdfText(new Uint8Array(Buffer.from(first!.attachments[0]!.content)));
    expect(firstPdf).toContain("Signature requested from the applicant by text message");
    expect(firstPdf).not.toContain(CONSENT_TITLE);

    const sms = (
      await openedAll(
        app,
        await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).where("channel", "=", "sms").execute(),
      )
    )[0]!;
    const token = SIGN_LINK.exec(`${sms.text_body} `)![1]!;
    const phone = new TestClient(app.services);
    await proveSigner(phone, token);
    const page = (await phone.load(signLoader, `/sign/${token}`, { token })).data;
    expect(page.state).toBe("open");
    // what the applicant certifies, before signing
    expect(page.summary.applicant).toMatchObject({ name: "Ana Lopez", birthdate: "04/12/1988" });
    expect(page.summary.dependents).toEqual([{ name: "Mateo Lopez", relationship: "Child", birthdate: "06/01/2015" }]);
    expect(page.lines.length).toBeGreaterThan(0);
    expect(page.lines[0].priceCents).toBeGreaterThan(0);
    expect(page.agreements.map((a: { bodyHtml: string }) => a.bodyHtml).join(" ")).toContain(
      "certify that the information in this application is true",
    );
    expect(page.esign.title).toBe(CONSENT_TITLE);

    const all = signingTicks(page.agreements);
    const { esign_consent: _c, ...noConsent } = all as Record<string, string>;
    const refused = await phone.submit(
      signAction,
      `/sign/${token}`,
      { ...noConsent, signature_name: "Ana Lopez", signature_consent: "1" },
      { params: { token } },
    );
    expect(refused.data.fieldErrors).toEqual({ esign_consent: "validation.esignConsent" });
    const ok = await phone.submit(
      signAction,
      `/sign/${token}`,
      { ...all, signature_name: "Ana Lopez", signature_consent: "1" },
      { params: { token } },
    );
    expect(ok.location).toBe(`/sign/${token}`);
    expect((await consentOf(id))?.text).toContain(CONSENT_TITLE);
  });
});
