/**
 * The signature request by text message: a rep or group leaves the signature to the applicant,
 * Complete Enrollment sends them a link, and the link's page takes their signature — once.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { loader as signLoader, action as signAction } from "~/routes/sign.$token";
import { loader as agentMembersLoader, action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { newClient, signInRep, verifiedSessionFor } from "../support/staff";
import {
  inWizard,
  markStepsDone,
  proveSigner,
  type JourneyOptions,
  SIGNATURE_PNG,
  SIGN_LINK,
  signingTicks,
  type PageAgreement,
} from "../support/journeys";
import { openedAll } from "../support/outbox";

const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };
const AGREEMENT = "/enrollment/agreement-signature";
const REVIEW = "/enrollment/review-confirm";

describeEachDatabase("the signature request by text message", (kind) => {
  let app: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind, { logTo: logLines });
  });
  afterAll(() => app.close());

  /** A visitor with every step before `tab` done. */
  async function at(tab: string, o: JourneyOptions = {}) {
    const { client } = await inWizard(app, o);
    const id = (await client.session()).tempId!;
    const e = await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    const steps = JSON.parse(e.step_list!) as string[];
    await markStepsDone(app, client, steps.slice(0, steps.indexOf(tab)));
    return { client, id, steps };
  }
  /** A rep's enrollment on the review, the agreement accepted and verified but not signed. */
  async function unsignedAtReview(o: JourneyOptions = {}) {
    const r = await at("review_info", { session: REP_SESSION, ...o });
    const accepted = JSON.parse(
      (
        await app.store.db
          .selectFrom("enrollment_steps")
          .select("data")
          .where("enrollment_id", "=", r.id)
          .where("tab_name", "=", "agreement_info")
          .executeTakeFirstOrThrow()
      ).data,
    ).agreements;
    await app.store.db
      .updateTable("enrollment_steps")
      .set({ data: JSON.stringify({ method: null, signed_at: null, eprocess: "rep", agreements: accepted, agent_name: "Jane Carter" }) })
      .where("enrollment_id", "=", r.id)
      .where("tab_name", "=", "agreement_info")
      .execute();
    return r;
  }
  const policyOf = (id: number) => app.store.db.selectFrom("policies").selectAll().where("enrollment_id", "=", id).executeTakeFirst();
  const texts = async (id: number) =>
    openedAll(
      app,
      await app.store.db.selectFrom("outbox").selectAll().where("enrollment_id", "=", id).where("channel", "=", "sms").execute(),
    );

  /** Completes with the box ticked; returns the token of the link the applicant received. */
  async function requested() {
    const r = await unsignedAtReview();
    const res = await r.client.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" });
    expect(res.location).toBe("/enrollment/receipt");
    const [sms] = await texts(r.id);
    const token = SIGN_LINK.exec(`${sms.text_body} `)![1];
    return { ...r, token, sms };
  }

  it("a rep may leave the signature empty on the agreement step; an applicant may not", async () => {
    const rep = await at("agreement_info", { session: REP_SESSION });
    const page = (await rep.client.load(agreementLoader, AGREEMENT)).data;
    expect(page.signLater).toBe(true);
    expect(page.rules.signature).toEqual({ shown: true, required: false, readOnly: false });
    expect(page.eprocess).toBe("rep");
    const res = await rep.client.submit(agreementAction, AGREEMENT, {
      intent: "next",
      ...signingTicks(page.agreements),
      agent_name: "Jane Carter",
      agent_code: DEMO.rep.code,
    });
    expect(res.location).toBe("/enrollment/billing-information");
    const row = await app.store.db
      .selectFrom("enrollment_steps")
      .select("data")
      .where("enrollment_id", "=", rep.id)
      .where("tab_name", "=", "agreement_info")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ method: null, signed_at: null, eprocess: "rep" });
    // whatever is given must still be a valid signature
    const wrong = await rep.client.submit(agreementAction, AGREEMENT, {
      intent: "next",
      ...signingTicks(page.agreements),
      agent_name: "Jane Carter",
      agent_code: DEMO.rep.code,
      signature_name: "Someone Else",
      signature_consent: "1",
    });
    expect(wrong.data.fieldErrors).toEqual({ signature_name: "validation.signatureName" });

    const applicant = await at("agreement_info");
    const own = (await applicant.client.load(agreementLoader, AGREEMENT)).data;
    expect(own.signLater).toBe(false);
    expect(own.rules.signature.required).toBe(true);
    const refused = await applicant.client.submit(agreementAction, AGREEMENT, { intent: "next", ...signingTicks(own.agreements) });
    expect(refused.data.fieldErrors).toEqual({ signature: "validation.signatureRequired" });
  });

  it("is never offered with an IHA plan in the cart", async () => {
    const { client } = await at("agreement_info", { session: REP_SESSION, category: "limited_medical", plans: ["KHA-IHA"] });
    const page = (await client.load(agreementLoader, AGREEMENT)).data;
    expect(page.signLater).toBe(false);
    expect(page.rules.signature.required).toBe(true);
  });

  it("the review offers the text message while unsigned, and Complete needs it", async () => {
    const { client, id } = await unsignedAtReview();
    expect((await client.load(reviewLoader, REVIEW)).data.showSms).toBe(true);
    const refused = await client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors).toEqual({ send_sms: "validation.signatureByText" });
    expect(await policyOf(id)).toBeUndefined();
    // a signed agreement: no box, Complete goes through without it
    const signed = await at("review_info", { session: REP_SESSION });
    expect((await signed.client.load(reviewLoader, REVIEW)).data.showSms).toBe(false);
    expect((await signed.client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect((await policyOf(signed.id))!.signature_status).toBeNull();
    expect(await texts(signed.id)).toEqual([]);
  });

  it("a box posted where it is not offered sends nothing", async () => {
    const { client, id } = await at("review_info");
    expect((await client.load(reviewLoader, REVIEW)).data.showSms).toBe(false);
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" })).location).toBe("/enrollment/receipt");
    expect((await policyOf(id))!.signature_status).toBeNull();
    expect(await texts(id)).toEqual([]);
  });

  it("Complete sends the applicant a link whose token is kept only as a hash", async () => {
    const { client, id, token, sms } = await requested();
    expect(sms).toMatchObject({ recipient: "2145550234", kind: "signature_request" });
    expect(sms.text_body).toContain((await policyOf(id))!.policy_number);
    expect(sms.text_body).toContain(`${app.services.config.publicBaseUrl}/sign/${token}`);
    expect((await policyOf(id))!.signature_status).toBe("awaiting");
    const links = await app.store.db
      .selectFrom("link_tokens")
      .selectAll()
      .where("enrollment_id", "=", id)
      .where("purpose", "=", "signature")
      .execute();
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    expect(new Date(links[0].expires_at).getTime() - Date.now()).toBeGreaterThan(13 * 24 * 3600 * 1000);
    expect(logLines.join("\n")).not.toContain(token);
    const receipt = await client.load(receiptLoader, "/enrollment/receipt");
    expect(receipt.data.signatureRequested).toBe(true);
  });

  it("the link shows what was chosen and takes the applicant's signature once", async () => {
    const { id, token } = await requested();
    const phone = new TestClient(app.services);
    const path = `/sign/${token}`;
    await proveSigner(phone, token);
    const page = await phone.load(signLoader, path, { token });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      state: "open",
      firstName: "Ana",
      enrolledBy: expect.stringMatching(/\S/),
      confirmation: (await policyOf(id))!.policy_number,
    });
    expect(page.data.lines).toHaveLength(1);
    expect(page.data.agreements.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(page.data)).not.toMatch(/123456789|6789|2145550234/);

    const submit = (fields: Record<string, string>) => phone.submit(signAction, path, fields, { params: { token } });
    const none = await submit({});
    expect(none.status).toBe(422);
    expect(none.data.fieldErrors).toMatchObject({
      signature: "validation.signatureRequired",
      [`agreement_${page.data.agreements[0].id}`]: "validation.agreementRequired",
    });
    // the applicant consents to electronic records and signatures on this page too (issue 18)
    expect(none.data.fieldErrors.esign_consent).toBe("validation.esignConsent");
    expect(page.data.esign.sections).toHaveLength(5);
    const all = signingTicks(page.data.agreements);
    expect((await submit({ ...all, signature_name: "Jane Carter", signature_consent: "1" })).data.fieldErrors).toEqual({
      signature_name: "validation.signatureName",
    });
    expect((await submit({ ...all, signature_name: "Ana Lopez" })).data.fieldErrors).toEqual({
      signature_consent: "validation.signatureConsent",
    });
    expect((await policyOf(id))!.signature_status).toBe("awaiting");

    // the rep sees the signature awaited in their members list, until it is given
    const memberId = (await policyOf(id))!.member_id;
    await app.store.db
      .updateTable("members")
      .set({ last_name: `Awaiting${kind}` })
      .where("id", "=", memberId)
      .execute();
    // the rep's members need the rep verified by a code (issue 15)
    const rep = await signInRep(app, newClient(app));
    const plansOf = async () => {
      const list = await rep.load(agentMembersLoader, `/agent-select-member?q=Awaiting${kind}`);
      expect(list.data.members).toHaveLength(1);
      return list.data.members[0].plans;
    };
    expect(await plansOf()).toEqual([expect.objectContaining({ awaitingSignature: true })]);

    const ok = await submit({ ...all, signature_name: " ana  lopez ", signature_consent: "1" });
    expect(ok.location).toBe(path);
    const policy = (await policyOf(id))!;
    expect(policy).toMatchObject({ signature_status: "signed", signed_at: expect.any(String) });
    const consent = await app.store.db.selectFrom("esign_consents").selectAll().where("enrollment_id", "=", id).executeTakeFirstOrThrow();
    expect(consent.consented_at >= policy.signed_at!).toBe(true);
    expect(policy.signature_enc).not.toContain("ana");
    expect(app.services.cipher.decryptJson(policy.signature_enc!)).toEqual({
      method: "typed",
      name: "ana lopez",
      agreements: page.data.agreements.filter((a: PageAgreement) => a.required).map((a: PageAgreement) => a.id),
    });
    expect(await plansOf()).toEqual([expect.objectContaining({ awaitingSignature: false })]);
    expect((await phone.load(signLoader, path, { token })).data).toMatchObject({
      state: "signed",
      signedOn: expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
    });

    // a second post (another tab, the back button) changes nothing
    const again = await submit({ ...all, signature: SIGNATURE_PNG });
    expect(again.location).toBe(path);
    expect((await policyOf(id))!).toEqual(policy);
  });

  it("takes a drawn signature too", async () => {
    const { id, token } = await requested();
    const phone = new TestClient(app.services);
    await proveSigner(phone, token);
    const page = await phone.load(signLoader, `/sign/${token}`, { token });
    const ok = await phone.submit(
      signAction,
      `/sign/${token}`,
      { ...signingTicks(page.data.agreements), signature: SIGNATURE_PNG },
      { params: { token } },
    );
    expect(ok.location).toBe(`/sign/${token}`);
    const policy = (await policyOf(id))!;
    expect(app.services.cipher.decryptJson<{ method: string; png: string }>(policy.signature_enc!)).toMatchObject({
      method: "drawn",
      png: SIGNATURE_PNG,
    });
  });

  it("an unknown, malformed or expired link shows nothing of anyone's enrollment", async () => {
    const { id, token } = await requested();
    const phone = new TestClient(app.services);
    for (const bad of ["A".repeat(43), "short", `${token}x`, "../../etc"]) {
      const res = await phone.load(signLoader, `/sign/${bad}`, { token: bad });
      expect(res.status, bad).toBe(404);
      expect(res.data).toEqual({ state: "invalid" });
    }
    await app.store.db
      .updateTable("link_tokens")
      .set({ expires_at: new Date(app.clock.now.getTime() - 1000).toISOString() })
      .where("enrollment_id", "=", id)
      .execute();
    expect((await phone.load(signLoader, `/sign/${token}`, { token })).data).toEqual({ state: "invalid" });
    const post = await phone.submit(signAction, `/sign/${token}`, { signature: SIGNATURE_PNG }, { params: { token } });
    expect(post.location).toBe(`/sign/${token}`);
    expect((await policyOf(id))!.signature_status).toBe("awaiting");
  });

  it("the rep may send the link again: the earlier link stops working, three times an hour", async () => {
    const { id, token } = await requested();
    const memberId = (await policyOf(id))!.member_id;
    // a name of its own, so the search finds this member alone
    await app.store.db
      .updateTable("members")
      .set({ last_name: `Resend${kind}` })
      .where("id", "=", memberId)
      .execute();
    // the rep's members need the rep verified by a code (issue 15)
    const rep = await signInRep(app, newClient(app));
    const list = await rep.load(agentMembersLoader, `/agent-select-member?q=Resend${kind}`);
    expect(list.data.members).toEqual([expect.objectContaining({ id: memberId, awaitingSignature: true })]);
    const resend = () =>
      rep.submit(agentMembersAction, `/agent-select-member?q=Resend${kind}`, { intent: "resend-signature", memberId: String(memberId) });

    expect((await resend()).location).toBe(`/agent-select-member?q=Resend${kind}&signature=sent`);
    const sent = await texts(id);
    expect(sent).toHaveLength(2);
    const fresh = SIGN_LINK.exec(`${sent[1].text_body} `)![1];
    expect(fresh).not.toBe(token);
    const phone = new TestClient(app.services);
    expect((await phone.load(signLoader, `/sign/${token}`, { token })).data).toEqual({ state: "invalid" });
    expect((await phone.load(signLoader, `/sign/${fresh}`, { token: fresh })).data.state).toBe("verify");
    expect((await rep.load(agentMembersLoader, "/agent-select-member?signature=sent")).data.signature).toBe("sent");

    expect((await resend()).location).toContain("signature=sent");
    expect((await resend()).location).toContain("signature=sent");
    expect((await resend()).location).toContain("signature=limited");
    expect(await texts(id)).toHaveLength(4);

    // another rep's member is not found; a signed policy has nothing to send
    const other = await verifiedSessionFor(
      app,
      newClient(app),
      { kind: "rep", repId: DEMO.rep.id + 1 },
      { ...REP_SESSION, agentId: DEMO.rep.id + 1 },
    );
    expect(
      (await other.submit(agentMembersAction, "/agent-select-member", { intent: "resend-signature", memberId: String(memberId) })).status,
    ).toBe(404);
    const signed = await at("review_info", { session: REP_SESSION });
    await signed.client.submit(reviewAction, REVIEW, { intent: "complete" });
    const signedMember = (await policyOf(signed.id))!.member_id;
    expect(
      (await rep.submit(agentMembersAction, "/agent-select-member", { intent: "resend-signature", memberId: String(signedMember) }))
        .location,
    ).toBe("/agent-select-member?signature=notAwaiting");
  });

  it("refuses a post without its CSRF token", async () => {
    const { token } = await requested();
    const phone = new TestClient(app.services);
    await phone.load(signLoader, `/sign/${token}`, { token });
    const res = await phone.submit(signAction, `/sign/${token}`, { signature: SIGNATURE_PNG }, { params: { token }, csrf: null });
    expect(res.status).toBe(403);
  });
});
