/**
 * The enrollment record (issue 18): the ESIGN consent is a separate required box, recorded with
 * its text's version and hash, and Complete refuses without it; on completion the PDF is made
 * once, kept sealed, e-mailed to the applicant and downloadable — byte-identical every time —
 * by the applicant's own session and by the rep or group admin who owns the enrollment (audited).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { loader as attachmentLoader } from "~/routes/dev.outbox_.$id.attachment.$n";
import { enrollmentRecord } from "~/.server/wizard/enrollment-record";
import { openBody } from "~/.server/platform/outbox";
import { DEMO } from "~/.server/db/seed";
import { ESIGN_CONSENT_VERSION } from "~/domain/esign-consent";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { signInGroupAdmin, signInRep, verifiedSessionFor, newClient } from "../support/staff";
import { inWizard, markStepsDone } from "../support/journeys";

const REVIEW = "/enrollment/review-confirm";
const AGREEMENT = "/enrollment/agreement-signature";
const sha256 = (b: Uint8Array | string) => crypto.createHash("sha256").update(b).digest("hex");

async function pdfText(bytes: Uint8Array) {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text as string;
}

describeEachDatabase("enrollment record: ESIGN consent, the PDF made once, its download", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  async function atReview(session?: Record<string, unknown>) {
    const { client } = await inWizard(app, session ? { session } : {});
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(
      app,
      client,
      steps.filter((s) => s !== "review_info"),
    );
    return { client, id };
  }

  /** A completed enrollment under rep 1 (Jane Carter), not for a group. */
  async function completed() {
    const { client, id } = await atReview();
    await app.store.db.updateTable("enrollments").set({ agent_id: DEMO.rep.id, group_id: null }).where("id", "=", id).execute();
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    return { client, id };
  }

  /** The download as the browser gets it: status, headers and the raw bytes. */
  async function download(c: TestClient, id: number | string) {
    let out: unknown;
    try {
      out = await recordLoader({
        request: c.request(`/enrollment/record/${id}`),
        params: { id: String(id) },
        context: c.loadContext(),
      } as never);
    } catch (thrown) {
      out = thrown;
    }
    const res = out as Response;
    // a refusal goes to the site's 404 page, as an unknown record does
    const status = res.status === 302 && res.headers.get("location") === "/404" ? 404 : res.status;
    return { status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  it("the agreement step shows the consent and refuses a post without its box, recording nothing", async () => {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    await markStepsDone(app, client, ["primary_info", "contact_info"]);
    const page = await client.load(agreementLoader, AGREEMENT);
    expect(page.data.esign.version).toBe(ESIGN_CONSENT_VERSION);
    expect(page.data.esign.sections.map((s: { key: string }) => s.key)).toEqual([
      "scope",
      "paperCopy",
      "withdraw",
      "contactDetails",
      "hardware",
    ]);
    expect(JSON.stringify(page.data.esign)).toContain(DEMO.sites.supportPhone);
    const ticks = Object.fromEntries(page.data.agreements.map((a: { id: number }) => [`agreement_${a.id}`, "1"]));
    const form = { intent: "next", ...ticks, signature_name: "Ana Lopez", signature_consent: "1" };
    const refused = await client.submit(agreementAction, AGREEMENT, form);
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors).toEqual({ esign_consent: "validation.esignConsent" });
    expect(await app.store.db.selectFrom("esign_consents").selectAll().where("enrollment_id", "=", id).executeTakeFirst()).toBeUndefined();
    expect((await client.submit(agreementAction, AGREEMENT, { ...form, esign_consent: "1" })).location).toBe(
      "/enrollment/billing-information",
    );
    const row = await app.store.db.selectFrom("esign_consents").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(row.version).toBe(ESIGN_CONSENT_VERSION);
    expect(row.locale).toBe("en");
    expect(row.text_sha256).toBe(sha256(row.text));
    expect(JSON.parse(row.text).sections).toHaveLength(5);
    // stamped by the services' clock (the test's, which stands still): never by the machine's, which a
    // loaded CI machine moved on by seconds between this test's start and its post
    expect(new Date(row.consented_at).getTime()).toBe(app.clock.now.getTime());
  });

  it("Complete refuses an enrollment without the consent, or with a consent whose text does not match its hash", async () => {
    for (const spoil of ["delete", "tamper", "old"] as const) {
      const { client, id } = await atReview();
      const q = app.store.db.updateTable("esign_consents").where("enrollment_id", "=", id);
      if (spoil === "delete") await app.store.db.deleteFrom("esign_consents").where("enrollment_id", "=", id).execute();
      if (spoil === "tamper")
        await q.set({ text: JSON.stringify({ version: ESIGN_CONSENT_VERSION, title: "something else", sections: [] }) }).execute();
      if (spoil === "old") await q.set({ version: "2001-01" }).execute();
      const res = await client.submit(reviewAction, REVIEW, { intent: "complete" });
      expect(res.location, spoil).toBeNull();
      expect(JSON.stringify(res.data), spoil).toContain("review.problems.esignConsent");
      expect(
        await app.store.db.selectFrom("policies").select("id").where("enrollment_id", "=", id).executeTakeFirst(),
        spoil,
      ).toBeUndefined();
      expect(
        await app.store.db.selectFrom("enrollment_records").select("enrollment_id").where("enrollment_id", "=", id).executeTakeFirst(),
        spoil,
      ).toBeUndefined();
    }
  });

  it("on completion the PDF is made once, sealed, its content's SHA-256 printed in it and stored; downloads are byte-identical", async () => {
    const { client, id } = await completed();
    const row = await app.store.db.selectFrom("enrollment_records").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(row.locale).toBe("en");
    expect(row.pdf_enc.startsWith("v1.")).toBe(true);
    expect(row.pdf_enc).not.toContain("JVBERi0"); // "%PDF-" in base64: never kept in clear
    const first = await download(client, id);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const policy = await app.store.db
      .selectFrom("policies")
      .select("policy_number")
      .where("enrollment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(first.headers.get("content-disposition")).toBe(
      `attachment; filename="enrollment-${policy.policy_number}.pdf"; filename*=UTF-8''enrollment-${policy.policy_number}.pdf`,
    );
    expect(Buffer.from(first.bytes.slice(0, 5)).toString()).toBe("%PDF-");
    expect(sha256(first.bytes)).toBe(row.pdf_sha256);
    const second = await download(client, id);
    expect(Buffer.compare(Buffer.from(first.bytes), Buffer.from(second.bytes))).toBe(0);

    const text = await pdfText(first.bytes);
    expect(text).toContain(row.content_sha256);
    expect(row.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain("Ana Lopez");
    expect(text).toContain(policy.policy_number);
    expect(text).toContain("XXX-XX-6789");
    expect(text).not.toContain("123456789");
    expect(text).not.toContain("123-45-6789");
    expect(text).toContain("Consent to electronic records and signatures");
    expect(text).toContain("Enrollment Authorization");
    // the receipt page offers it
    const receipt = await client.load(receiptLoader, "/enrollment/receipt");
    expect(receipt.data.recordHref).toBe(`/enrollment/record/${id}`);
  });

  it("the applicant's receipt e-mail carries the same PDF; the rep's copy does not; the dev outbox serves it", async () => {
    const { client, id } = await completed();
    const mails = await app.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("kind", "=", "receipt")
      .orderBy("id")
      .execute();
    const own = mails.find((m) => m.recipient === "ana.lopez@gmail.com")!;
    // the body, attachments included, is sealed in the outbox (ADR 010)
    expect(own.text_body).toBe("");
    const body = openBody(app.services.cipher, own)!;
    expect(body.attachments).toHaveLength(1);
    expect(body.attachments[0]).toMatchObject({ contentType: "application/pdf" });
    expect(body.attachments[0]!.filename).toMatch(/^enrollment-BS-\d{4}-[A-Z2-9]{8}\.pdf$/);
    const mailed = Buffer.from(body.attachments[0]!.content);
    const downloaded = await download(client, id);
    expect(Buffer.compare(mailed, Buffer.from(downloaded.bytes))).toBe(0);
    expect(body.text).toContain("attached");
    for (const other of mails.filter((m) => m !== own)) expect(openBody(app.services.cipher, other)?.attachments ?? []).toHaveLength(0);
    const served = (await attachmentLoader({
      request: client.request(`/dev/outbox/${own.id}/attachment/1`),
      params: { id: String(own.id), n: "1" },
      context: client.loadContext(),
    } as never)) as Response;
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), mailed)).toBe(0);
  });

  it("made on the first request when completion could not make it: once, even when asked at the same moment", async () => {
    const { id } = await completed();
    await app.store.db.deleteFrom("enrollment_records").where("enrollment_id", "=", id).execute();
    const all = await Promise.all([
      enrollmentRecord(app.services, id),
      enrollmentRecord(app.services, id),
      enrollmentRecord(app.services, id),
    ]);
    const rows = await app.store.db.selectFrom("enrollment_records").selectAll().where("enrollment_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    for (const r of all) {
      expect(r).not.toBeNull();
      expect(r!.pdfSha256).toBe(rows[0]!.pdf_sha256);
      expect(sha256(r!.pdf)).toBe(rows[0]!.pdf_sha256);
    }
    // not completed: no record
    const { id: open } = await atReview();
    expect(await enrollmentRecord(app.services, open)).toBeNull();
  });

  it("only the applicant's session, or the rep or group admin who owns it, may download; staff downloads are audited; others get 404", async () => {
    const { id } = await completed();
    // a stranger, a malformed id, an unknown id
    expect((await download(new TestClient(app.services), id)).status).toBe(404);
    expect((await download(new TestClient(app.services), "abc")).status).toBe(404);
    expect((await download(new TestClient(app.services), 999999)).status).toBe(404);
    // the owning rep, verified
    const rep = await signInRep(app);
    const byRep = await download(rep, id);
    expect(byRep.status).toBe(200);
    const events = await app.store.db
      .selectFrom("audit_events")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("kind", "=", "record.download")
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: `rep:${DEMO.rep.id}`, acting_as: "rep" });
    // another rep, and a group admin of a group the enrollment is not for
    const other = await verifiedSessionFor(
      app,
      newClient(app),
      { kind: "rep", repId: DEMO.whiteLabelRep.id },
      { repAuthenticated: true, eprocess: "rep", agentId: DEMO.whiteLabelRep.id },
    );
    expect((await download(other, id)).status).toBe(404);
    const admin = await signInGroupAdmin(app);
    expect((await download(admin, id)).status).toBe(404);
    // the group's admin may, once the enrollment is the group's
    await app.store.db.updateTable("enrollments").set({ group_id: DEMO.group.id }).where("id", "=", id).execute();
    expect((await download(admin, id)).status).toBe(200);
    expect(
      await app.store.db
        .selectFrom("audit_events")
        .select("id")
        .where("enrollment_id", "=", id)
        .where("kind", "=", "record.download")
        .execute(),
    ).toHaveLength(2);
    // the applicant's own downloads are not staff downloads: nothing more on the trail for them
  });

  it("a Spanish enrollment's record is in Spanish", async () => {
    const { client, id } = await atReview();
    client.setCookie("lng", (await app.services.languageCookie.serialize("es")).split(";")[0]!.slice("lng=".length));
    const res = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(res.location).toBe("/enrollment/receipt");
    const row = await app.store.db
      .selectFrom("enrollment_records")
      .select(["locale"])
      .where("enrollment_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe("es");
    const text = await pdfText((await download(client, id)).bytes);
    expect(text).toContain("Registro de inscripción");
    const { headers } = await download(client, id);
    expect(headers.get("content-disposition")).toContain("inscripcion-BS-");
  });
});
