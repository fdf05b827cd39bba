/**
 * Issue 28, invitation links work once per browser (ADR 023): once an invitation's enrollment is
 * held by a browser, another browser continues it only with a one-time code e-mailed to the
 * employee's roster address (hashed, 15 minutes, 5 tries counted atomically, every success and
 * failure audited); the same browser continues without one; a decline made in one browser is
 * taken back elsewhere only with the code. Links end when the admin changes the employee's e-mail
 * address (by hand or by census) or terminates them (410). Invite and Remind now send each
 * employee one message per cooldown, however many clicks arrive at once (two instances).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { action as windowsAction } from "~/routes/_store.group-windows";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { action as censusAction } from "~/routes/_store.group-census";
import { action as previewAction } from "~/routes/_store.group-census_.$id";
import { action as progressAction } from "~/routes/_store.group-progress";
import { loader as invitationLoader, action as invitationAction } from "~/routes/invitation.$token";
import { loader as homeLoader } from "~/routes/_store.home";
import { INVITE_CODE_MAX_TRIES } from "~/.server/employers/invitation-codes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { newClient, signInGroupAdmin } from "../support/staff";
import { openedAll } from "../support/outbox";
import { TestClient } from "../support/client";
import type { Services } from "~/.server/services";

const LINK = /\/invitation\/([A-Za-z0-9_-]{43})\b/;
const CODE = /\b(\d{6})\b/;

/** The same browser (cookies, address) talking to another instance. */
function sameBrowserOn(client: TestClient, services: Services) {
  const other = new TestClient(services);
  other.clientIp = client.clientIp;
  for (const pair of client.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    other.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return other;
}

const PERSON = {
  intent: "save",
  gender: "1",
  phone: "",
  ssn: "",
  status: "active",
  employmentClass: "full_time",
  address1: "12 Elm St",
  address2: "",
  city: "Dallas",
  state: "TX",
  zip: "75201",
};

describeEachDatabase("invitation links: once per browser, codes, revocation, cooldowns", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let instances: Instance[];
  const ids: Record<string, number> = {};
  const people = [
    { ref: "L-1", first: "Ana", last: "Reyes", dob: "02/03/1981", email: "ana.reyes@example.com" },
    { ref: "L-2", first: "Ben", last: "Cole", dob: "04/05/1983", email: "ben.cole@example.com" },
    { ref: "L-3", first: "Cara", last: "Lind", dob: "06/07/1986", email: "cara.lind@example.com" },
    { ref: "L-4", first: "Dev", last: "Shah", dob: "08/09/1988", email: "dev.shah@example.com" },
  ];
  const form = (p: (typeof people)[number], email = p.email) => ({
    ...PERSON,
    employeeRef: p.ref,
    firstName: p.first,
    lastName: p.last,
    birthdate: p.dob,
    email,
    hireDate: "01/02/2020",
  });
  beforeAll(async () => {
    app = await createTestApp(kind);
    instances = [openInstance(app), openInstance(app)];
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(windowsAction, "/group-windows", {
      openEnrollmentStart: "11/01/2026",
      openEnrollmentEnd: "11/30/2026",
      newHireDays: "30",
      coverageEndRule: "end_of_month",
    });
    for (const p of people) {
      const res = await admin.submit(employeeAction, "/group-roster/new", form(p), { params: { id: "new" } });
      expect(res.location, JSON.stringify(res.data)).toMatch(/^\/group-roster/);
      ids[p.first] = (await db().selectFrom("group_employees").select("id").where("employee_ref", "=", p.ref).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await app.close();
  });

  const db = () => app.store.db;
  const mails = async (kind: string, to?: string) =>
    (await openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute())).filter(
      (m) => !to || m.recipient === to,
    );
  const linkFor = async (to: string) => LINK.exec((await mails("employee_invitation", to)).pop()?.text_body ?? "")?.[1] ?? null;
  const lastCode = async (to: string) => CODE.exec((await mails("employee_code", to)).pop()?.text_body ?? "")?.[1] ?? null;
  const audits = async (kind: string) =>
    (await db().selectFrom("audit_events").select(["actor", "detail"]).where("kind", "=", kind).orderBy("id").execute()).map(
      (a) => `${a.actor} ${a.detail}`,
    );
  const post = (c: TestClient, token: string, values: Record<string, string>) =>
    c.submit(invitationAction, `/invitation/${token}`, values, { params: { token } });
  const page = async (c: TestClient, token: string) => (await c.load(invitationLoader, `/invitation/${token}`, { token })).data;

  it("Invite: two clicks at once on two instances send each employee one invitation; a click within the cooldown says so", async () => {
    const csrf = await admin.csrfToken();
    const clients = instances.map((i) => sameBrowserOn(admin, i.services));
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        clients[i % 2]!.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" }, { csrf }),
      ),
    );
    expect(results.every((r) => r.location === "/group-progress")).toBe(true);
    const sent = await mails("employee_invitation");
    expect(sent.map((m) => m.recipient).sort()).toEqual(people.map((p) => p.email).sort());
    expect(await db().selectFrom("employee_invitations").selectAll().execute()).toHaveLength(people.length);
    // one more click, later but within the cooldown: nothing goes, and the admin is told
    app.clock.now = new Date("2026-11-10T15:30:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "all" });
    expect(await mails("employee_invitation")).toHaveLength(people.length);
    expect((await admin.load(rootLoader, "/")).data.flash).toMatchObject({ kind: "warning", key: "progress.invitesRecent" });
    // after the cooldown, Invite sends again
    app.clock.now = new Date("2026-11-10T16:05:00Z");
    admin = await signInGroupAdmin(app);
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
    expect(await mails("employee_invitation")).toHaveLength(people.length * 2);
  });

  it("Remind now: many clicks at once on two instances send one reminder each, then it waits", async () => {
    const csrf = await admin.csrfToken();
    const clients = instances.map((i) => sameBrowserOn(admin, i.services));
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => clients[i % 2]!.submit(progressAction, "/group-progress", { intent: "remind" }, { csrf })),
    );
    expect((await mails("employee_reminder")).map((m) => m.recipient).sort()).toEqual(people.map((p) => p.email).sort());
    expect(await audits("reminder.now")).toHaveLength(1);
  });

  it("two Start presses at once, in two browsers, make one enrollment: the other browser is asked for the code", async () => {
    const token = (await linkFor("dev.shah@example.com"))!;
    const [one, two] = [newClient(app), newClient(app)];
    for (const c of [one, two]) await page(c, token);
    // (a Start without a code fills in nothing of the roster's, ADR 023 addendum w8: the enrollments made are those after this one)
    const last = await db()
      .selectFrom("enrollments")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const csrf = await Promise.all([one.csrfToken(), two.csrfToken()]);
    const answers = await Promise.all(
      [one, two].map((c, i) =>
        c.submit(invitationAction, `/invitation/${token}`, { intent: "start" }, { params: { token }, csrf: csrf[i] }),
      ),
    );
    expect(answers.map((a) => a.location).sort()).toEqual(["/home", `/invitation/${token}?refused=needsCode`].sort());
    const employee = await db()
      .selectFrom("group_employees")
      .selectAll()
      .where("email", "=", "dev.shah@example.com")
      .executeTakeFirstOrThrow();
    const made = await db()
      .selectFrom("enrollments")
      .select("id")
      .where("group_id", "=", employee.group_id)
      .where("id", ">", Number(last?.id ?? 0))
      .execute();
    expect(made).toHaveLength(1);
    expect(employee.enrollment_id).toBe(made[0]!.id);
    const winner = answers[0]!.location === "/home" ? one : two;
    expect((await winner.session()).tempId).toBe(made[0]!.id);
  });

  it("another browser continues an enrollment in progress only with the code e-mailed to the employee; the same browser needs none", async () => {
    const token = (await linkFor("ana.reyes@example.com"))!;
    // a new enrollment may start without a code: it holds nothing yet
    const ana = newClient(app);
    expect((await post(ana, token, { intent: "start" })).location).toBe("/home");
    const tempId = (await ana.session()).tempId!;
    expect(tempId).toBeTruthy();
    // the same browser continues without a code
    expect((await post(ana, token, { intent: "start" })).location).toBe("/home");
    expect((await ana.session()).tempId).toBe(tempId);

    // a coworker who got the forwarded link: refused, nothing of hers in his session or page
    const other = newClient(app);
    expect((await post(other, token, { intent: "start" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    expect((await other.session()).tempId).toBeUndefined();
    expect((await other.load(homeLoader, "/home")).data?.quote?.defaults?.dob ?? null).not.toBe("02/03/1981");
    expect((await ana.session()).tempId).toBe(tempId);
    expect(await page(other, token)).toMatchObject({ gate: "enrollment", code: null, inProgress: true });
    // declining her coverage from his browser is refused too
    expect((await post(other, token, { intent: "waive", reason: "medicare" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    expect(await db().selectFrom("employee_waivers").selectAll().execute()).toEqual([]);
    // he cannot type a code he has not asked for
    expect((await post(other, token, { intent: "verify-code", code: "123456" })).data.fieldErrors).toEqual({
      code: "validation.otpNoCode",
    });

    // "Send me a code": to her roster address, never shown whole
    expect((await post(other, token, { intent: "send-code" })).location).toBe(`/invitation/${token}?refused=codeSent`);
    expect((await mails("employee_code")).map((m) => m.recipient)).toEqual(["ana.reyes@example.com"]);
    expect(await page(other, token)).toMatchObject({ code: { to: "a***@example.com" } });
    const code = (await lastCode("ana.reyes@example.com"))!;
    const stored = await db().selectFrom("one_time_codes").selectAll().where("purpose", "like", "invitation:%").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    // asking again at once: wait
    expect((await post(other, token, { intent: "send-code" })).location).toBe(`/invitation/${token}?refused=wait`);
    expect(await mails("employee_code")).toHaveLength(1);
    // a wrong code: beside the field, nothing opened
    const wrong = await post(other, token, { intent: "verify-code", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    expect(wrong.data.fieldErrors).toEqual({ code: "validation.otpWrong" });
    expect((await other.session()).tempId).toBeUndefined();
    // the code typed in yet another browser is no code there
    const third = newClient(app);
    expect((await post(third, token, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpNoCode" });
    // the right code: this browser continues the enrollment and becomes its only holder
    expect((await post(other, token, { intent: "verify-code", code })).location).toBe("/home");
    expect((await other.session()).tempId).toBe(tempId);
    expect((await ana.session()).tempId).toBeUndefined();
    // used once
    expect((await post(third, token, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpNoCode" });
    // and now her first browser needs a code in its turn
    expect((await post(ana, token, { intent: "start" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    const e = `employee:${ids.Ana}`;
    expect(await audits("invitation.code_sent")).toEqual([`${e} ${e}`]);
    expect(await audits("invitation.code_failure")).toEqual([
      `${e} ${e}:nocode`,
      `${e} ${e}:wrong`,
      `${e} ${e}:nocode`,
      `${e} ${e}:nocode`,
    ]);
    expect(await audits("invitation.code_success")).toEqual([`${e} ${e}`]);
    expect((await audits("invitation.refuse")).length).toBe(3);
    expect((await audits("invitation.start")).at(-1)).toBe(`${e} continue:code`);
  });

  it("a code expires after 15 minutes", async () => {
    const token = (await linkFor("ana.reyes@example.com"))!;
    const c = newClient(app);
    await post(c, token, { intent: "send-code" });
    const code = (await lastCode("ana.reyes@example.com"))!;
    app.clock.now = new Date(app.clock.now.getTime() + 16 * 60 * 1000);
    expect((await post(c, token, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpExpired" });
    expect((await c.session()).tempId).toBeUndefined();
  });

  it(`30 tries at once on one code from two instances: exactly ${INVITE_CODE_MAX_TRIES} compared, then the code is dead (the right one too)`, async () => {
    const token = (await linkFor("ana.reyes@example.com"))!;
    const c = newClient(app);
    expect((await post(c, token, { intent: "send-code" })).location).toBe(`/invitation/${token}?refused=codeSent`);
    const code = (await lastCode("ana.reyes@example.com"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    const csrf = await c.csrfToken();
    const clients = instances.map((i) => sameBrowserOn(c, i.services));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        clients[i % 2]!.submit(
          invitationAction,
          `/invitation/${token}`,
          { intent: "verify-code", code: wrong },
          { csrf, params: { token } },
        ),
      ),
    );
    const errors = results.map((r) => r.data?.fieldErrors?.code);
    // 4 compared and wrong, the 5th compared and the code retired with it; all others refused before any comparison
    expect(errors.filter((x) => x === "validation.otpWrong")).toHaveLength(INVITE_CODE_MAX_TRIES - 1);
    expect(errors.every((x) => x === "validation.otpWrong" || x === "validation.otpTooMany" || x === "validation.otpNoCode")).toBe(true);
    const [row] = await db()
      .selectFrom("one_time_codes")
      .selectAll()
      .where("purpose", "like", "invitation:%")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(row!.attempts).toBe(INVITE_CODE_MAX_TRIES);
    expect(row!.invalidated_at).not.toBeNull();
    // the right code after that opens nothing
    expect((await post(c, token, { intent: "verify-code", code })).data.fieldErrors?.code).toBeTruthy();
    expect((await c.session()).tempId).toBeUndefined();
  });

  it("a decline made in one browser is taken back in another only with the code; its reason is shown only where it was given", async () => {
    const token = (await linkFor("ben.cole@example.com"))!;
    const ben = newClient(app);
    expect((await post(ben, token, { intent: "waive", reason: "medicaid_chip" })).location).toBe(`/invitation/${token}`);
    expect((await page(ben, token)).waiver).toMatchObject({ reason: "medicaid_chip" });
    const other = newClient(app);
    const seen = await page(other, token);
    expect(seen).toMatchObject({ gate: "waiver", waiver: { reason: null } });
    expect(JSON.stringify(seen)).not.toContain("medicaid");
    expect((await post(other, token, { intent: "unwaive" })).location).toBe(`/invitation/${token}?refused=needsCode`);
    expect(await db().selectFrom("employee_waivers").selectAll().where("reversed_at", "is", null).execute()).toHaveLength(1);
    await post(other, token, { intent: "send-code" });
    expect((await post(other, token, { intent: "verify-code", code: (await lastCode("ben.cole@example.com"))! })).location).toBe(
      `/invitation/${token}`,
    );
    expect((await page(other, token)).gate).toBeNull();
    expect((await post(other, token, { intent: "unwaive" })).location).toBe(`/invitation/${token}`);
    expect(await db().selectFrom("employee_waivers").selectAll().where("reversed_at", "is", null).execute()).toHaveLength(0);
    // the browser that declined takes its own decline back without a code
    await post(ben, token, { intent: "waive", reason: "medicare" });
    expect((await post(ben, token, { intent: "unwaive" })).location).toBe(`/invitation/${token}`);
  });

  it("links end when the admin changes the e-mail address (by hand or by census) or terminates the employee: 410", async () => {
    const cara = (await linkFor("cara.lind@example.com"))!;
    const c = newClient(app);
    expect((await c.load(invitationLoader, `/invitation/${cara}`, { token: cara })).status).toBe(200);
    // the same address, other case: nothing ends
    const p = people[2]!;
    await admin.submit(employeeAction, `/group-roster/${ids.Cara}`, form(p, "Cara.Lind@example.com"), { params: { id: String(ids.Cara) } });
    expect((await c.load(invitationLoader, `/invitation/${cara}`, { token: cara })).status).toBe(200);
    await admin.submit(employeeAction, `/group-roster/${ids.Cara}`, form(p, "cara.new@example.com"), { params: { id: String(ids.Cara) } });
    const ended = await c.load(invitationLoader, `/invitation/${cara}`, { token: cara });
    expect(ended.status).toBe(410);
    expect(ended.data).toEqual({ state: "revoked" });
    expect((await post(c, cara, { intent: "start" })).status).toBe(410);
    // a new invitation goes to the new address and works
    app.clock.now = new Date(app.clock.now.getTime() + 2 * 60 * 60 * 1000);
    admin = await signInGroupAdmin(app);
    await admin.submit(progressAction, "/group-progress", { intent: "invite", audience: "pending" });
    const fresh = (await linkFor("cara.new@example.com"))!;
    expect((await c.load(invitationLoader, `/invitation/${fresh}`, { token: fresh })).status).toBe(200);

    // by census: Dev's address changes
    const dev = (await linkFor("dev.shah@example.com"))!;
    const head =
      "Employee ID,Relationship,First Name,Last Name,Date of Birth,Gender,Email,Phone,SSN,Hire Date,Termination Date,Employment Status,Class,Address 1,Address 2,City,State,Zip";
    const csv = [
      head,
      "L-4,Employee,Dev,Shah,08/09/1988,M,dev.other@example.com,,,01/02/2020,,Active,Full time,12 Elm St,,Dallas,TX,75201",
    ].join("\n");
    const checked = await admin.upload(censusAction, "/group-census", {}, { file: { name: "c.csv", type: "text/csv", bytes: csv } });
    expect(checked.location, JSON.stringify(checked.data)).toMatch(/^\/group-census\/\d+$/);
    const id = checked.location!.split("/").pop()!;
    expect((await admin.submit(previewAction, checked.location!, { intent: "apply" }, { params: { id } })).location).toBe("/group-roster");
    expect((await c.load(invitationLoader, `/invitation/${dev}`, { token: dev })).status).toBe(410);

    // terminated: the new link ends too
    await admin.submit(
      employeeAction,
      `/group-roster/${ids.Cara}`,
      { intent: "terminate", terminationDate: "11/10/2026" },
      { params: { id: String(ids.Cara) } },
    );
    expect((await c.load(invitationLoader, `/invitation/${fresh}`, { token: fresh })).status).toBe(410);
    expect((await audits("invitation.revoke")).map((a) => a.split(" ")[1])).toEqual([
      `employee:${ids.Cara}:email`,
      `employee:${ids.Dev}:email`,
      `employee:${ids.Cara}:terminated`,
    ]);
    // others' links are untouched
    expect(
      (
        await c.load(invitationLoader, `/invitation/${(await linkFor("ben.cole@example.com"))!}`, {
          token: (await linkFor("ben.cole@example.com"))!,
        })
      ).status,
    ).toBe(200);
  });
});
