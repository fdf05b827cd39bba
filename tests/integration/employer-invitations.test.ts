/**
 * Issue 28, invitations, progress, waivers and reminders: the admin invites the roster; an
 * employee's link opens a page (the GET writes nothing), its button starts an enrollment in the
 * group's store prefilled from the roster and linked to the row; progress moves as it is started
 * and completed; another employee declines with a reason (and takes it back); reminders go 7 and 2
 * days before the window closes, once each, and the admins' summary the day before. The clock
 * moves through the services'.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { loader as progressLoader, action as progressAction } from "~/routes/_store.group-progress";
import { loader as progressEmployeeLoader, action as progressEmployeeAction } from "~/routes/_store.group-progress_.$id";
import { loader as progressCsvLoader } from "~/routes/group-progress[.]csv";
import { loader as invitationLoader, action as invitationAction } from "~/routes/invitation.$token";
import { loader as homeLoader, action as homeAction } from "~/routes/_store.home";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { action as employerAction } from "~/routes/enrollment.employer-info";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { runEmployerReminders } from "~/.server/employers/reminders";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInGroupAdmin } from "../support/staff";
import { EMPLOYER_FORM, markStepsDone, checkOut } from "../support/journeys";
import { openedAll } from "../support/outbox";
import type { TestClient } from "../support/client";

const LINK = /\/invitation\/([A-Za-z0-9_-]{43})\b/;

describeEachDatabase("invitations, progress, waivers and reminders", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", {
      openEnrollmentStart: "11/01/2026",
      openEnrollmentEnd: "11/30/2026",
      newHireDays: "30",
      coverageEndRule: "end_of_month",
    });
    const people = [
      { ref: "E-1", first: "Rosa", last: "Diaz", dob: "01/13/1980", email: "rosa.diaz@example.com", hire: "01/02/2022" },
      { ref: "E-2", first: "Samuel", last: "Ortiz", dob: "05/06/1985", email: "samuel.ortiz@example.com", hire: "11/01/2026" },
      { ref: "E-3", first: "Lee", last: "Park", dob: "07/08/1990", email: "lee.park@example.com", hire: "03/04/2021" },
      { ref: "E-4", first: "Noor", last: "Haddad", dob: "09/10/1992", email: "", hire: "03/04/2021" },
    ];
    for (const p of people) {
      const res = await admin.submit(
        employeeAction,
        "/group-roster/new",
        {
          intent: "save",
          employeeRef: p.ref,
          firstName: p.first,
          lastName: p.last,
          birthdate: p.dob,
          gender: "1",
          email: p.email,
          phone: "",
          ssn: "",
          hireDate: p.hire,
          status: "active",
          employmentClass: "full_time",
          address1: "12 Elm St",
          address2: "",
          city: "Dallas",
          state: "TX",
          zip: "75201",
        },
        { params: { id: "new" } },
      );
      expect(res.location, JSON.stringify(res.data)).toMatch(/^\/group-roster/);
      ids[p.first] = (await db().selectFrom("group_employees").select("id").where("employee_ref", "=", p.ref).executeTakeFirstOrThrow()).id;
    }
    // Samuel reads Spanish
    await db().updateTable("group_employees").set({ locale: "es" }).where("id", "=", ids.Samuel).execute();
  });
  afterAll(() => app.close());

  const db = () => app.store.db;
  const mails = async (kind: string) =>
    openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute());
  const linkFor = async (kind: string, to: string) => {
    const m = (await mails(kind)).filter((r) => r.recipient === to).pop();
    return LINK.exec(m?.text_body ?? "")?.[1] ?? null;
  };
  const progress = async (status = "all") => (await admin.load(progressLoader, `/group-progress?status=${status}`)).data;
  const statusOf = async (first: string) =>
    (await progress()).employees.find((e: { name: string }) => e.name.startsWith(first))?.status as string | undefined;
  const count = async (table: "enrollments" | "employee_invitations") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("sends each employee with an e-mail a personal link in their language; only its hash is kept", async () => {
    const sent = await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
    expect(sent.location).toBe("/group-progress");
    const invites = await mails("employee_invitation");
    expect(invites.map((m) => m.recipient).sort()).toEqual(["lee.park@example.com", "rosa.diaz@example.com", "samuel.ortiz@example.com"]);
    const samuel = invites.find((m) => m.recipient === "samuel.ortiz@example.com")!;
    expect(samuel.subject).toContain("elija sus beneficios");
    const token = LINK.exec(samuel.text_body)![1]!;
    const rows = await db().selectFrom("employee_invitations").selectAll().execute();
    expect(rows).toHaveLength(3);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
    // it expires with the window: the end of 11/30
    expect(rows[0]!.expires_at).toBe("2026-12-01T00:00:00.000Z");
    expect(
      (await db().selectFrom("audit_events").select("detail").where("kind", "=", "invitation.send").execute()).map((a) => a.detail),
    ).toEqual(["pending:3"]);
    const page = await progress();
    expect(page.counts).toEqual({ enrolled: 0, waived: 0, in_progress: 0, not_started: 4 });
    // Samuel was hired 11/01/2026: inside the new-hire window
    expect(page.employees.find((e: { name: string }) => e.name.startsWith("Samuel")).newHireUntil).toBe("11/30/2026");
  });

  it("opens a page that writes nothing; its button starts an enrollment prefilled from the roster, linked to the row", async () => {
    const token = (await linkFor("employee_invitation", "rosa.diaz@example.com"))!;
    const rosa = newClient(app);
    const before = await count("enrollments");
    const page = await rosa.load(invitationLoader, `/invitation/${token}`, { token });
    expect(page.data).toMatchObject({ state: "ok", first: "Rosa", last: "Diaz", company: DEMO.group.companyName, inProgress: false });
    expect(await count("enrollments")).toBe(before);
    expect((await rosa.session()).tempId).toBeUndefined();
    // unknown and malformed links are 404, never 5xx
    expect(await rosa.load(invitationLoader, "/invitation/x", { token: "x" })).toMatchObject({ status: 404 });
    const forged = "A".repeat(43);
    expect(await rosa.load(invitationLoader, `/invitation/${forged}`, { token: forged })).toMatchObject({ status: 404 });

    const started = await rosa.submit(invitationAction, `/invitation/${token}`, { intent: "start" }, { params: { token } });
    expect(started.location).toBe("/home");
    const tempId = (await rosa.session()).tempId!;
    const row = await db().selectFrom("group_employees").select(["enrollment_id"]).where("id", "=", ids.Rosa!).executeTakeFirstOrThrow();
    expect(row.enrollment_id).toBe(tempId);
    const enrollment = await db().selectFrom("enrollments").selectAll().where("id", "=", tempId).executeTakeFirstOrThrow();
    // a Start without a code fills in nothing of the roster's (ADR 023 addendum w8)
    expect(enrollment).toMatchObject({
      group_id: DEMO.group.id,
      birthdate: null,
      zip: null,
      enroll_type: "new-group-member",
      eprocess: "group",
    });
    expect(enrollment.holder).toBeTruthy();
    expect(JSON.stringify((await rosa.load(homeLoader, "/home")).data)).not.toContain("01/13/1980");
    // her link's page offers the code that fills in her details; with it the quote starts from the roster
    const offer = await rosa.load(invitationLoader, `/invitation/${token}`, { token });
    expect(offer.data).toMatchObject({ gate: "details", inProgress: true, code: null });
    await rosa.submit(invitationAction, `/invitation/${token}`, { intent: "send-code" }, { params: { token } });
    const code = /\b(\d{6})\b/.exec(
      (await mails("employee_code")).filter((m) => m.recipient === "rosa.diaz@example.com").pop()!.text_body,
    )![1]!;
    expect(
      (await rosa.submit(invitationAction, `/invitation/${token}`, { intent: "verify-code", code }, { params: { token } })).location,
    ).toBe("/home");
    expect(await rosa.session()).toMatchObject({ tempId, inviteProven: ids.Rosa });
    expect((await rosa.load(invitationLoader, `/invitation/${token}`, { token })).data.gate).toBeNull();
    expect(await db().selectFrom("enrollments").selectAll().where("id", "=", tempId).executeTakeFirstOrThrow()).toMatchObject({
      birthdate: "1980-01-13",
      zip: "75201",
    });
    // the quote shows the date of birth; no group code was typed
    const home = await rosa.load(homeLoader, "/home");
    expect(home.data.quote.defaults).toMatchObject({ dob: "01/13/1980", zip: "75201" });
    expect(home.data.closed).toBeNull();
    expect(await statusOf("Rosa")).toBe("in_progress");
    expect((await db().selectFrom("audit_events").selectAll().where("kind", "=", "invitation.start").execute())[0]).toMatchObject({
      actor: `employee:${ids.Rosa}`,
      enrollment_id: tempId,
    });

    // the same link in a second browser opens nothing without the code e-mailed to her (ADR 023;
    // tests/integration/invitation-links.test.ts); the first browser keeps it and continues without one
    const other = newClient(app);
    const again = await other.submit(invitationAction, `/invitation/${token}`, { intent: "start" }, { params: { token } });
    expect(again.location).toBe(`/invitation/${token}?refused=needsCode`);
    expect((await other.session()).tempId).toBeUndefined();
    expect((await rosa.session()).tempId).toBe(tempId);
    await rosa.submit(invitationAction, `/invitation/${token}`, { intent: "start" }, { params: { token } });
    expect((await rosa.session()).tempId).toBe(tempId);

    // she enrolls: name and e-mail are prefilled in the wizard
    expect(
      (
        await rosa.submit(homeAction, "/home", {
          intent: "quote",
          zip: "75201",
          dob: "01/13/1980",
          gender: "1",
          spouseDob: "",
          childCount: "0",
          smoker: "",
          category: "dental",
        })
      ).location,
    ).toBe("/plans?type=dental");
    await checkOut(rosa, ["BSD-PPO-ESS"]);
    const steps = JSON.parse(
      (await db().selectFrom("enrollments").select("step_list").where("id", "=", tempId).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    const personal = await rosa.load(personalLoader, "/enrollment/personal-info");
    expect(personal.data?.values, `${steps} ${personal.location}`).toMatchObject({ first_name: "Rosa", last_name: "Diaz" });
    await markStepsDone(app, rosa, steps.slice(0, steps.indexOf("contact_info")));
    const contact = await rosa.load(contactLoader, "/enrollment/contact-info");
    expect(contact.data?.values, `${contact.location}`).toMatchObject({ email: "rosa.diaz@example.com" });
    await markStepsDone(app, rosa, steps.slice(0, steps.indexOf("employer_info")));
    await rosa.submit(employerAction, "/enrollment/employer-info", EMPLOYER_FORM);
    await markStepsDone(
      app,
      rosa,
      steps.slice(steps.indexOf("employer_info") + 1).filter((s) => s !== "review_info"),
    );
    const done = await rosa.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete" });
    expect(done.location, JSON.stringify(done.data)).toBe("/enrollment/receipt");

    // progress moved: enrolled, with the plan and its effective date; an "enrolled" event per plan
    expect(await statusOf("Rosa")).toBe("enrolled");
    const mine = (await admin.load(progressEmployeeLoader, `/group-progress/${ids.Rosa}`, { id: String(ids.Rosa) })).data;
    expect(mine.plans).toHaveLength(1);
    expect(mine.plans[0].effectiveDate).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    const events = await db().selectFrom("coverage_events").selectAll().where("employee_id", "=", ids.Rosa!).execute();
    expect(events).toEqual([expect.objectContaining({ kind: "enrolled", cause: "enrollment.complete", enrollment_id: tempId })]);
    const linked = await db().selectFrom("group_employees").select("member_id").where("id", "=", ids.Rosa!).executeTakeFirstOrThrow();
    expect(linked.member_id).toBe(events[0]!.member_id);

    // the link of a completed enrollment opens nothing
    const late = newClient(app);
    expect((await late.load(invitationLoader, `/invitation/${token}`, { token })).data).toMatchObject({ enrolled: true });
    expect((await late.submit(invitationAction, `/invitation/${token}`, { intent: "start" }, { params: { token } })).location).toBe(
      `/invitation/${token}?refused=complete`,
    );
    expect((await late.session()).tempId).toBeUndefined();
  });

  it("an employee declines with a reason from the list (checked beside the field), is told by e-mail, and takes it back", async () => {
    const token = (await linkFor("employee_invitation", "samuel.ortiz@example.com"))!;
    const sam = newClient(app);
    const at = `/invitation/${token}`;
    const none = await sam.submit(invitationAction, at, { intent: "waive" }, { params: { token } });
    expect(none.status).toBe(422);
    expect(none.data.fieldErrors).toEqual({ reason: "waiver.reasonRequired" });
    const bare = await sam.submit(invitationAction, at, { intent: "waive", reason: "other", otherText: "" }, { params: { token } });
    expect(bare.data.fieldErrors).toEqual({ otherText: "waiver.textRequired" });
    expect(await db().selectFrom("employee_waivers").selectAll().execute()).toEqual([]);
    expect((await sam.submit(invitationAction, at, { intent: "waive", reason: "medicare" }, { params: { token } })).location).toBe(at);
    expect(await statusOf("Samuel")).toBe("waived");
    const [w] = await db().selectFrom("employee_waivers").selectAll().execute();
    expect(w).toMatchObject({ reason: "medicare", waived_by: `employee:${ids.Samuel}`, reversed_at: null });
    const [mail] = await mails("employee_waiver");
    expect(mail).toMatchObject({ recipient: "samuel.ortiz@example.com", subject: "Rechazó la cobertura" });
    expect(mail!.text_body).toContain("Medicare");
    expect((await sam.load(invitationLoader, at, { token })).data.waiver).toMatchObject({ reason: "medicare" });
    // twice is refused, changing nothing
    expect((await sam.submit(invitationAction, at, { intent: "waive", reason: "individual" }, { params: { token } })).location).toBe(
      `${at}?refused=alreadyWaived`,
    );
    expect(await sam.submit(invitationAction, at, { intent: "unwaive" }, { params: { token } })).toMatchObject({ location: at });
    expect(await statusOf("Samuel")).toBe("not_started");
    // the admin declines for him: other, with the words
    const path = `/group-progress/${ids.Samuel}`;
    const params = { id: String(ids.Samuel) };
    expect(
      (
        await admin.submit(
          progressEmployeeAction,
          path,
          { intent: "waive", reason: "other", otherText: "Covered by union plan" },
          { params },
        )
      ).location,
    ).toBe(path);
    const standing = await db().selectFrom("employee_waivers").selectAll().where("reversed_at", "is", null).execute();
    expect(standing).toEqual([
      expect.objectContaining({ reason: "other", other_text: "Covered by union plan", waived_by: "group_admin:1" }),
    ]);
    const kinds = (await db().selectFrom("audit_events").select("kind").where("kind", "like", "waiver.%").orderBy("id").execute()).map(
      (a) => a.kind,
    );
    expect(kinds).toEqual(["waiver.record", "waiver.reverse", "waiver.record"]);
    // an enrolled employee has nothing to decline
    const refused = await admin.submit(
      progressEmployeeAction,
      `/group-progress/${ids.Rosa}`,
      { intent: "waive", reason: "medicare" },
      { params: { id: String(ids.Rosa) } },
    );
    expect(refused.location).toBe(`/group-progress/${ids.Rosa}`);
    expect(await db().selectFrom("employee_waivers").selectAll().where("employee_id", "=", ids.Rosa!).execute()).toEqual([]);
    // an unknown employee is a 404
    expect(await admin.load(progressEmployeeLoader, "/group-progress/99999", { id: "99999" })).toMatchObject({ status: 404 });

    const page = await progress();
    expect(page.counts).toEqual({ enrolled: 1, waived: 1, in_progress: 0, not_started: 2 });
    expect(page.percent).toEqual({ enrolled: 25, waived: 25, in_progress: 0, not_started: 50 });
    expect((await progress("waived")).employees.map((e: { name: string }) => e.name)).toEqual(["Samuel Ortiz"]);
    const csv = await (await admin.load(progressCsvLoader, "/group-progress.csv")).data;
    const text = typeof csv === "string" ? csv : await (csv as Response).text();
    expect(text).toContain("Samuel Ortiz,Declined,Other: Covered by union plan");
    expect(text).toMatch(/Rosa Diaz,Enrolled,,,.+\(\d\d\/\d\d\/\d{4}\)/);
  });

  it("reminds those neither enrolled nor waived 7 and 2 days before the window closes, once each; the admins the day before", async () => {
    const reminders = () => mails("employee_reminder7");
    app.clock.now = new Date("2026-11-22T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    app.clock.now = new Date("2026-11-23T15:00:00Z");
    // two runs at once (two instances): each reminder goes once
    const [a, b] = await Promise.all([runEmployerReminders(app.services), runEmployerReminders(app.services)]);
    expect(a.reminders + b.reminders).toBe(1);
    expect((await reminders()).map((m) => m.recipient)).toEqual(["lee.park@example.com"]);
    expect(LINK.test((await reminders())[0]!.text_body)).toBe(true);
    app.clock.now = new Date("2026-11-25T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    app.clock.now = new Date("2026-11-28T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 1, summaries: 0 });
    expect((await mails("employee_reminder2")).map((m) => m.recipient)).toEqual(["lee.park@example.com"]);
    app.clock.now = new Date("2026-11-29T15:00:00Z");
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 1 });
    expect(await runEmployerReminders(app.services)).toEqual({ reminders: 0, summaries: 0 });
    const summaries = await mails("employer_summary");
    expect(summaries.map((m) => m.recipient).sort()).toEqual([DEMO.groupAdmins.acme.email, DEMO.groupAdmins.acme2.email].sort());
    expect(summaries[0]!.text_body).toContain("1 enrolled, 1 declined, 0 in progress, 2 not started");
    expect(summaries[0]!.text_body).toContain("1 inscritos");
  });

  it("Remind now sends at once, then waits a day", async () => {
    app.clock.now = new Date("2026-11-29T16:00:00Z");
    admin = await signInGroupAdmin(app);
    const first = await admin.submit(progressAction, "/group-progress", { intent: "remind" });
    expect(first.location).toBe("/group-progress");
    expect((await mails("employee_reminder")).map((m) => m.recipient)).toEqual(["lee.park@example.com"]);
    await admin.submit(progressAction, "/group-progress", { intent: "remind" });
    expect(await mails("employee_reminder")).toHaveLength(1);
    app.clock.now = new Date("2026-11-30T17:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(progressAction, "/group-progress", { intent: "remind" });
    expect(await mails("employee_reminder")).toHaveLength(2);
    // a bad intent or audience is a 400, never a 5xx
    expect(await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "x" })).toMatchObject({ status: 400 });
  });

  it("a waived employee's link starts nothing until the waiver is taken back (security review)", async () => {
    // the link of the latest mail Lee got (an invitation or a reminder: each carries a fresh link)
    const all = await openedAll(
      app,
      await db().selectFrom("outbox").selectAll().where("recipient", "=", "lee.park@example.com").orderBy("id").execute(),
    );
    const token = all
      .map((m) => LINK.exec(m.text_body ?? "")?.[1])
      .filter(Boolean)
      .pop()!;
    const c = newClient(app);
    const before = await count("enrollments");
    const at = `/invitation/${token}`;
    expect((await c.submit(invitationAction, at, { intent: "waive", reason: "medicare" }, { params: { token } })).location).toBe(at);
    expect((await c.submit(invitationAction, at, { intent: "start" }, { params: { token } })).location).toBe(`${at}?refused=alreadyWaived`);
    expect(await count("enrollments")).toBe(before);
    await c.submit(invitationAction, at, { intent: "unwaive" }, { params: { token } });
  });

  it("after the window closes the link is a 410 page and waivers cannot be taken back", async () => {
    const token = (await linkFor("employee_invitation", "lee.park@example.com"))!;
    app.clock.now = new Date("2026-12-02T15:00:00Z");
    admin = await signInGroupAdmin(app);
    const c = newClient(app);
    const page = await c.load(invitationLoader, `/invitation/${token}`, { token });
    expect(page.status).toBe(410);
    const path = `/group-progress/${ids.Samuel}`;
    await admin.submit(progressEmployeeAction, path, { intent: "unwaive" }, { params: { id: String(ids.Samuel) } });
    expect(await db().selectFrom("employee_waivers").selectAll().where("reversed_at", "is", null).execute()).toHaveLength(1);
  });
});
