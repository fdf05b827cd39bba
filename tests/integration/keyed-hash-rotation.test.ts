/**
 * Key rotation and the keyed hashes (security review after issue 16): every keyed hash kept beside
 * what it is the hash of is made again with the newest key by the rotation (`resealAll` →
 * `rehashAll`), each table in one transaction, so the pages' checks still find them once the old
 * key is gone: the roster's e-mail an enrollment began under, the contact step's verified e-mail
 * and phone, the addresses an enrollment confirmed with a code. A hash of a value no longer held
 * (the address changed since) is left as it was: it matched nothing and still matches nothing. A
 * dry run writes nothing; a second run changes nothing. What cannot be made again (a resume code:
 * only its hash is kept) ends with the old key, as README "Rotating the encryption key" says.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as continueAction } from "~/routes/continue-enrollment";
import { createServices, type Services } from "~/.server/services";
import { rehashAll, resealAll, type ColumnReport } from "~/.server/repositories/sealed-columns";
import { isConfirmedContact, isContactHash } from "~/.server/wizard/contact-codes";
import { rosterEmailUnchanged } from "~/.server/employers/invitations";
import { contactHashInput, rosterEmailHashInput } from "~/.server/platform/hash-inputs";
import { createTestApp, describeEachDatabase, testConfig, TEST_ENCRYPTION_KEY, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard } from "../support/journeys";
import { opened as openedMail } from "../support/outbox";

const OLD = TEST_ENCRYPTION_KEY;
const NEW = "3c".repeat(32);
const EMAIL = "Ana.Lopez@Gmail.com";
const PHONE = "3055550100";

describeEachDatabase("keyed hashes across a completed key rotation", (kind) => {
  let app: TestApp;
  let both: Services;
  let onlyNew: Services;
  let enrollmentId: number;
  let resumeCode: string;
  const ids = { current: 0, changed: 0, usedNow: 0, usedBefore: 0 };
  const servicesWith = (keys: Record<string, string>) =>
    createServices(testConfig(keys), app.store, { log: app.services.log, now: () => app.clock.now });
  const db = () => app.store.db;
  const of = (reports: ColumnReport[], table: string, column: string) => reports.find((r) => r.table === table && r.column === column)!;
  const snapshot = async () => ({
    employees: await db().selectFrom("group_employees").select(["id", "enrollment_email_hash"]).orderBy("id").execute(),
    steps: await db().selectFrom("enrollment_steps").select(["enrollment_id", "data"]).where("tab_name", "=", "contact_info").execute(),
    codes: await db().selectFrom("one_time_codes").select(["id", "target_hash"]).orderBy("id").execute(),
  });

  beforeAll(async () => {
    app = await createTestApp(kind);
    both = servicesWith({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${OLD}` });
    onlyNew = servicesWith({ ENCRYPTION_KEY: NEW });
    const old = app.services.cipher;
    const now = new Date().toISOString();
    const { client } = await inWizard(app);
    enrollmentId = (await client.session()).tempId!;
    // Save & Continue Later: a resume code, kept only as a hash under the old key
    expect(
      (await client.submit(personalAction, "/enrollment/personal-info", { intent: "send-resume", email: EMAIL.toLowerCase() })).location,
    ).toBe("/enrollment/personal-info?dialog=save-later&sent=1");
    const mail = openedMail(
      app,
      await db()
        .selectFrom("outbox")
        .select(["text_body", "html_body", "body_enc"])
        .where("enrollment_id", "=", enrollmentId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    resumeCode = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1]!;

    // the contact step: its e-mail verified (hash under the old key); the phone verified was an earlier number
    const data = JSON.stringify({
      email: EMAIL,
      phone_number: PHONE,
      verified: { email: old.hash(contactHashInput("email", EMAIL)), phone: old.hash(contactHashInput("phone", "3055550199")) },
    });
    await db().deleteFrom("enrollment_steps").where("enrollment_id", "=", enrollmentId).where("tab_name", "=", "contact_info").execute();
    await db()
      .insertInto("enrollment_steps")
      .values({
        enrollment_id: enrollmentId,
        tab_name: "contact_info",
        data,
        secret_enc: null,
        completed_at: now,
        updated_at: now,
        draft_enc: null,
      })
      .execute();
    // two used contact codes: one to the address the step holds, one to an earlier one
    const code = (target: string) =>
      db()
        .insertInto("one_time_codes")
        .values({
          enrollment_id: enrollmentId,
          purpose: "otp_email",
          target_hash: old.hash(contactHashInput("email", target)),
          code_hash: old.hash(`otp:${enrollmentId}:123456`),
          attempts: 0,
          expires_at: now,
          created_at: now,
          used_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    ids.usedNow = (await code(EMAIL)).id;
    ids.usedBefore = (await code("ana@old.example.com")).id;
    // two roster rows linked to enrollments: one's address unchanged since (case and spaces aside), one's changed
    const employee = (ref: string, email: string, began: string) =>
      db()
        .insertInto("group_employees")
        .values({
          group_id: 1,
          employee_ref: ref,
          first_name: "Ana",
          last_name: "Lopez",
          birthdate: "1985-03-27",
          gender: 1,
          email,
          phone: null,
          ssn_enc: null,
          ssn_last4: null,
          ssn_hash: null,
          hire_date: "2020-01-01",
          status: "active",
          employment_class: "full_time",
          address1: null,
          address2: null,
          city: null,
          state: null,
          zip: null,
          termination_date: null,
          coverage_end_date: null,
          member_id: null,
          locale: "en",
          created_at: now,
          updated_at: now,
          enrollment_email_hash: old.hash(rosterEmailHashInput(began)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    ids.current = (await employee("KH-1", "rosa@example.com", " ROSA@example.com")).id;
    ids.changed = (await employee("KH-2", "lena@new.example.com", "lena@old.example.com")).id;
  });
  afterAll(() => app.close());

  it("before the rotation, with the new key alone, none of them is found (what the rotation is for)", async () => {
    expect(await isConfirmedContact(onlyNew, enrollmentId, "email", EMAIL)).toBe(false);
    const row = await db()
      .selectFrom("group_employees")
      .select("enrollment_email_hash")
      .where("id", "=", ids.current)
      .executeTakeFirstOrThrow();
    expect(rosterEmailUnchanged(onlyNew, "rosa@example.com", row.enrollment_email_hash)).toBe(false);
  });

  it("a dry run counts what it would make again and writes nothing", async () => {
    const before = await snapshot();
    const reports = await rehashAll(db(), both.cipher, { dryRun: true });
    expect(of(reports, "group_employees", "enrollment_email_hash")).toMatchObject({ kind: "hash", resealed: 1, unmatched: 1 });
    expect(await snapshot()).toEqual(before);
  });

  it("the rotation makes every hash of a value we hold again with the new key; the new key alone then finds them", async () => {
    const before = await snapshot();
    const reports = await resealAll(db(), both.cipher, { batchSize: 2 });
    expect(of(reports, "group_employees", "enrollment_email_hash")).toMatchObject({ values: 2, resealed: 1, unmatched: 1, skipped: 0 });
    expect(of(reports, "enrollment_steps", "data.verified")).toMatchObject({ values: 2, resealed: 1, unmatched: 1, skipped: 0 });
    expect(of(reports, "one_time_codes", "target_hash")).toMatchObject({ values: 2, resealed: 1, unmatched: 1, skipped: 0 });

    // the contact step's verified e-mail, and the address the enrollment confirmed with a code
    const step = await db()
      .selectFrom("enrollment_steps")
      .select("data")
      .where("enrollment_id", "=", enrollmentId)
      .where("tab_name", "=", "contact_info")
      .executeTakeFirstOrThrow();
    const data = JSON.parse(step.data) as { email: string; phone_number: string; verified: { email: string; phone: string } };
    expect(data.email).toBe(EMAIL);
    expect(isContactHash(onlyNew, "email", EMAIL, data.verified.email)).toBe(true);
    expect(await isConfirmedContact(onlyNew, enrollmentId, "email", EMAIL)).toBe(true);
    // the roster's e-mail an enrollment began under
    const current = await db()
      .selectFrom("group_employees")
      .select("enrollment_email_hash")
      .where("id", "=", ids.current)
      .executeTakeFirstOrThrow();
    expect(rosterEmailUnchanged(onlyNew, "rosa@example.com", current.enrollment_email_hash)).toBe(true);

    // what was the hash of a value no longer held is left exactly as it was, and still matches nothing
    const after = await snapshot();
    const keptSame = <T extends { id?: number }>(rows: T[], id: number) => rows.find((r) => r.id === id);
    expect(keptSame(after.employees, ids.changed)).toEqual(keptSame(before.employees, ids.changed));
    expect(keptSame(after.codes, ids.usedBefore)).toEqual(keptSame(before.codes, ids.usedBefore));
    expect(data.verified.phone).toBe((JSON.parse(before.steps[0]!.data) as typeof data).verified.phone);
    expect(isContactHash(onlyNew, "phone", PHONE, data.verified.phone)).toBe(false);
    const changed = keptSame(after.employees, ids.changed)!;
    expect(rosterEmailUnchanged(onlyNew, "lena@new.example.com", changed.enrollment_email_hash)).toBe(false);
    expect(rosterEmailUnchanged(both, "lena@new.example.com", changed.enrollment_email_hash)).toBe(false);
  });

  it("a second run changes nothing", async () => {
    const before = await snapshot();
    const again = (await resealAll(db(), both.cipher)).filter((r) => r.kind === "hash");
    expect(again.length).toBeGreaterThan(3);
    for (const r of again) expect(r, `${r.table}.${r.column}`).toMatchObject({ resealed: 0, skipped: 0, unreadable: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("a resume code sent under the old key works with both keys and ends with the new key alone (README step 3)", async () => {
    const refused = await new TestClient(onlyNew).submit(continueAction, "/continue-enrollment", { code: resumeCode, email: EMAIL });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.location ?? "").not.toMatch(/^\/enrollment\//);
    const resumed = await new TestClient(both).submit(continueAction, "/continue-enrollment", { code: resumeCode, email: EMAIL });
    expect(resumed.location).toMatch(/^\/enrollment\//);
  });
});
