/**
 * The enrollment record catches up with a signature given later by text message (issue 18 gap,
 * ADR 012): signing from the link remakes the record — the signature, the agreements and the
 * consent given on that page, the time of signing — replaces the kept file (sealed, its hashes
 * stored anew), e-mails the applicant the new file in the enrollment's language, and every
 * download serves it from then on. A second post changes nothing.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as signLoader, action as signAction } from "~/routes/sign.$token";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { openBody } from "~/.server/platform/outbox";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { signInRep } from "../support/staff";
import {
  inWizard,
  proveSigner,
  readyForTextSignature,
  SIGNATURE_PNG,
  SIGN_LINK,
  signingTicks,
  type PageAgreement,
} from "../support/journeys";
import { opened, openedAll } from "../support/outbox";

const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const REVIEW = "/enrollment/review-confirm";
const AWAITING = "Signature requested from the applicant by text message";
const sha256 = (b: Uint8Array | string) => crypto.createHash("sha256").update(b).digest("hex");
const stamp = (iso: string) => `${new Date(iso).toISOString().slice(0, 19).replace("T", " ")} UTC`;

async function pdfText(bytes: Uint8Array) {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text as string;
}

describeEachDatabase("the enrollment record after a signature by text message", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const policyOf = (id: number) =>
    app.store.db.selectFrom("policies").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
  const recordOf = (id: number) =>
    app.store.db.selectFrom("enrollment_records").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
  const pdfOf = (row: { pdf_enc: string }) => new Uint8Array(Buffer.from(app.services.cipher.decrypt(row.pdf_enc), "base64"));
  const mails = async (id: number, kind_: string) =>
    openedAll(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("channel", "=", "email")
        .where("kind", "=", kind_)
        .orderBy("id")
        .execute(),
    );

  /** A rep's enrollment completed unsigned, the signature asked by text message; the link's token. */
  async function requested(o: { language?: "es"; noEmail?: boolean } = {}) {
    const { client } = await inWizard(app, { session: REP_SESSION });
    const id = await readyForTextSignature(app, client);
    if (o.language) client.setCookie("lng", (await app.services.languageCookie.serialize(o.language)).split(";")[0]!.slice("lng=".length));
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" })).location).toBe("/enrollment/receipt");
    if (o.noEmail) {
      // no address on file by the time the applicant signs
      const row = await app.store.db
        .selectFrom("enrollment_steps")
        .select("data")
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "contact_info")
        .executeTakeFirstOrThrow();
      const contact = JSON.parse(row.data);
      delete contact.email;
      await app.store.db
        .updateTable("enrollment_steps")
        .set({ data: JSON.stringify(contact) })
        .where("enrollment_id", "=", id)
        .where("tab_name", "=", "contact_info")
        .execute();
    }
    const [sms] = openedAll(
      app,
      await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).where("channel", "=", "sms").execute(),
    );
    const token = SIGN_LINK.exec(`${sms!.text_body} `)![1]!;
    return { client, id, token };
  }

  /** The applicant on their phone: the sign page, and its post. */
  async function sign(token: string, fields: (agreements: PageAgreement[]) => Record<string, string>) {
    const phone = new TestClient(app.services);
    const path = `/sign/${token}`;
    await proveSigner(phone, token);
    const page = await phone.load(signLoader, path, { token });
    expect(page.data.state).toBe("open");
    const post = () =>
      phone.submit(signAction, path, { ...signingTicks(page.data.agreements), ...fields(page.data.agreements) }, { params: { token } });
    const res = await post();
    expect(res.location).toBe(path);
    return { page, again: post };
  }

  async function download(c: TestClient, id: number) {
    const res = (await recordLoader({
      request: c.request(`/enrollment/record/${id}`),
      params: { id: String(id) },
      context: c.loadContext(),
    } as never)) as Response;
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  it("signing remakes the record with the typed signature, the consent and the time; mails it; downloads serve it; a second post changes nothing", async () => {
    const { client, id, token } = await requested();
    const before = await recordOf(id);
    const beforeText = await pdfText(pdfOf(before));
    expect(beforeText).toContain(AWAITING);
    expect(await mails(id, "signed_record")).toEqual([]);

    const { page, again } = await sign(token, () => ({ signature_name: "Ana Lopez", signature_consent: "1" }));
    const policy = await policyOf(id);
    expect(policy.signature_status).toBe("signed");
    const after = await recordOf(id);
    // replaced, sealed like the first, in the enrollment's language
    expect(after.locale).toBe("en");
    expect(after.pdf_enc.startsWith("v1.")).toBe(true);
    expect(after.pdf_enc).not.toContain("JVBERi0");
    expect(after.content_sha256).not.toBe(before.content_sha256);
    expect(after.pdf_sha256).not.toBe(before.pdf_sha256);
    expect(
      await app.store.db.selectFrom("enrollment_records").select("enrollment_id").where("enrollment_id", "=", id).execute(),
    ).toHaveLength(1);
    const pdf = pdfOf(after);
    expect(sha256(pdf)).toBe(after.pdf_sha256);
    const text = await pdfText(pdf);
    expect(text).toContain(after.content_sha256);
    expect(text).not.toContain(AWAITING);
    expect(text).toContain("Typed name, as an electronic signature");
    expect(text).toContain("Ana Lopez");
    expect(text).toContain("signing page reached from the text message");
    expect(text).toContain(`Signed: ${stamp(policy.signed_at!)}`);
    // the agreements accepted on the sign page, with their texts, and the consent given there
    for (const a of page.data.agreements as Array<PageAgreement & { head: string }>) if (a.required) expect(text).toContain(a.head);
    expect(text).toContain("Accepted");
    const consent = await app.store.db.selectFrom("esign_consents").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(text).toContain("Consent to electronic records and signatures");
    expect(text).toContain(consent.text_sha256);
    expect(text).toContain(stamp(consent.consented_at));

    // the applicant's e-mail, with the new file attached
    const sent = await mails(id, "signed_record");
    expect(sent).toHaveLength(1);
    const mail = opened(app, sent[0]!);
    expect(mail.recipient).toBe("ana.lopez@gmail.com");
    expect(mail.subject).toContain(policy.policy_number);
    expect(mail.text_body).toContain("Hello Ana Lopez");
    expect(mail.text_body).toContain("now with your signature");
    const body = openBody(app.services.cipher, sent[0]!)!;
    expect(body.attachments).toHaveLength(1);
    expect(body.attachments[0]).toMatchObject({ contentType: "application/pdf", filename: `enrollment-${policy.policy_number}.pdf` });
    expect(Buffer.compare(Buffer.from(body.attachments[0]!.content), Buffer.from(pdf))).toBe(0);

    // the receipt's download gives the signed file; the rep's is the staff copy of it (ADR 012
    // addendum: no health answers), made from the same signed record
    expect(Buffer.compare(Buffer.from(await download(client, id)), Buffer.from(pdf))).toBe(0);
    const staffText = await pdfText(await download(await signInRep(app), id));
    expect(staffText).toContain("Employer and representative copy");
    expect(staffText).toContain(`Signed: ${stamp(policy.signed_at!)}`);
    expect(staffText).toContain("signing page reached from the text message");

    // a second post: nothing changes, no second e-mail
    expect((await again()).location).toBe(`/sign/${token}`);
    expect(await recordOf(id)).toEqual(after);
    expect(await policyOf(id)).toEqual(policy);
    expect(await mails(id, "signed_record")).toHaveLength(1);
  });

  it("a drawn signature is drawn in the record; without an e-mail address nothing is mailed", async () => {
    const { client, id, token } = await requested({ noEmail: true });
    await sign(token, () => ({ signature: SIGNATURE_PNG }));
    const after = await recordOf(id);
    const pdf = pdfOf(after);
    expect(sha256(pdf)).toBe(after.pdf_sha256);
    const text = await pdfText(pdf);
    expect(text).toContain("Drawn signature (image below)");
    expect(text).not.toContain(AWAITING);
    expect(text).toContain(`Signed: ${stamp((await policyOf(id)).signed_at!)}`);
    expect(await mails(id, "signed_record")).toEqual([]);
    expect(Buffer.compare(Buffer.from(await download(client, id)), Buffer.from(pdf))).toBe(0);
  });

  it("a Spanish enrollment signed from an English page: the record and its e-mail stay in Spanish", async () => {
    const { id, token } = await requested({ language: "es" });
    await sign(token, () => ({ signature_name: "Ana Lopez", signature_consent: "1" }));
    const after = await recordOf(id);
    expect(after.locale).toBe("es");
    const text = await pdfText(pdfOf(after));
    expect(text).toContain("Registro de inscripción");
    expect(text).toContain("Nombre escrito, como firma electrónica");
    expect(text).not.toContain("Firma solicitada al solicitante por mensaje de texto");
    const [mail] = await mails(id, "signed_record");
    expect(mail!.subject).toContain("El registro firmado de su inscripción");
    expect(mail!.text_body).toContain("Hola, Ana Lopez:");
    expect(openBody(app.services.cipher, mail!)!.attachments[0]!.filename).toMatch(/^inscripcion-BS-/);
  });
});
