import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { DEMO } from "~/.server/db/seed";
import { planId } from "~/.server/db/seed/catalog";
import { referenceData } from "~/.server/repositories/reference-data";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, markStepsDone, type JourneyOptions } from "../support/journeys";

const HERE = "/enrollment/agreement-signature";
/** A real 1×1 PNG. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** A PNG header and `bytes - 8` more bytes, as a data URL. */
const pngOf = (bytes: number) =>
  `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8)]).toString("base64")}`;
const TYPED = { signature_name: "Ana Lopez", signature_consent: "1" };
const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const GROUP_SESSION = {
  eprocess: "group",
  groupId: DEMO.group.id,
  agentId: DEMO.group.repId,
  portalId: DEMO.group.portalId,
  repAuthenticated: true,
  enrollType: "new-group-member",
};

interface PageAgreement {
  id: number;
  head: string;
  required: boolean;
}

describeEachDatabase("wizard: agreement and signature", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  /** A visitor on the agreement step: every step before it in the enrollment's list done. */
  async function onAgreement(o: JourneyOptions = {}) {
    const { client } = await inWizard(app, o);
    const id = (await client.session()).tempId!;
    const enrollment = await app.store.db.selectFrom("enrollments").select(["step_list"]).where("id", "=", id).executeTakeFirstOrThrow();
    const steps: string[] = JSON.parse(enrollment.step_list!);
    expect(steps).toContain("agreement_info");
    const before = steps.slice(0, steps.indexOf("agreement_info"));
    // not reachable before the earlier steps are done
    expect((await client.load(agreementLoader, HERE)).location).toBe(`/enrollment/personal-info`);
    await markStepsDone(app, client, before);
    const page = await client.load(agreementLoader, HERE);
    expect(page.status).toBe(200);
    const next = steps[steps.indexOf("agreement_info") + 1];
    return { client, id, steps, page: page.data, next };
  }
  const ticks = (agreements: PageAgreement[]) =>
    Object.fromEntries(agreements.filter((a) => a.required).map((a) => [`agreement_${a.id}`, "1"]));
  const stepRow = (id: number) =>
    app.store.db
      .selectFrom("enrollment_steps")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("tab_name", "=", "agreement_info")
      .executeTakeFirst();
  const submit = (c: TestClient, fields: Record<string, string>) =>
    c.submit(agreementAction, HERE, { intent: "next", esign_consent: "1", ...fields });

  it("shows the texts for every enrollment in order, the signature required, and no broker block for an applicant", async () => {
    const { page, steps } = await onAgreement();
    expect(steps).toEqual(["primary_info", "contact_info", "agreement_info", "billing_info", "review_info"]);
    expect(page.agreements.map((a: PageAgreement) => a.head)).toEqual([
      "Enrollment Authorization",
      "Privacy and HIPAA Authorization",
      "Payment Authorization",
    ]);
    expect(page.agreements.every((a: PageAgreement) => a.required)).toBe(true);
    expect(page.agreements[0].bodyHtml).toMatch(/^<p>I have read/);
    expect(page.rules.signature).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.rules.agent_name?.shown ?? false).toBe(false);
    expect(page.eprocess).toBe("sigapplicant");
    expect(page.l713).toBeNull();
    expect(page.applicantName).toEqual({ first: "Ana", last: "Lopez" });
    expect(page.chrome.back).toBeNull();
  });

  it("refuses each unticked agreement with 'This field is required.' and saves nothing", async () => {
    const { client, id, page } = await onAgreement();
    const all = ticks(page.agreements);
    for (const name of Object.keys(all)) {
      const { [name]: _left, ...others } = all;
      const res = await submit(client, { ...others, signature: PNG });
      expect(res.status).toBe(422);
      expect(res.data.fieldErrors).toEqual({ [name]: "validation.agreementRequired" });
    }
    const none = await submit(client, { signature: PNG });
    expect(Object.values(none.data.fieldErrors)).toEqual(Object.keys(all).map(() => "validation.agreementRequired"));
    expect(await stepRow(id)).toBeUndefined();
  });

  it("'Signature is required' when neither drawn nor typed", async () => {
    const { client, id, page } = await onAgreement();
    const res = await submit(client, { ...ticks(page.agreements), signature_consent: "1" });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({ signature: "validation.signatureRequired" });
    expect(await stepRow(id)).toBeUndefined();
  });

  it("without JavaScript: the typed name must be the applicant's, with the consent ticked", async () => {
    const { client, id, page, next } = await onAgreement();
    const all = ticks(page.agreements);
    expect((await submit(client, { ...all, signature_name: "Jane Carter", signature_consent: "1" })).data.fieldErrors).toEqual({
      signature_name: "validation.signatureName",
    });
    expect((await submit(client, { ...all, signature_name: "Ana", signature_consent: "1" })).data.fieldErrors).toEqual({
      signature_name: "validation.signatureName",
    });
    expect((await submit(client, { ...all, signature_name: "Ana Lopez" })).data.fieldErrors).toEqual({
      signature_consent: "validation.signatureConsent",
    });
    const ok = await submit(client, { ...all, signature_name: "  ana   LOPEZ ", signature_consent: "1" });
    expect(next).toBe("billing_info");
    expect(ok.location).toBe("/enrollment/billing-information");
    const row = (await stepRow(id))!;
    expect(row.completed_at).not.toBeNull();
    const data = JSON.parse(row.data);
    expect(data).toMatchObject({ method: "typed", eprocess: "sigapplicant", agreements: page.agreements.map((a: PageAgreement) => a.id) });
    expect(Date.parse(data.signed_at)).not.toBeNaN();
    expect(row.data).not.toMatch(/lopez/i);
    expect(app.services.cipher.decryptJson(row.secret_enc!)).toEqual({ signature_name: "ana LOPEZ" });
  });

  it("accepts a drawn PNG and keeps it only encrypted", async () => {
    const { client, id, page } = await onAgreement();
    const res = await submit(client, { ...ticks(page.agreements), signature: PNG });
    expect(res.location).toBe("/enrollment/billing-information");
    const row = (await stepRow(id))!;
    expect(`${row.data}${row.secret_enc}`).not.toContain("data:image/png");
    expect(row.secret_enc).not.toContain("iVBORw0KGgo");
    expect(JSON.parse(row.data)).toEqual({
      method: "drawn",
      signed_at: expect.any(String),
      eprocess: "sigapplicant",
      agreements: page.agreements.map((a: PageAgreement) => a.id),
      // the fingerprint of the cart signed for (issue 26 #9)
      cart_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(app.services.cipher.decryptJson(row.secret_enc!)).toEqual({ signature: PNG });
    // the step is done; coming back shows when it was signed, never the signature
    const again = await client.load(agreementLoader, HERE);
    expect(again.data.signed).toMatchObject({ method: "drawn" });
    expect(JSON.stringify(again.data)).not.toContain("iVBORw0KGgo");
    expect(again.data.values).toEqual(ticks(page.agreements));
  });

  it.each([
    ["a JPEG", `data:image/jpeg;base64,${PNG.split(",")[1]}`, "validation.signatureFormat"],
    [
      "a GIF posing as PNG",
      `data:image/png;base64,${Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;").toString("base64")}`,
      "validation.signatureFormat",
    ],
    ["an SVG", "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=", "validation.signatureFormat"],
    ["plain text", "Ana Lopez", "validation.signatureFormat"],
    ["a PNG over 300 KB", pngOf(300 * 1024 + 1), "validation.signatureTooLarge"],
  ])("refuses %s as the signature", async (_, signature, message) => {
    const { client, id, page } = await onAgreement();
    const res = await submit(client, { ...ticks(page.agreements), signature });
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toEqual({ signature: message });
    // the drawing is not sent back in the error response
    expect(res.data.repopulateFields?.signature).toBeUndefined();
    expect(await stepRow(id)).toBeUndefined();
  });

  it("accepts a PNG of exactly 300 KB, and a form over 512 KB is refused before anything else", async () => {
    const { client, page } = await onAgreement();
    const tooBig = await submit(client, { ...ticks(page.agreements), signature: pngOf(400 * 1024) });
    expect(tooBig.status).toBe(413);
    expect((await submit(client, { ...ticks(page.agreements), signature: pngOf(300 * 1024) })).location).toBe(
      "/enrollment/billing-information",
    );
  });

  it("a rep enrollment needs Broker Verification with the rep's own code", async () => {
    const { client, id, page } = await onAgreement({ session: REP_SESSION });
    expect(page.rules.agent_name).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.rules.agent_code).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.rules.group_name?.required ?? false).toBe(false);
    expect(page.eprocess).toBe("rep");
    // the code to match never reaches the page
    expect(JSON.stringify(page)).not.toContain(DEMO.rep.code);
    const base = { ...ticks(page.agreements), signature: PNG };
    expect((await submit(client, base)).data.fieldErrors).toEqual({ agent_name: "validation.required", agent_code: "validation.required" });
    expect((await submit(client, { ...base, agent_name: "Jane Carter", agent_code: "NOLAND01" })).data.fieldErrors).toEqual({
      agent_code: "validation.agentCode",
    });
    expect((await submit(client, { ...base, agent_name: "<b>Jane</b>", agent_code: DEMO.rep.code })).data.fieldErrors).toEqual({
      agent_name: "validation.validName",
    });
    const ok = await submit(client, { ...base, agent_name: "Jane Carter", agent_code: DEMO.rep.code.toLowerCase() });
    expect(ok.location).toBe("/enrollment/billing-information");
    const row = (await stepRow(id))!;
    const data = JSON.parse(row.data);
    expect(data).toMatchObject({ method: "drawn", eprocess: "rep", agent_name: "Jane Carter" });
    expect(data.agent_code).toBeUndefined();
    expect(row.data).not.toContain(DEMO.rep.code);
    expect(app.services.cipher.decryptJson(row.secret_enc!)).toEqual({ signature: PNG, agent_code: DEMO.rep.code });
  });

  it("a group enrollment needs Group Verification with the group's code", async () => {
    const { client, id, page, steps } = await onAgreement({ session: GROUP_SESSION });
    expect(steps).toContain("employer_info");
    expect(page.rules.group_name).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.rules.group_code).toEqual({ shown: true, required: true, readOnly: false });
    expect(page.rules.agent_name?.required ?? false).toBe(false);
    expect(page.eprocess).toBe("group");
    expect(JSON.stringify(page)).not.toContain(DEMO.group.code);
    const base = { ...ticks(page.agreements), ...TYPED };
    expect((await submit(client, base)).data.fieldErrors).toEqual({ group_name: "validation.required", group_code: "validation.required" });
    expect((await submit(client, { ...base, group_name: "Acme Logistics Inc.", group_code: DEMO.rep.code })).data.fieldErrors).toEqual({
      group_code: "validation.groupCode",
    });
    expect(
      (await submit(client, { ...base, group_name: "Acme Logistics Inc.", group_code: ` ${DEMO.group.code.toLowerCase()} ` })).location,
    ).toBe("/enrollment/billing-information");
    const row = (await stepRow(id))!;
    expect(JSON.parse(row.data)).toMatchObject({ method: "typed", eprocess: "group", group_name: "Acme Logistics Inc." });
    expect(app.services.cipher.decryptJson(row.secret_enc!)).toEqual({ signature_name: "Ana Lopez", group_code: DEMO.group.code });
  });

  it("chooses the eprocess in the spec's order: applicant when the user name is required", async () => {
    // a definition for one plan only, so no other enrollment sees it
    const plan = planId("CVV-BASIC");
    await app.store.db
      .insertInto("field_definitions")
      .values({
        tab_name: "agreement_info",
        field_name: "user_name",
        plan_id: plan,
        enroll_type: null,
        required: 1,
        read_only: 0,
        optional: 0,
      })
      .execute();
    // reference data is held in memory (read again once a minute): this test changes it now
    referenceData.forget(app.store.db);
    try {
      const { client, id, page } = await onAgreement({ category: "vision", plans: ["CVV-BASIC"] });
      expect(page.rules.user_name).toEqual({ shown: true, required: true, readOnly: false });
      expect(page.eprocess).toBe("applicant");
      const base = { ...ticks(page.agreements), signature: PNG };
      expect((await submit(client, base)).data.fieldErrors).toEqual({ user_name: "validation.required" });
      expect((await submit(client, { ...base, user_name: "Ana Lopez" })).location).toBe("/enrollment/billing-information");
      expect(JSON.parse((await stepRow(id))!.data)).toMatchObject({ eprocess: "applicant", user_name: "Ana Lopez" });
      // a rep enrollment with the same plan is still rep: the agent name comes first
      const rep = await onAgreement({ category: "vision", plans: ["CVV-BASIC"], session: REP_SESSION });
      expect(rep.page.eprocess).toBe("rep");
    } finally {
      await app.store.db.deleteFrom("field_definitions").where("tab_name", "=", "agreement_info").where("plan_id", "=", plan).execute();
      referenceData.forget(app.store.db);
    }
  });

  it("shows the L713 carrier message, its fees and its own agreement with the union plan in the cart", async () => {
    const { page } = await onAgreement({ category: "medical", plans: ["LUH-L713"] });
    expect(page.l713).toMatchObject({
      netPriceCents: 18900,
      fees: { unionDues: 2500, annuityFund: 1000, billingFees: 3000, marketerFeesFrom: 7700, marketerFeesTo: 15000 },
    });
    expect(page.l713.fees.associationDues).toEqual({ IO: 5000, IS: 10000, IC: 10000, IF: 15000 });
    expect(page.l713.specialMessageHtml).toContain("union plan");
    expect(page.agreements.map((a: PageAgreement) => a.head)).toContain("Local 713 Membership and Fee Acknowledgment");
    expect(page.agreements.at(-1).head).toBe("Local 713 Membership and Fee Acknowledgment");
  });

  it("Save & Continue Later keeps a draft without the signature", async () => {
    const { client, id, page } = await onAgreement();
    const first = page.agreements[0] as PageAgreement;
    const res = await client.submit(agreementAction, HERE, {
      intent: "save-later",
      [`agreement_${first.id}`]: "1",
      signature: PNG,
      ...TYPED,
    });
    expect(res.location).toBe(`${HERE}?dialog=save-later`);
    const row = (await stepRow(id))!;
    expect(row.completed_at).toBeNull();
    expect(row.secret_enc).toBeNull();
    expect(JSON.parse(row.data)).toEqual({ method: null, signed_at: null, eprocess: "sigapplicant", agreements: [first.id] });
    expect((await client.load(agreementLoader, HERE)).data.values).toEqual({ [`agreement_${first.id}`]: "1" });
  });
});
