/**
 * Member benefit store links work once per browser (security review; ADR 033, the rule of ADR 023
 * for invitation links). A link e-mailed to a member of group 1929 opened the member's record in
 * any browser, any number of times: a forwarded link started an enrollment as the member with no
 * code, and the wizard prefilled their name, date of birth, SSN's last 4, e-mail, phone and address.
 * Now the first browser that presses the link's button holds it and goes on as before; any other
 * browser sees nothing of the member and starts nothing, and gets in only with a code e-mailed to
 * the member's address on file (15 minutes, single use, 5 tries, 120 s between sends, hourly caps).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { loader as memberHomeLoader } from "~/routes/_store.member-home";
import { loader as personalLoader } from "~/routes/enrollment.personal-info";
import { loader as contactLoader } from "~/routes/enrollment.contact-info";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { openedAll } from "../support/outbox";
import { memberLink, memberLinkPage, postMemberLink } from "../support/member-links";
import { markStepsDone, checkOut } from "../support/journeys";

const CODE = /\b(\d{6})\b/;
/** ADR 033 (as ADR 023): tries per code, sends per member per hour, wrong codes per member per hour */
const MAX_TRIES = 5;
const SENDS_PER_HOUR = 5;
const FAILURES_PER_HOUR = 15;

describeEachDatabase("member benefit store links: once per browser, then a code e-mailed to the member", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const db = () => app.store.db;
  const members = () => db().selectFrom("members").selectAll().where("group_id", "=", 1929).orderBy("id").execute();
  const link = (memberId: number, tier = "IO") => memberLink(app, memberId, tier);
  const page = memberLinkPage;
  const post = postMemberLink;
  const mails = async (to: string) =>
    (await openedAll(app, await db().selectFrom("outbox").selectAll().where("kind", "=", "member_code").orderBy("id").execute())).filter(
      (m) => m.recipient === to,
    );
  const lastCode = async (to: string) => CODE.exec((await mails(to)).pop()?.text_body ?? "")?.[1] ?? null;
  const count = async (table: "enrollments" | "member_link_holders") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audits = async (kind: string) =>
    (await db().selectFrom("audit_events").select(["actor", "detail"]).where("kind", "=", kind).orderBy("id").execute()).map(
      (a) => `${a.actor} ${a.detail}`,
    );
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

  it("a second browser (a forwarded link) sees nothing of the member and starts nothing; with the code e-mailed to the member it continues", async () => {
    const member = (await members())[0]!;
    const l = link(member.id);
    const owner = newClient(app);
    // opening the link writes nothing: no holder, no enrollment (mail scanners follow links)
    expect((await page(owner, l)).data).toMatchObject({ state: "start", name: { first: member.first_name, last: member.last_name } });
    expect(await count("member_link_holders")).toBe(0);
    // the member presses the button: this browser holds the link and goes on as before
    expect((await post(owner, l, { intent: "start" })).location).toBe("/plans");
    expect(await count("member_link_holders")).toBe(1);
    const ownerEnrollment = (await owner.session()).tempId!;
    // the same browser continues without a code
    expect((await page(owner, l)).location).toBe("/plans");
    expect((await owner.session()).tempId).toBe(ownerEnrollment);

    // the forwarded link, in another browser: no name, no detail of the member
    const other = newClient(app);
    const seen = await page(other, l);
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ state: "code", name: null, code: null });
    for (const secret of [member.first_name, member.last_name, member.email!, member.phone!, member.address1!, member.birthdate])
      expect(JSON.stringify(seen.data)).not.toContain(secret);
    expect(await other.session()).not.toHaveProperty("memberId");
    // its button starts nothing and the store does not know the member in this browser
    const enrollments = await count("enrollments");
    expect((await post(other, l, { intent: "start" })).location).toBe(`${l.path}?refused=needsCode`);
    expect((await post(other, l, {})).location).toBe(`${l.path}?refused=needsCode`);
    expect(await count("enrollments")).toBe(enrollments);
    const session = await other.session();
    expect(session.memberId).toBeUndefined();
    expect(session.tempId).toBeUndefined();
    expect((await other.load(memberHomeLoader, "/member-home")).data?.member ?? null).toBeNull();
    // a code it has not asked for is no code
    expect((await post(other, l, { intent: "verify-code", code: "123456" })).data.fieldErrors).toEqual({ code: "validation.otpNoCode" });

    // "Send me a code": to the member's address on file, shown masked
    expect((await post(other, l, { intent: "send-code" })).location).toBe(`${l.path}?refused=codeSent`);
    expect((await mails(member.email!)).length).toBe(1);
    const asked = await page(other, l, "?refused=codeSent");
    expect(asked.data).toMatchObject({
      state: "code",
      name: null,
      refused: "codeSent",
      code: { to: expect.stringMatching(/^[a-z]\*\*\*@/) },
    });
    expect(JSON.stringify(asked.data)).not.toContain(member.email!);
    const code = (await lastCode(member.email!))!;
    const stored = await db().selectFrom("one_time_codes").selectAll().where("purpose", "like", `member-link:${member.id}:%`).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    // asking again at once: wait
    expect((await post(other, l, { intent: "send-code" })).location).toBe(`${l.path}?refused=wait`);
    expect(await mails(member.email!)).toHaveLength(1);
    // a wrong code opens nothing
    const wrong = await post(other, l, { intent: "verify-code", code: wrongFor(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.data.fieldErrors).toEqual({ code: "validation.otpWrong" });
    expect((await other.session()).memberId).toBeUndefined();
    // the code typed in a third browser is no code there
    const third = newClient(app);
    expect((await post(third, l, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpNoCode" });
    expect((await third.session()).memberId).toBeUndefined();

    // the right code: this browser holds the link and goes on as the member
    expect((await post(other, l, { intent: "verify-code", code })).location).toBe("/plans");
    const proven = await other.session();
    expect(proven).toMatchObject({ memberId: member.id, enrollType: "existing-member", groupId: 1929 });
    expect(proven.tempId).not.toBe(ownerEnrollment);
    expect(await count("enrollments")).toBe(enrollments + 1);
    // used once
    expect((await post(third, l, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpNoCode" });
    // and now the first browser needs a code in its turn
    expect((await page(owner, l)).data).toMatchObject({ state: "code", name: null });
    expect((await post(owner, l, { intent: "start" })).location).toBe(`${l.path}?refused=needsCode`);

    const m = `member:${member.id}`;
    expect(await audits("member_link.code_sent")).toEqual([`${m} ${m}`]);
    expect(await audits("member_link.code_failure")).toEqual([
      `${m} ${m}:nocode`,
      `${m} ${m}:wrong`,
      `${m} ${m}:nocode`,
      `${m} ${m}:nocode`,
    ]);
    expect(await audits("member_link.code_success")).toEqual([`${m} ${m}`]);
    expect(await audits("member_link.refuse")).toEqual([`${m} needs_code`, `${m} needs_code`, `${m} needs_code`]);
    expect(await audits("member_link.start")).toEqual([`${m} start:new`, `${m} code:new`]);
  });

  it("the browser that holds the link goes on to the wizard with the member's details; another browser's link reaches none of them", async () => {
    const member = (await members())[0]!;
    const l = link(member.id);
    const owner = newClient(app);
    expect((await post(owner, l, { intent: "start" })).location).toBe("/plans");
    const other = newClient(app);
    await page(other, l);
    await post(other, l, { intent: "start" });
    // the wizard in the other browser: nothing to open (no enrollment in its session)
    const contactElsewhere = await other.load(contactLoader, "/enrollment/contact-info");
    expect(JSON.stringify(contactElsewhere.data ?? null)).not.toContain(member.address1!);
    // the holder's wizard is prefilled as before
    await checkOut(owner, ["BSD-PPO-ESS"]);
    const personal = await owner.load(personalLoader, "/enrollment/personal-info");
    expect(JSON.stringify(personal.data)).toContain(member.first_name);
    await markStepsDone(app, owner, ["primary_info"]);
    const contact = await owner.load(contactLoader, "/enrollment/contact-info");
    expect(JSON.stringify(contact.data)).toContain(member.address1!);
  });

  it("a tier with dependents: the button (not the GET) makes the holder and opens the dependents; another browser is refused", async () => {
    const member = (await members())[1]!;
    const l = link(member.id, "IF");
    const c = newClient(app);
    const opened = await page(c, l);
    expect(opened.data).toMatchObject({ state: "start" });
    expect(await c.session()).not.toHaveProperty("memberId");
    expect((await post(c, l, { intent: "start" })).location).toBe("/member-home?step=dependents&tier=IF");
    expect((await c.load(memberHomeLoader, "/member-home?step=dependents&tier=IF")).data).toMatchObject({
      member: { firstName: member.first_name },
      dependentsFor: "IF",
    });
    // the same browser, again: straight to the dependents
    expect((await page(c, l)).location).toBe("/member-home?step=dependents&tier=IF");
    const other = newClient(app);
    expect((await page(other, l)).data).toMatchObject({ state: "code", name: null });
    expect((await post(other, l, { intent: "start" })).location).toBe(`${l.path}?refused=needsCode`);
    expect(await other.session()).not.toHaveProperty("memberId");
  });

  it("two first presses at once, in two browsers: one holds the link, the other is asked for the code", async () => {
    const member = (await members())[0]!;
    const l = link(member.id);
    const [one, two] = [newClient(app), newClient(app)];
    const csrf = await Promise.all([one.csrfToken(), two.csrfToken()]);
    const answers = await Promise.all(
      [one, two].map((c, i) => c.submit(memberStoreAction, l.path, { intent: "start" }, { params: l.params, csrf: csrf[i] })),
    );
    expect(answers.map((a) => a.location).sort()).toEqual(["/plans", `${l.path}?refused=needsCode`].sort());
  });

  it("a code expires after 15 minutes", async () => {
    const member = (await members())[1]!;
    const l = link(member.id);
    await post(newClient(app), l, { intent: "start" });
    const c = newClient(app);
    expect((await post(c, l, { intent: "send-code" })).location).toBe(`${l.path}?refused=codeSent`);
    const code = (await lastCode(member.email!))!;
    app.clock.now = new Date(app.clock.now.getTime() + 16 * 60 * 1000);
    expect((await post(c, l, { intent: "verify-code", code })).data.fieldErrors).toEqual({ code: "validation.otpExpired" });
    expect((await c.session()).memberId).toBeUndefined();
    expect((await page(c, l)).data).toMatchObject({ state: "code", code: null });
  });

  it(`${MAX_TRIES} wrong codes retire the code: the right one opens nothing after them`, async () => {
    const member = (await members())[1]!;
    const l = link(member.id);
    await post(newClient(app), l, { intent: "start" });
    app.clock.now = new Date(app.clock.now.getTime() + 2 * 60 * 60 * 1000); // fresh hourly limits
    const c = newClient(app);
    await post(c, l, { intent: "send-code" });
    const code = (await lastCode(member.email!))!;
    const errors: string[] = [];
    for (let i = 0; i < MAX_TRIES; i++)
      errors.push((await post(c, l, { intent: "verify-code", code: wrongFor(code) })).data.fieldErrors.code);
    expect(errors).toEqual([...Array(MAX_TRIES - 1).fill("validation.otpWrong"), "validation.otpTooMany"]);
    expect((await post(c, l, { intent: "verify-code", code })).data.fieldErrors?.code).toBeTruthy();
    expect((await c.session()).memberId).toBeUndefined();
    expect(await count("enrollments")).toBeGreaterThan(0);
  });

  it(`limits: ${SENDS_PER_HOUR} codes per member an hour from all browsers, ${FAILURES_PER_HOUR} wrong codes per member an hour`, async () => {
    const member = (await members())[0]!;
    const l = link(member.id);
    await post(newClient(app), l, { intent: "start" });
    app.clock.now = new Date(app.clock.now.getTime() + 2 * 60 * 60 * 1000);
    const before = (await mails(member.email!)).length;
    const browsers = Array.from({ length: SENDS_PER_HOUR + 1 }, () => newClient(app));
    const sent = [];
    for (const b of browsers) sent.push((await post(b, l, { intent: "send-code" })).location);
    expect(sent).toEqual([...Array(SENDS_PER_HOUR).fill(`${l.path}?refused=codeSent`), `${l.path}?refused=wait`]);
    expect((await mails(member.email!)).length).toBe(before + SENDS_PER_HOUR);
    // wrong codes from the browsers that have one: 3 each from 5 browsers use up the hour's 15
    const results: string[] = [];
    for (const b of browsers.slice(0, SENDS_PER_HOUR))
      for (let i = 0; i < 3; i++) results.push((await post(b, l, { intent: "verify-code", code: "000000" })).data.fieldErrors.code);
    expect(results.filter((r) => r !== "validation.otpWrong")).toEqual([]);
    // the sixteenth wrong code, and then the right one, are throttled: nothing opens
    const last = browsers[0]!;
    const throttled = await post(last, l, { intent: "verify-code", code: "000000" });
    expect(throttled.status).toBe(429);
    expect(throttled.data.fieldErrors).toEqual({ code: "validation.tooManyCodes" });
    expect((await last.session()).memberId).toBeUndefined();
    // after the hour, the member's own code works again
    app.clock.now = new Date(app.clock.now.getTime() + 61 * 60 * 1000);
    expect((await post(last, l, { intent: "send-code" })).location).toBe(`${l.path}?refused=codeSent`);
    expect((await post(last, l, { intent: "verify-code", code: (await lastCode(member.email!))! })).location).toBe("/plans");
  });

  it("a member without an e-mail on file: no code is sent, and the page says so", async () => {
    const member = (await members())[1]!;
    await db().updateTable("members").set({ email: null }).where("id", "=", member.id).execute();
    try {
      const l = link(member.id);
      await post(newClient(app), l, { intent: "start" });
      const c = newClient(app);
      expect((await post(c, l, { intent: "send-code" })).location).toBe(`${l.path}?refused=noEmail`);
      expect((await page(c, l, "?refused=noEmail")).data).toMatchObject({ state: "code", refused: "noEmail", code: null });
      expect((await audits("member_link.refuse")).at(-1)).toBe(`member:${member.id} code:no_email`);
    } finally {
      await db().updateTable("members").set({ email: member.email }).where("id", "=", member.id).execute();
    }
  });
});
