/**
 * Key rotation (issue 16): restarting with another ENCRYPTION_KEY used to answer 500 on every
 * saved enrollment's pages. Now a value no configured key opens answers a clear 409 page;
 * ENCRYPTION_KEYS (newest first) opens with any key and seals with the newest; links and codes
 * hashed under the old key keep working; scripts/rotate-keys.ts (resealAll) seals every stored
 * value again with the newest key, in batches, and a second run changes nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { loader as reviewLoader, action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as continueAction } from "~/routes/continue-enrollment";
import { loader as healthLoader } from "~/routes/enrollment.health-questions";
import { loader as receiptLoader } from "~/routes/enrollment_.receipt";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { createServices, type Services } from "~/.server/services";
import { createCipher, type Cipher } from "~/.server/platform/crypto";
import { resealAll, resealColumn, SEALED_COLUMNS } from "~/.server/repositories/sealed-columns";
import { createTestApp, describeEachDatabase, testConfig, TEST_ENCRYPTION_KEY, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { inWizard, markStepsDone } from "../support/journeys";
import { opened as openedMail } from "../support/outbox";

const OLD = TEST_ENCRYPTION_KEY;
const NEW = "3c".repeat(32);
const PERSONAL = "/enrollment/personal-info";
const REVIEW = "/enrollment/review-confirm";

/** The same cookies, seen by a server started with other keys. */
function clientOf(services: Services, from: TestClient) {
  const c = new TestClient(services);
  for (const pair of from.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    c.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return c;
}

describeEachDatabase("key rotation", (kind) => {
  let app: TestApp;
  let client: TestClient;
  let enrollmentId: number;
  let resumeCode: string;
  let completed: TestClient;
  let completedId: number;
  let withHealth: TestClient;
  const servicesWith = (keys: Record<string, string>) =>
    createServices(testConfig(keys), app.store, { log: app.services.log, now: () => app.clock.now });
  type Row = Record<string, unknown>;
  const anyDb = () => app.store.db as unknown as Kysely<Record<string, Row>>;

  /** Every sealed value in the database, opened with `cipher`, by table.column and primary key. */
  async function opened(cipher: Cipher) {
    const out = new Map<string, string>();
    for (const spec of SEALED_COLUMNS) {
      const rows = (await anyDb()
        .selectFrom(spec.table)
        .select([...spec.key, spec.column])
        .where(spec.column, "is not", null)
        .execute()) as Row[];
      for (const row of rows)
        out.set(`${spec.table}.${spec.column}:${spec.key.map((k) => row[k]).join("/")}`, cipher.decrypt(row[spec.column] as string));
    }
    return out;
  }

  beforeAll(async () => {
    app = await createTestApp(kind);
    const cipher = app.services.cipher;
    const db = app.store.db;
    const now = new Date().toISOString();
    // A saved enrollment whose steps hold sealed values (SSN, signature name).
    ({ client } = await inWizard(app, { spouseDob: "05/05/1985", childCount: "2" }));
    enrollmentId = (await client.session()).tempId!;
    const steps = JSON.parse(
      (await db.selectFrom("enrollments").select("step_list").where("id", "=", enrollmentId).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(
      app,
      client,
      steps.filter((s) => s !== "review_info"),
    );
    // Save & Continue Later: a resume code, stored hashed with the old key.
    expect((await client.submit(personalAction, PERSONAL, { intent: "send-resume", email: "ana.lopez@gmail.com" })).location).toBe(
      `${PERSONAL}?dialog=save-later&sent=1`,
    );
    const mail = openedMail(
      app,
      await db
        .selectFrom("outbox")
        .select(["text_body", "html_body", "body_enc"])
        .where("enrollment_id", "=", enrollmentId)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow(),
    );
    resumeCode = /([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text_body)![1]!;
    // One value in every other sealed column.
    await db
      .insertInto("dependents")
      .values({
        enrollment_id: enrollmentId,
        position: 1,
        relationship: "spouse",
        first_name: "Maria",
        middle_name: null,
        last_name: "Lopez",
        birthdate: "1985-05-05",
        gender: 1,
        ssn_enc: cipher.encrypt("234567890"),
        ssn_last4: "7890",
        weight: 120,
        height_feet: 5,
        height_inch: 4,
        is_legally_disabled: 1,
        disability_condition_enc: cipher.encrypt("asthma"),
        health_enc: cipher.encryptJson({ 140: { yes_no_flag: 0 } }),
        held: 0,
      })
      .execute();
    await db
      .insertInto("beneficiaries")
      .values({
        enrollment_id: enrollmentId,
        position: 1,
        first_name: "Luis",
        middle_name: null,
        last_name: "Lopez",
        birthdate: "2015-09-02",
        relationship: "child",
        ssn_enc: cipher.encrypt("345678901"),
        ssn_last4: "8901",
        percentage: 100,
      })
      .execute();
    await db
      .insertInto("payment_methods")
      .values({
        member_id: null,
        enrollment_id: enrollmentId,
        kind: "eft",
        account_name: "Ana Lopez",
        bank_name: "CHASE",
        routing_number: "021000021",
        account_number_enc: cipher.encrypt("40417220356789"),
        account_last4: "6789",
        account_type: "checking",
        account_holder_type: "individual",
        card_token: null,
        card_brand: null,
        card_last4: null,
        card_exp_month: null,
        card_exp_year: null,
        name_on_card: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto("screenshots")
      .values({
        enrollment_id: enrollmentId,
        tab_name: "primary_info",
        image_enc: cipher.encrypt("data:image/png;base64,AAAA"),
        created_at: now,
      })
      .execute();
    // A step saved for later as typed (a draft).
    await db
      .updateTable("enrollment_steps")
      .set({ draft_enc: cipher.encryptJson({ email: "ana.lopez@gmail" }) })
      .where("enrollment_id", "=", enrollmentId)
      .where("tab_name", "=", "contact_info")
      .execute();
    for (const planId of [1, 2, 3]) {
      await db
        .insertInto("plan_answers")
        .values({
          enrollment_id: enrollmentId,
          plan_id: planId,
          kind: "enroll",
          answers_enc: cipher.encryptJson({ q1: "0" }),
          outcome_enc: cipher.encrypt("accepted"),
          answered_at: now,
        })
        .execute();
    }
    // A completed enrollment whose policy holds a signature from the text message's link.
    const done = await inWizard(app);
    const doneId = (await done.client.session()).tempId!;
    const doneSteps = JSON.parse(
      (await db.selectFrom("enrollments").select("step_list").where("id", "=", doneId).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(
      app,
      done.client,
      doneSteps.filter((s) => s !== "review_info"),
    );
    expect((await done.client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    await db
      .updateTable("policies")
      .set({ signature_enc: cipher.encrypt("Ana Lopez") })
      .where("enrollment_id", "=", doneId)
      .execute();
    completed = done.client;
    completedId = doneId;
    // A saved enrollment with a health step, its answers sealed.
    ({ client: withHealth } = await inWizard(app, { category: "medical", plans: ["LUH-SILVER-3000"] }));
    const healthId = (await withHealth.session()).tempId!;
    const healthSteps = JSON.parse(
      (await db.selectFrom("enrollments").select("step_list").where("id", "=", healthId).executeTakeFirstOrThrow()).step_list!,
    ) as string[];
    await markStepsDone(
      app,
      withHealth,
      healthSteps.filter((s) => s !== "review_info"),
    );
    await db
      .updateTable("enrollment_steps")
      .set({ secret_enc: cipher.encryptJson({ 140: { yes_no_flag: 0 } }) })
      .where("enrollment_id", "=", healthId)
      .where("tab_name", "=", "primary_health_info")
      .execute();
    // A group's employee with a sealed SSN, and a census waiting to be applied (issue 28).
    await db
      .insertInto("group_employees")
      .values({
        group_id: 1,
        employee_ref: "E1",
        first_name: "Ana",
        last_name: "Lopez",
        birthdate: "1985-03-27",
        gender: 1,
        email: null,
        phone: null,
        ssn_enc: cipher.encrypt("012345678"),
        ssn_last4: "5678",
        ssn_hash: cipher.hash("employee-ssn:012345678"),
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
      })
      .execute();
    await db
      .insertInto("census_uploads")
      .values({
        group_id: 1,
        admin_id: 1,
        file_name: "census.csv",
        file_sha256: "0".repeat(64),
        row_count: 0,
        rows_enc: cipher.encryptJson({ employees: [], dependentRows: 0 }),
        created_at: now,
      })
      .execute();
    const carrier = await db.selectFrom("carriers").select("id").executeTakeFirstOrThrow();
    await db
      .insertInto("carrier_files")
      .values({
        carrier_id: carrier.id,
        direction: "out",
        name: "test.834",
        format: "x12-834",
        status: "held",
        control_number: 1,
        digest: "0".repeat(64),
        content: "NM1*IL*1*LOPEZ*ANA****34*XXXXX6789~",
        content_enc: cipher.encrypt("NM1*IL*1*LOPEZ*ANA****34*123456789~"),
        problems_json: null,
        report_json: null,
        member_count: 1,
        last_error: null,
        created_at: now,
        sent_at: null,
        acknowledged_at: null,
      })
      .execute();
  });
  afterAll(() => app.close());

  it("lists every *_enc column of the schema", () => {
    const schema = fs.readFileSync(path.resolve(__dirname, "../../app/.server/db/schema.ts"), "utf8");
    const tableOf = new Map([...schema.matchAll(/^\s+(\w+): (\w+Table);$/gm)].map((m) => [m[2], m[1]]));
    const columns: string[] = [];
    for (const m of schema.matchAll(/^export interface (\w+Table) \{([\s\S]*?)^\}/gm)) {
      for (const c of m[2]!.matchAll(/^\s+(\w+_enc)\??:/gm)) columns.push(`${tableOf.get(m[1]!)}.${c[1]}`);
    }
    expect(columns.length).toBeGreaterThan(5);
    expect(SEALED_COLUMNS.map((s) => `${s.table}.${s.column}`).sort()).toEqual(columns.sort());
  });

  it("the test data holds a value in every sealed column", async () => {
    const values = await opened(app.services.cipher);
    for (const spec of SEALED_COLUMNS)
      expect(
        [...values.keys()].some((k) => k.startsWith(`${spec.table}.${spec.column}:`)),
        `${spec.table}.${spec.column}`,
      ).toBe(true);
  });

  it("restarted with another key: the saved enrollment's pages answer 409 'sealed', never 500; the visitor can start anew", async () => {
    const other = servicesWith({ ENCRYPTION_KEY: NEW });
    const c = clientOf(other, client);
    const page = await c.load(personalLoader, PERSONAL);
    expect(page.status).toBe(409);
    expect(page.headers.get("content-type") ?? "").not.toMatch(/json/);
    // the review shows every answer, the masked SSN among them: it needs the sealed part too
    expect((await c.load(reviewLoader, REVIEW)).status).toBe(409);
    // a post that needs the sealed SSN is refused the same way, and changes nothing
    const before = await app.store.db
      .selectFrom("enrollment_steps")
      .select(["secret_enc", "updated_at"])
      .where("enrollment_id", "=", enrollmentId)
      .where("tab_name", "=", "primary_info")
      .executeTakeFirstOrThrow();
    const post = await c.submit(personalAction, PERSONAL, {
      intent: "next",
      first_name: "Ana",
      last_name: "Lopez",
      height_feet: "5",
      height_inch: "6",
      weight: "140",
      marital_status: "1",
      ssn: "",
      prior_coverage_flag: "0",
    });
    expect(post.status).toBe(409);
    expect(
      await app.store.db
        .selectFrom("enrollment_steps")
        .select(["secret_enc", "updated_at"])
        .where("enrollment_id", "=", enrollmentId)
        .where("tab_name", "=", "primary_info")
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    // Complete, which reads every step's sealed part, answers the same page
    expect((await c.submit(reviewAction, REVIEW, { intent: "complete" })).status).toBe(409);
    // the health step and its tile, the receipt's record (a sealed PDF): the same page, never a 500
    const h = clientOf(other, withHealth);
    expect((await h.load(healthLoader, "/enrollment/health-questions")).status).toBe(409);
    expect((await h.load(reviewLoader, REVIEW)).status).toBe(409);
    const r = clientOf(other, completed);
    expect((await r.load(receiptLoader, "/enrollment/receipt")).status).toBe(200);
    expect((await r.load(recordLoader, `/enrollment/record/${completedId}`, { id: String(completedId) })).status).toBe(409);
    // "Start a new enrollment" (the page's button): the saved enrollment waits, this browser starts afresh
    const fresh = clientOf(other, client);
    expect((await fresh.submit(personalAction, PERSONAL, { intent: "start-new" })).location).toBe("/");
    expect((await fresh.session()).tempId).toBeUndefined();
  });

  it("ENCRYPTION_KEYS=new,old: everything opens, new values are sealed with the new key, old links and codes still work", async () => {
    const both = servicesWith({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${OLD}` });
    const c = clientOf(both, client);
    const page = await c.load(personalLoader, PERSONAL);
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain("6789");
    // the resume code was hashed with the old key
    const resumer = new TestClient(both);
    const resumed = await resumer.submit(continueAction, "/continue-enrollment", { code: resumeCode, email: "ana.lopez@gmail.com" });
    expect(resumed.location).toMatch(/^\/enrollment\//);
    // the browser that resumed it holds it now (the first one lost it: issue 23)
    client = resumer;
    // a save now seals with the new key
    const saved = await resumer.submit(personalAction, PERSONAL, {
      intent: "next",
      first_name: "Ana",
      last_name: "Lopez",
      height_feet: "5",
      height_inch: "6",
      weight: "141",
      marital_status: "1",
      ssn: "",
      prior_coverage_flag: "0",
    });
    expect(saved.status).toBe(302);
    const row = await app.store.db
      .selectFrom("enrollment_steps")
      .select("secret_enc")
      .where("enrollment_id", "=", enrollmentId)
      .where("tab_name", "=", "primary_info")
      .executeTakeFirstOrThrow();
    expect(both.cipher.keyIndexOf(row.secret_enc!)).toBe(0);
    expect(createCipher(Buffer.from(NEW, "hex")).decryptJson(row.secret_enc!)).toEqual({ ssn: "123456789" });
  });

  it("the rotation seals every value again with the newest key, in batches; a second run changes nothing; then the old key can go", async () => {
    const both = servicesWith({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${OLD}` });
    const plain = await opened(both.cipher);
    const first = (await resealAll(app.store.db, both.cipher, { batchSize: 2 })).filter((r) => r.kind === "sealed");
    const total = first.reduce((n, r) => n + r.values, 0);
    expect(total).toBe(plain.size);
    expect(first.reduce((n, r) => n + r.unreadable + r.skipped, 0)).toBe(0);
    expect(first.reduce((n, r) => n + r.resealed, 0)).toBeGreaterThan(total / 2); // most were under the old key

    const second = (await resealAll(app.store.db, both.cipher, { batchSize: 3 })).filter((r) => r.kind === "sealed");
    expect(second.map((r) => r.resealed)).toEqual(second.map(() => 0));
    expect(second.reduce((n, r) => n + r.current, 0)).toBe(total);

    // only the new key now: every value opens, to what it was
    const onlyNew = servicesWith({ ENCRYPTION_KEY: NEW });
    expect(await opened(onlyNew.cipher)).toEqual(plain);
    expect((await clientOf(onlyNew, client).load(personalLoader, PERSONAL)).status).toBe(200);
  });

  it("a dry run writes nothing; a value no key opens is counted and left as it was", async () => {
    const both = servicesWith({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${OLD}` });
    const foreign = createCipher(Buffer.from("77".repeat(32), "hex")).encrypt("999999999");
    const oldSealed = createCipher(Buffer.from(OLD, "hex")).encrypt("888888888");
    await app.store.db.updateTable("members").set({ ssn_enc: foreign }).where("id", "=", 1).execute();
    await app.store.db.updateTable("members").set({ ssn_enc: oldSealed }).where("id", "=", 2).execute();
    const spec = SEALED_COLUMNS.find((s) => s.table === "members")!;
    const dry = await resealColumn(app.store.db, both.cipher, spec, { dryRun: true });
    expect(dry).toMatchObject({ unreadable: 1, resealed: 1 });
    expect((await app.store.db.selectFrom("members").select("ssn_enc").where("id", "=", 2).executeTakeFirstOrThrow()).ssn_enc).toBe(
      oldSealed,
    );
    const real = await resealColumn(app.store.db, both.cipher, spec, { batchSize: 1 });
    expect(real).toMatchObject({ unreadable: 1, resealed: 1 });
    expect((await app.store.db.selectFrom("members").select("ssn_enc").where("id", "=", 1).executeTakeFirstOrThrow()).ssn_enc).toBe(
      foreign,
    );
    expect(
      both.cipher.keyIndexOf(
        (await app.store.db.selectFrom("members").select("ssn_enc").where("id", "=", 2).executeTakeFirstOrThrow()).ssn_enc!,
      ),
    ).toBe(0);
  });
});
