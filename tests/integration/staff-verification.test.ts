/**
 * Issue 15: codes identify, verification authorises. A rep code or a group code brands the
 * store and lets an employee enroll themselves; seeing current members and enrolling for them
 * needs the rep or a group admin verified by a one-time code sent to the e-mail or phone on
 * file — 6 digits, hashed, 10 minutes, single use, a 120 s resend wait, 5 tries, throttled per
 * rep or group and per client.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as agentHomeLoader } from "~/routes/_store.agent-home";
import { loader as agentMembersLoader } from "~/routes/_store.agent-select-member";
import { loader as groupHomeLoader } from "~/routes/_store.group-home";
import { loader as groupMembersLoader, action as groupMembersAction } from "~/routes/_store.group-select-member";
import { loader as verifyLoader, action as verifyAction } from "~/routes/verify";
import { action as logoutAction } from "~/routes/logout";
import { DEMO } from "~/.server/db/seed";
import { STAFF_CLIENT_FAILURE_LIMIT, STAFF_FAILURE_LIMIT, STAFF_MAX_TRIES } from "~/.server/members/verification";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import {
  groupCodeConfirmed,
  newClient,
  repCodeConfirmed,
  sendSignInCode,
  signInCodeFor,
  signInGroupAdmin,
  signInRep,
  typeSignInCode,
} from "../support/staff";
import { opened } from "../support/outbox";

const PRIYA = DEMO.whiteLabelRep;

describeEachDatabase("verified reps and group admins", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const later = (ms: number) => {
    app.clock.now = new Date(app.clock.now.getTime() + ms);
  };
  const enrollments = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
  const codeError = (r: { data: { fieldErrors?: Record<string, string> } }) => r.data?.fieldErrors?.code;

  it("an employee with the group code never sees a co-worker: the list and Enroll Now send them to the admins' sign-in", async () => {
    const c = newClient(app);
    await groupCodeConfirmed(c);
    const home = await c.load(groupHomeLoader, "/group-home");
    expect(home.status).toBe(200);
    expect(home.data.admin).toBe(false);
    const before = await enrollments();
    for (const path of ["/group-select-member", "/group-select-member?q=brooks", "/group-select-member?member=4&step=tier"]) {
      const res = await c.load(groupMembersLoader, path);
      expect(res.location, path).toBe("/verify?as=admin");
      expect(JSON.stringify(res.data ?? "")).not.toMatch(/Brooks|Okafor|Nguyen/);
    }
    expect((await c.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: "4", tier: "IO" })).location).toBe(
      "/verify?as=admin",
    );
    expect(await enrollments()).toBe(before);
    // the sign-in offers the group's admins, never the employee
    const page = await c.load(verifyLoader, "/verify?as=admin");
    expect(page.data.destinations.map((d: { value: string }) => d.value)).toEqual([
      `group_admin:${DEMO.groupAdmins.acme2.id}:email`,
      `group_admin:${DEMO.groupAdmins.acme2.id}:phone`,
      `group_admin:${DEMO.groupAdmins.acme.id}:email`,
      `group_admin:${DEMO.groupAdmins.acme.id}:phone`,
    ]);
    expect(JSON.stringify(page.data)).not.toContain(DEMO.groupAdmins.acme.email);
    expect(page.data.destinations[2].to).toBe("d***@acmelogistics.example");
  });

  it("the rep code alone brands the store and leads to the sign-in; it opens neither the agent home nor the members", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    expect((await c.load(agentHomeLoader, "/agent-home")).location).not.toBeNull();
    expect((await c.load(agentMembersLoader, "/agent-select-member")).location).not.toBeNull();
    const page = await c.load(verifyLoader, "/verify");
    expect(page.data).toMatchObject({ stage: "choose", as: "rep", who: { kind: "rep", name: DEMO.rep.name } });
    expect(page.data.destinations).toEqual([
      { value: `rep:${DEMO.rep.id}:email`, name: DEMO.rep.name, channel: "email", to: "j***@carterbenefitsgroup.example" },
      { value: `rep:${DEMO.rep.id}:phone`, name: DEMO.rep.name, channel: "phone", to: "0187" },
    ]);
    // only shopping: the rep's landing brands the store
    expect((await c.submit(verifyAction, "/verify", { intent: "shop" })).location).toBe(DEMO.rep.landingUrl);
    expect((await c.session()).pendingRepId).toBeUndefined();
    // without a rep code confirmed there is nobody to sign in
    expect((await newClient(app).load(verifyLoader, "/verify")).location).toBe("/access");
  });

  it("a rep signs in with the 6-digit code e-mailed to the address on file; only its hash is kept", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code, reference } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    expect(code).toMatch(/^\d{6}$/);
    const mail = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", DEMO.rep.email)
        .where("kind", "=", "staff_otp")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    expect(mail.subject).toContain(reference);
    expect(mail.text_body).toContain("10 minutes");
    const rows = await app.store.db
      .selectFrom("one_time_codes")
      .selectAll()
      .where("purpose", "like", `staff:rep:${DEMO.rep.id}:%`)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    const row = rows[rows.length - 1];
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(10 * 60 * 1000);
    expect((await typeSignInCode(c, ` ${code.slice(0, 3)} ${code.slice(3)} `)).location).toBe("/agent-home");
    expect((await c.load(agentMembersLoader, "/agent-select-member")).status).toBe(200);
    expect(
      (await app.store.db.selectFrom("one_time_codes").select("used_at").where("id", "=", row.id).executeTakeFirstOrThrow()).used_at,
    ).not.toBeNull();
  });

  it("or by text message to the phone on file", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code, recipient } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:phone`);
    expect(recipient).toBe(DEMO.rep.phone);
    const sms = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("recipient", "=", DEMO.rep.phone)
        .where("kind", "=", "staff_otp")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    expect(sms.channel).toBe("sms");
    expect((await typeSignInCode(c, code)).location).toBe("/agent-home");
  });

  it("missing, short and wrong codes get clear messages; after 5 wrong tries the code is dead", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    expect(codeError(await typeSignInCode(c, ""))).toBe("validation.otpRequired");
    expect(codeError(await typeSignInCode(c, "12"))).toBe("validation.otpLength");
    for (let i = 1; i < STAFF_MAX_TRIES; i++) expect(codeError(await typeSignInCode(c, wrongFor(code)))).toBe("validation.otpWrong");
    expect(codeError(await typeSignInCode(c, wrongFor(code)))).toBe("validation.otpTooMany");
    const late = await typeSignInCode(c, code);
    expect(late.location).toBeNull();
    expect(["validation.otpTooMany", "validation.otpNoCode"]).toContain(codeError(late));
    expect((await c.load(agentHomeLoader, "/agent-home")).location).not.toBeNull();
  });

  it("a code expires after 10 minutes", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    try {
      later(10 * 60 * 1000 + 1000);
      expect(codeError(await typeSignInCode(c, code))).toBe("validation.otpExpired");
    } finally {
      app.clock.now = new Date();
    }
  });

  it("a code works once, and only in the browser it was asked for", async () => {
    const a = newClient(app);
    await repCodeConfirmed(a);
    const { code } = await sendSignInCode(app, a, `rep:${DEMO.rep.id}:email`);
    // another browser that confirmed the same rep code cannot use it
    const b = newClient(app);
    await repCodeConfirmed(b);
    expect(codeError(await typeSignInCode(b, code))).toBe("validation.otpNoCode");
    expect((await typeSignInCode(a, code)).location).toBe("/agent-home");
    // the same browser, signed out and back at the sign-in, cannot use it again
    await a.submit(logoutAction, "/logout", {});
    await repCodeConfirmed(a);
    expect(codeError(await typeSignInCode(a, code))).toBe("validation.otpNoCode");
  });

  it("a new code waits 120 seconds and retires the earlier one", async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code: first } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    const early = await c.submit(verifyAction, "/verify", { intent: "resend" });
    expect(early.status).toBe(429);
    expect(early.data).toEqual({ resendError: "validation.otpWait" });
    expect((await c.load(verifyLoader, "/verify")).data.waitSeconds).toBeGreaterThan(100);
    try {
      later(121 * 1000);
      expect((await c.submit(verifyAction, "/verify", { intent: "resend" })).location).toBe("/verify");
      const page = await c.load(verifyLoader, "/verify");
      const second = await signInCodeFor(app, DEMO.rep.email, page.data.sent.reference);
      if (second !== first) expect(codeError(await typeSignInCode(c, first))).toBe("validation.otpWrong");
      expect((await typeSignInCode(c, second)).location).toBe("/agent-home");
    } finally {
      app.clock.now = new Date();
    }
  });

  it(`guessing is throttled per rep across browsers: ${STAFF_FAILURE_LIMIT.max} wrong codes an hour lock the rep's sign-in`, async () => {
    const browsers = STAFF_FAILURE_LIMIT.max / STAFF_MAX_TRIES;
    for (let b = 0; b < browsers; b++) {
      const c = newClient(app);
      c.clientIp = `192.0.2.${100 + b}`;
      await repCodeConfirmed(c, PRIYA.code);
      const { code } = await sendSignInCode(app, c, `rep:${PRIYA.id}:email`);
      for (let i = 0; i < STAFF_MAX_TRIES; i++) expect(codeError(await typeSignInCode(c, wrongFor(code)))).not.toBeUndefined();
    }
    const c = newClient(app);
    c.clientIp = "192.0.2.150";
    await repCodeConfirmed(c, PRIYA.code);
    const refused = await c.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${PRIYA.id}:email` });
    expect(refused.status).toBe(429);
    expect(refused.data.fieldErrors.destination).toBe("validation.signInLocked");
    // another rep is not affected
    await signInRep(app, newClient(app));
    try {
      later(60 * 60 * 1000 + 1000);
      const { code } = await sendSignInCode(app, c, `rep:${PRIYA.id}:email`);
      expect((await typeSignInCode(c, code)).location).toBe("/agent-home");
    } finally {
      app.clock.now = new Date();
    }
  });

  it(`guessing is throttled per client: ${STAFF_CLIENT_FAILURE_LIMIT.max} wrong codes in 10 minutes from one address, whoever they were for`, async () => {
    const ip = "192.0.2.200";
    const rep = newClient(app);
    rep.clientIp = ip;
    await repCodeConfirmed(rep);
    const { code: repCode } = await sendSignInCode(app, rep, `rep:${DEMO.rep.id}:email`);
    const admin = newClient(app);
    admin.clientIp = ip;
    await groupCodeConfirmed(admin, DEMO.group2.code);
    const { code: adminCode } = await sendSignInCode(app, admin, `group_admin:${DEMO.groupAdmins.brazos.id}:email`, "admin");
    for (let i = 0; i < STAFF_CLIENT_FAILURE_LIMIT.max / 2; i++) {
      await typeSignInCode(rep, wrongFor(repCode));
      if (i < STAFF_MAX_TRIES - 1) await typeSignInCode(admin, wrongFor(adminCode));
    }
    // 9 so far (5 for the rep, 4 for the admin); the tenth counts, the eleventh is refused unseen
    expect(codeError(await typeSignInCode(admin, wrongFor(adminCode)))).toBe("validation.otpTooMany");
    const blocked = await typeSignInCode(admin, adminCode);
    expect(blocked.status).toBe(429);
    expect(codeError(blocked)).toBe("validation.tooManyCodes");
    // the same admin from another address is not blocked (a new code, the old one is spent)
    const elsewhere = newClient(app);
    await signInGroupAdmin(app, elsewhere, { groupCode: DEMO.group2.code, adminId: DEMO.groupAdmins.brazos.id });
  });

  it("group admins: each sees their own group's members and may enroll them; another group's members are not found", async () => {
    const acme = await signInGroupAdmin(app, newClient(app));
    expect((await acme.load(groupHomeLoader, "/group-home")).data.admin).toBe(true);
    const list = await acme.load(groupMembersLoader, "/group-select-member");
    expect(list.data.members.map((m: { id: number }) => m.id)).toEqual([4, 6, 5]);
    const before = await enrollments();
    const brazosMember = String(DEMO.members.ids.group2[0]);
    expect(
      (await acme.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: brazosMember, tier: "IO" })).status,
    ).toBe(404);
    expect(await enrollments()).toBe(before);
    expect((await acme.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: "6", tier: "IO" })).location).toBe(
      "/plans",
    );
    expect(await enrollments()).toBe(before + 1);
    // the second Acme admin signs in by text message
    const tomas = newClient(app);
    await groupCodeConfirmed(tomas);
    const { code } = await sendSignInCode(app, tomas, `group_admin:${DEMO.groupAdmins.acme2.id}:phone`, "admin");
    expect((await typeSignInCode(tomas, code)).location).toBe("/group-home");
    const brazos = await signInGroupAdmin(app, newClient(app), { groupCode: DEMO.group2.code, adminId: DEMO.groupAdmins.brazos.id });
    expect((await brazos.load(groupMembersLoader, "/group-select-member")).data.members.map((m: { id: number }) => m.id)).toEqual(
      DEMO.members.ids.group2,
    );
    // an admin of another group cannot be chosen from Acme's sign-in
    const sneaky = newClient(app);
    await groupCodeConfirmed(sneaky);
    const res = await sneaky.submit(verifyAction, "/verify", {
      intent: "send",
      destination: `group_admin:${DEMO.groupAdmins.brazos.id}:email`,
      as: "admin",
    });
    expect(res.data.fieldErrors.destination).toBe("validation.chooseDestination");
  });
});

describeEachDatabase("sign-in codes sent per hour", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { config: { STAFF_CODES_PER_HOUR: "3" } });
  });
  afterAll(() => app.close());

  it("STAFF_CODES_PER_HOUR codes an hour for one rep, whatever the browser; the next waits for the hour", async () => {
    for (let b = 0; b < 3; b++) {
      const c = newClient(app);
      await repCodeConfirmed(c);
      await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    }
    const fourth = newClient(app);
    await repCodeConfirmed(fourth);
    const refused = await fourth.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${DEMO.rep.id}:email` });
    expect(refused.location ?? null).toBeNull();
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.data)).toMatch(/wait/i);
    try {
      app.clock.now = new Date(app.clock.now.getTime() + 60 * 60 * 1000 + 1000);
      const { code } = await sendSignInCode(app, fourth, `rep:${DEMO.rep.id}:email`);
      expect((await typeSignInCode(fourth, code)).location).toBe("/agent-home");
    } finally {
      app.clock.now = new Date();
    }
  });
});
