/**
 * Issue 15: the audit trail — who (acting as what) did what to which enrollment or member, when,
 * in which request, never the data — for sign-in codes, sessions, the member list, enrolling for
 * a member, each step saved on someone's behalf, edits after the review, signatures, completion
 * and resumes; append-only; and the history page of an enrollment its verified rep or admin owns.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import { loader as agentMembersLoader, action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { action as groupMembersAction } from "~/routes/_store.group-select-member";
import { action as logoutAction } from "~/routes/logout";
import { loader as historyLoader } from "~/routes/_store.enrollment-history.$id";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as employerAction } from "~/routes/enrollment.employer-info";
import { loader as agreementLoader, action as agreementAction } from "~/routes/enrollment.agreement-signature";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { loader as signLoader, action as signAction } from "~/routes/sign.$token";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as directLoader, action as directAction } from "~/routes/direct-continue.$id.$tab";
import { loader as agentHomeLoader } from "~/routes/_store.agent-home";
import { DEMO } from "~/.server/db/seed";
import { clientKey } from "~/.server/platform/client-key";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import type { TestClient } from "../support/client";
import { inWizard, markStepsDone, readyForTextSignature, EMPLOYER_FORM, checkOut } from "../support/journeys";
import {
  groupCodeConfirmed,
  newClient,
  repCodeConfirmed,
  sendSignInCode,
  signInGroupAdmin,
  signInRep,
  typeSignInCode,
} from "../support/staff";
import { opened } from "../support/outbox";

const MINUTE = 60 * 1000;
const REVIEW = "/enrollment/review-confirm";
const AGREEMENT = "/enrollment/agreement-signature";
const PERSONAL = {
  intent: "next",
  first_name: "Michael",
  last_name: "Thompson",
  height_feet: "5",
  height_inch: "11",
  weight: "182",
  marital_status: "1",
  ssn: "",
  prior_coverage_flag: "0",
};
/** The employer step as an Acme employee fills it. */
const EMPLOYER = EMPLOYER_FORM;
const ticks = (agreements: Array<{ id: number; required: boolean }>) =>
  Object.fromEntries(
    agreements
      .filter((a) => a.required)
      .map((a) => [`agreement_${a.id}`, "1"])
      .concat([["esign_consent", "1"]]),
  );

describeEachDatabase("the audit trail", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const eventsOf = (enrollmentId: number) =>
    app.store.db.selectFrom("audit_events").selectAll().where("enrollment_id", "=", enrollmentId).orderBy("id").execute();
  const lastEvents = async (n: number) =>
    (await app.store.db.selectFrom("audit_events").selectAll().orderBy("id", "desc").limit(n).execute()).reverse();
  const brief = (rows: Array<{ kind: string; detail: string | null }>) => rows.map((r) => (r.detail ? `${r.kind}:${r.detail}` : r.kind));

  /** A verified rep's Enroll Now for Michael Thompson, a plan, the wizard's first step saved. */
  async function repEnrollsMember(c?: TestClient, plan = "BSD-PPO-ESS") {
    const rep = c ?? (await signInRep(app, newClient(app)));
    expect((await rep.submit(agentMembersAction, "/agent-select-member", { intent: "tier", memberId: "1", tier: "IO" })).location).toBe(
      "/plans",
    );
    const id = (await rep.session()).tempId!;
    expect(await checkOut(rep, [plan])).toBe("/enrollment/personal-info");
    expect((await rep.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe("/enrollment/contact-info");
    return { rep, id };
  }

  it("records sign-in codes sent, refused and accepted, sessions started, ended and expired — never the code", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    await typeSignInCode(c, code === "000000" ? "111111" : "000000");
    expect((await typeSignInCode(c, code)).location).toBe("/agent-home");
    await c.submit(logoutAction, "/logout", {});
    const rows = await lastEvents(5);
    expect(brief(rows)).toEqual([
      "verify.code_sent:email",
      "verify.failure:wrong",
      "verify.success:email",
      "session.start",
      "session.end:logout",
    ]);
    // asking for and typing a code is a requester's act (anyone with the rep code may), about the rep;
    // from the right code on, the rep's own — every row with the client it came from
    const client = clientKey(app.services, c.clientIp);
    for (const r of rows.slice(0, 2))
      expect(r).toMatchObject({
        actor: "requester",
        acting_as: "requester",
        subject: `rep:${DEMO.rep.id}`,
        client_key: client,
        enrollment_id: null,
        request_id: expect.stringMatching(/^test-\d+$/),
      });
    for (const r of rows.slice(2))
      expect(r).toMatchObject({
        actor: `rep:${DEMO.rep.id}`,
        acting_as: "rep",
        subject: null,
        client_key: client,
        enrollment_id: null,
        request_id: expect.stringMatching(/^test-\d+$/),
      });
    // the right code and the session it starts are one request
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(4);
    expect(rows[2].request_id).toBe(rows[3].request_id);
    expect(JSON.stringify(await app.store.db.selectFrom("audit_events").selectAll().execute())).not.toContain(code);

    // an admin's session that runs out: on the trail when the browser comes back…
    const admin = await signInGroupAdmin(app, newClient(app));
    // …and one whose browser never comes back, when any later request notices it
    const gone = await signInRep(app, newClient(app));
    try {
      app.clock.now = new Date(app.clock.now.getTime() + 21 * MINUTE);
      expect((await admin.load(agentHomeLoader, "/group-home")).location).toBe("/session-expired");
      const expired = await app.store.db
        .selectFrom("audit_events")
        .selectAll()
        .where("kind", "=", "session.expire")
        .orderBy("id")
        .execute();
      expect(expired.map((e) => `${e.actor}:${e.detail}`)).toEqual(
        expect.arrayContaining([`group_admin:${DEMO.groupAdmins.acme.id}:idle`, `rep:${DEMO.rep.id}:idle`]),
      );
      expect((await gone.load(agentHomeLoader, "/agent-home")).location).toBe("/session-expired");
      // noticed once only
      const again = await app.store.db.selectFrom("audit_events").select("id").where("kind", "=", "session.expire").execute();
      expect(again).toHaveLength(expired.length);
    } finally {
      app.clock.now = new Date();
    }
  });

  it("records the member list viewed, Enroll Now for a member and every step saved on their behalf", async () => {
    const rep = await signInRep(app, newClient(app));
    await rep.load(agentMembersLoader, "/agent-select-member?q=thompson");
    const view = (await lastEvents(1))[0];
    expect(view).toMatchObject({ kind: "members.view", actor: `rep:${DEMO.rep.id}`, acting_as: "rep", detail: null });
    const { id } = await repEnrollsMember(rep);
    expect(brief(await eventsOf(id))).toEqual(["member.enroll", "step.save:primary_info"]);
    expect((await eventsOf(id)).every((e) => e.member_id === 1 && e.actor === `rep:${DEMO.rep.id}`)).toBe(true);
    // an admin's Enroll Now is theirs
    const admin = await signInGroupAdmin(app, newClient(app));
    expect((await admin.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: "6", tier: "IO" })).location).toBe(
      "/plans",
    );
    const adminEnrollment = (await admin.session()).tempId!;
    expect(await eventsOf(adminEnrollment)).toEqual([
      expect.objectContaining({
        kind: "member.enroll",
        actor: `group_admin:${DEMO.groupAdmins.acme.id}`,
        acting_as: "group_admin",
        member_id: 6,
      }),
    ]);
  });

  it("an applicant's own step saves are theirs, not on the trail; completing is, as the applicant or as an employee", async () => {
    const { client } = await inWizard(app);
    const id = (await client.session()).tempId!;
    expect(
      (
        await client.submit(personalAction, "/enrollment/personal-info", {
          ...PERSONAL,
          first_name: "Ana",
          last_name: "Lopez",
          ssn: "123-45-6789",
        })
      ).location,
    ).toBe("/enrollment/contact-info");
    expect(await eventsOf(id)).toEqual([]);
    // an employee who entered the group code completes their own enrollment
    const employee = await inWizard(app, {
      session: {
        eprocess: "group",
        groupId: DEMO.group.id,
        repAuthenticated: true,
        portalId: DEMO.portals.employer.id,
        enrollType: "new-group-member",
      },
    });
    const employeeId = (await employee.client.session()).tempId!;
    const steps = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", employeeId).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(app, employee.client, steps.slice(0, steps.indexOf("employer_info")));
    const employer = await employee.client.submit(employerAction, "/enrollment/employer-info", EMPLOYER);
    expect(employer.location, JSON.stringify(employer.data)).not.toBeNull();
    await markStepsDone(
      app,
      employee.client,
      steps.slice(steps.indexOf("employer_info") + 1).filter((s) => s !== "review_info"),
    );
    const done = await employee.client.submit(reviewAction, REVIEW, { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");
    expect(await eventsOf(employeeId)).toEqual([
      expect.objectContaining({ kind: "enrollment.complete", actor: "applicant", acting_as: "employee" }),
    ]);
  });

  it("records an edit after the review, the signature given and completion", async () => {
    const { rep, id } = await repEnrollsMember();
    const steps = JSON.parse(
      (await app.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(app, rep, steps.slice(1, steps.indexOf("agreement_info")));
    const page = (await rep.load(agreementLoader, AGREEMENT)).data;
    const signed = await rep.submit(agreementAction, AGREEMENT, {
      intent: "next",
      ...ticks(page.agreements),
      agent_name: "Jane Carter",
      agent_code: DEMO.rep.code,
      signature_name: "Michael Thompson",
      signature_consent: "1",
    });
    expect(signed.location, JSON.stringify(signed.data)).toBe("/enrollment/billing-information");
    await markStepsDone(app, rep, ["billing_info"]);
    // Edit Details on the review, then the step saved again
    expect((await rep.submit(reviewAction, REVIEW, { intent: "edit", tab: "primary_info" })).location).toBe("/enrollment/personal-info");
    expect((await rep.submit(personalAction, "/enrollment/personal-info", { ...PERSONAL, weight: "180" })).location).toBe(REVIEW);
    expect((await rep.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    expect(brief(await eventsOf(id))).toEqual([
      "member.enroll",
      "step.save:primary_info",
      "signature.given:typed",
      "step.save:agreement_info",
      "review.edit:primary_info",
      "enrollment.complete",
    ]);
    expect((await eventsOf(id)).every((e) => e.actor === `rep:${DEMO.rep.id}` && e.member_id === 1)).toBe(true);
  });

  it("records the signature link sent and sent again, the applicant signing from it, and resumes by code and by link", async () => {
    // a rep leaves the signature to the applicant and asks for the text message
    const rep = await signInRep(app, newClient(app));
    await rep.setSession({ portalId: 1, enrollType: "new-member" });
    const { client } = await inWizard(app, {
      session: { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" },
    });
    const id = await readyForTextSignature(app, client);
    /** Save & Continue Later from the review, by the browser holding the enrollment: the e-mail it sends. */
    const saveForLater = async (holder: typeof client) => {
      expect((await holder.submit(reviewAction, REVIEW, { intent: "send-resume", email: "ana.lopez@gmail.com" })).location).toBe(
        `${REVIEW}?dialog=save-later&sent=1`,
      );
      return opened(
        app,
        await app.store.db
          .selectFrom("outbox")
          .selectAll()
          .where("enrollment_id", "=", id)
          .where("kind", "=", "save_later")
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow(),
      );
    };
    // Save & Continue Later from the review first: a code and a link
    const mail = await saveForLater(client);
    const resumeCode = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1];
    const byCode = newClient(app);
    expect((await byCode.submit(continueAction, "/continue-enrollment", { code: resumeCode, email: "ana.lopez@gmail.com" })).location).toBe(
      REVIEW,
    );
    // an e-mail opens once (ADR 003): the browser holding it saves for later again for the link
    const again = await saveForLater(byCode);
    const link = /\/direct-continue\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(again.text_body)!;
    const byLink = newClient(app);
    // the link's page writes nothing; its button resumes (issue 23)
    expect((await byLink.load(directLoader, link[0], { id: link[1], tab: link[2] })).location).toBeNull();
    expect((await byLink.submit(directAction, link[0], { intent: "continue" }, { params: { id: link[1], tab: link[2] } })).location).toBe(
      REVIEW,
    );
    // the browser that resumed it last holds it (the others lost it)
    expect((await byLink.submit(reviewAction, REVIEW, { intent: "complete", send_sms: "1" })).location).toBe("/enrollment/receipt");
    const memberId = (
      await app.store.db.selectFrom("policies").select("member_id").where("enrollment_id", "=", id).executeTakeFirstOrThrow()
    ).member_id;
    expect(
      (await rep.submit(agentMembersAction, "/agent-select-member", { intent: "resend-signature", memberId: String(memberId) })).location,
    ).toBe("/agent-select-member?signature=sent");
    const sms = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("channel", "=", "sms")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    const token = /\/sign\/([A-Za-z0-9_-]{43})/.exec(sms.text_body)![1];
    const phone = newClient(app);
    // the signer proves who they are (one wrong date first): both in the trail
    expect(
      (await phone.submit(signAction, `/sign/${token}`, { intent: "verify", dob: "01/01/1990" }, { params: { token } })).data.fieldErrors,
    ).toEqual({ dob: "validation.signDobWrong" });
    expect((await phone.submit(signAction, `/sign/${token}`, { intent: "verify", dob: "4/12/1988" }, { params: { token } })).location).toBe(
      `/sign/${token}`,
    );
    const signPage = await phone.load(signLoader, `/sign/${token}`, { token });
    expect(
      (
        await phone.submit(
          signAction,
          `/sign/${token}`,
          { ...ticks(signPage.data.agreements), signature_name: "Ana Lopez", signature_consent: "1" },
          { params: { token } },
        )
      ).location,
    ).toBe(`/sign/${token}`);
    const events = await eventsOf(id);
    expect(brief(events)).toEqual([
      "enrollment.resume:code",
      "enrollment.resume:link",
      "enrollment.complete",
      "signature.sent:text_link",
      "signature.sent:resend",
      "signature.verify_failure:text_link_dob:wrong",
      "signature.verify_success:text_link_dob",
      "signature.given:text_link_typed",
    ]);
    expect(events.map((e) => `${e.actor}/${e.acting_as}`)).toEqual([
      "applicant/applicant",
      "applicant/applicant",
      "applicant/applicant",
      "applicant/applicant",
      `rep:${DEMO.rep.id}/rep`,
      "applicant/applicant",
      "applicant/applicant",
      "applicant/applicant",
    ]);
    expect(events.slice(2).every((e) => e.member_id === memberId)).toBe(true);
  });

  it("never holds the data: no name, SSN, e-mail, phone, code or answer in any event", async () => {
    const rows = await app.store.db.selectFrom("audit_events").selectAll().execute();
    expect(rows.length).toBeGreaterThan(20);
    const text = JSON.stringify(rows);
    for (const needle of [
      "Thompson",
      "Michael",
      "Lopez",
      "Ana",
      "123456789",
      "6789",
      "3307",
      "ana.lopez",
      "@",
      "2145550",
      "Jane Carter",
      "Dallas",
      "thompson",
    ])
      expect(text, needle).not.toContain(needle);
  });

  it("events cannot be changed or deleted", async () => {
    const before = await app.store.db.selectFrom("audit_events").selectAll().orderBy("id").execute();
    const first = before[0];
    await expect(
      app.store.db.updateTable("audit_events").set({ kind: "nothing.happened" }).where("id", "=", first.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(app.store.db.updateTable("audit_events").set({ actor: null }).execute()).rejects.toThrow(/append-only/);
    await expect(app.store.db.deleteFrom("audit_events").where("id", "=", first.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(app.store.db)).rejects.toThrow(/append-only/);
    if (kind === "postgres") await expect(sql`truncate audit_events`.execute(app.store.db)).rejects.toThrow(/append-only/);
    expect(await app.store.db.selectFrom("audit_events").selectAll().orderBy("id").execute()).toEqual(before);
  });

  it("the history page: the verified rep who owns the enrollment sees each step; anyone else gets nothing", async () => {
    const { rep, id } = await repEnrollsMember(undefined, "CVV-BASIC");
    // the member list links the member's newest enrollment's history
    const list = await rep.load(agentMembersLoader, "/agent-select-member?q=thompson");
    expect(list.data.members[0].historyHref).toBe(`/enrollment-history/${id}`);
    const page = await rep.load(historyLoader, `/enrollment-history/${id}`, { id: String(id) });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      enrollmentId: id,
      status: "checked_out",
      memberName: "Michael Thompson",
      backTo: "/agent-select-member",
    });
    expect(
      page.data.events.map((e: { kind: string; detail: string | null; who: string | null; actingAs: string }) => [
        e.kind,
        e.detail,
        e.who,
        e.actingAs,
      ]),
    ).toEqual([
      ["member.enroll", null, "Jane Carter", "rep"],
      ["step.save", "primary_info", "Jane Carter", "rep"],
    ]);
    expect(page.data.events[0].at).toMatch(/UTC$/);
    expect(page.data.events[0].requestId).toMatch(/^test-\d+$/);
    // in Spanish, the dates are written in Spanish
    const es = await rep.load(historyLoader, `/enrollment-history/${id}?lng=es`, { id: String(id) });
    expect(es.data.events[0].at).not.toBe(page.data.events[0].at);
    // viewing it is on the trail
    expect(brief(await eventsOf(id)).slice(-2)).toEqual(["history.view", "history.view"]);

    // another rep, an admin of a group the enrollment is not under, an employee, a visitor: nothing
    const priya = newClient(app);
    await repCodeConfirmed(priya, DEMO.whiteLabelRep.code);
    const { code } = await sendSignInCode(app, priya, `rep:${DEMO.whiteLabelRep.id}:email`);
    expect((await typeSignInCode(priya, code)).location).toBe("/agent-home");
    expect((await priya.load(historyLoader, `/enrollment-history/${id}`, { id: String(id) })).status).toBe(404);
    const admin = await signInGroupAdmin(app, newClient(app));
    expect((await admin.load(historyLoader, `/enrollment-history/${id}`, { id: String(id) })).status).toBe(404);
    const employee = newClient(app);
    await groupCodeConfirmed(employee);
    expect((await employee.load(historyLoader, `/enrollment-history/${id}`, { id: String(id) })).location).toBe("/access");
    expect((await newClient(app).load(historyLoader, `/enrollment-history/${id}`, { id: String(id) })).location).not.toBeNull();
    for (const bad of ["0", "abc", "99999999", "-1"])
      expect((await rep.load(historyLoader, `/enrollment-history/${bad}`, { id: bad })).status, bad).toBe(404);
    // the admin sees the history of their group member's enrollment
    expect((await admin.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: "6", tier: "IO" })).location).toBe(
      "/plans",
    );
    const adminEnrollment = (await admin.session()).tempId!;
    const adminPage = await admin.load(historyLoader, `/enrollment-history/${adminEnrollment}`, { id: String(adminEnrollment) });
    expect(adminPage.data.events[0]).toMatchObject({ kind: "member.enroll", who: DEMO.groupAdmins.acme.name, actingAs: "group_admin" });
    expect(adminPage.data.backTo).toBe("/group-select-member");
  });
});
