/**
 * Migration 038 (personal data at rest, w11): what older rows still held in the clear is sealed,
 * cleared or masked the way rows written today are kept —
 * - a plan's Enroll-Now outcome (`plan_answers.outcome`: "declined" says the applicant gave a
 *   health answer the plan refuses) is sealed in `outcome_enc`, and the clear column goes;
 * - an outbox message from before migration 009 kept its body in `text_body`/`html_body`: one
 *   delivered loses it (a message delivered today keeps no body), any other is sealed in `body_enc`;
 * - a carrier's inbound file keeps its clear copy with a 999's CTX values masked (domain/x12/masked.ts).
 * Sealing needs the key: without one, a database with such rows is refused before anything changes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigrator } from "../support/migrator";
import type { Migrator } from "kysely";
import type { Store } from "~/.server/db/connection";
import { seedDatabase } from "~/.server/db/seed";
import { createCipher } from "~/.server/platform/crypto";
import { openBody } from "~/.server/platform/outbox";
import { MASK } from "~/domain/x12/masked";
import { TEST_ENCRYPTION_KEY } from "../support/db";

const kinds = process.env.TEST_DATABASE_URL
  ? process.env.TEST_DATABASE_ONLY === "postgres"
    ? (["postgres"] as const)
    : (["sqlite", "postgres"] as const)
  : (["sqlite"] as const);
const AT = "2026-11-20T15:00:00.000Z";
const cipher = createCipher(Buffer.from(TEST_ENCRYPTION_KEY, "hex"));
const BEFORE = "036_plan_prices_offer_dropped";

const ack999 = [
  "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000778*0*T*:",
  "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*778*X*005010X231A1",
  "ST*999*0001*005010X231A1",
  "AK1*BE*2*005010X220A1",
  "AK2*834*0002*005010X220A1",
  "IK3*NM1*9*2100A*8",
  "CTX*0F:123456789",
  "IK4*9*67*7*•••",
  "CTX*SITUATIONAL TRIGGER*NM1*9*2100A*9*67",
  "IK5*R*5",
  "AK9*R*1*1*0",
  "SE*10*0001",
  "GE*1*778",
  "IEA*1*000000778",
]
  .map((s) => `${s}~`)
  .join("\n");

describe.each(kinds)("migration 038 on %s", (kind) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  async function open(withKey: boolean): Promise<{ store: Store; migrator: Migrator }> {
    const opened = await openMigrator(kind, "pii038", withKey ? { cipher } : {});
    close = opened.close;
    return opened;
  }

  /** A database at 036 with an answered plan, pre-009 outbox rows and a 999 with a CTX, as they were kept. */
  async function olderRows(store: Store, migrator: Migrator) {
    const before = await migrator.migrateTo(BEFORE);
    if (before.error) throw before.error;
    // the schema at 036 (plan_answers.outcome in clear), not today's
    const db = store.db as any;
    await seedDatabase(store.db, cipher, new Date(AT), kind);
    const plans = (await db.selectFrom("plans").select("id").orderBy("id").limit(2).execute()) as Array<{ id: number }>;
    const enrollment = await db
      .insertInto("enrollments")
      .values({ created_at: AT, updated_at: AT })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("plan_answers")
      .values([
        {
          enrollment_id: enrollment.id,
          plan_id: plans[0].id,
          kind: "enroll",
          answers_enc: cipher.encryptJson({ q1: "1" }),
          outcome: "declined",
          answered_at: AT,
        },
        {
          enrollment_id: enrollment.id,
          plan_id: plans[1].id,
          kind: "eligibility",
          answers_enc: cipher.encryptJson({}),
          outcome: "accepted",
          answered_at: AT,
        },
      ])
      .execute();
    const message = (status: string, text: string, html: string | null) =>
      db
        .insertInto("outbox")
        .values({
          channel: "email",
          recipient: "ana.lopez@example.com",
          subject: "Your code",
          text_body: text,
          html_body: html,
          kind: "otp",
          status,
          created_at: AT,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const sent = await message("sent", "Ana Lopez, your code is 482913", "<p>Ana Lopez, your code is 482913</p>");
    const kept = await message("outbox", "Ana Lopez, your quote", "<p>Ana Lopez, your quote</p>");
    const failed = await message("failed", "Ana Lopez, your receipt", null);
    const today = await db
      .insertInto("outbox")
      .values({
        channel: "sms",
        recipient: "5550100",
        subject: null,
        text_body: "",
        html_body: null,
        body_enc: cipher.encryptJson({ text: "t", html: null, attachments: [] }),
        kind: "otp",
        status: "outbox",
        created_at: AT,
      })
      .returning(["id", "body_enc"])
      .executeTakeFirstOrThrow();
    const carrier = await db.selectFrom("carriers").select("id").orderBy("id").executeTakeFirstOrThrow();
    const inbound = await db
      .insertInto("carrier_files")
      .values({
        carrier_id: carrier.id,
        direction: "in",
        name: "999-ctx.x12",
        format: "999",
        status: "read",
        digest: "d",
        content: ack999,
        created_at: AT,
        member_count: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { db, enrollment: enrollment.id, plans, sent: sent.id, kept: kept.id, failed: failed.id, today, inbound: inbound.id };
  }

  it("seals the plan outcomes, seals or clears the outbox bodies kept in clear, masks a 999's CTX; readers open them", async () => {
    const { store, migrator } = await open(true);
    const older = await olderRows(store, migrator);
    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
    const db = older.db;

    const answers = (await db.selectFrom("plan_answers").selectAll().orderBy("plan_id").execute()) as Array<Record<string, unknown>>;
    expect(answers.map((a) => Object.keys(a).sort())).toEqual(
      Array(2).fill(["answered_at", "answers_enc", "enrollment_id", "kind", "outcome_enc", "plan_id"]),
    );
    expect(JSON.stringify(answers)).not.toMatch(/declined|accepted/);
    expect(answers.map((a) => cipher.decrypt(a.outcome_enc as string))).toEqual(["declined", "accepted"]);

    const outbox = (await db.selectFrom("outbox").selectAll().orderBy("id").execute()) as Array<{
      id: number;
      text_body: string;
      html_body: string | null;
      body_enc: string | null;
    }>;
    expect(JSON.stringify(outbox)).not.toContain("Ana Lopez");
    const row = (id: number) => outbox.find((r) => r.id === id)!;
    expect(row(older.sent)).toMatchObject({ text_body: "", html_body: null, body_enc: null });
    expect(openBody(cipher, row(older.kept))).toEqual({
      text: "Ana Lopez, your quote",
      html: "<p>Ana Lopez, your quote</p>",
      attachments: [],
    });
    expect(row(older.kept)).toMatchObject({ text_body: "", html_body: null });
    expect(openBody(cipher, row(older.failed))).toEqual({ text: "Ana Lopez, your receipt", html: null, attachments: [] });
    expect(row(older.today.id).body_enc).toBe(older.today.body_enc);

    const file = await db.selectFrom("carrier_files").select("content").where("id", "=", older.inbound).executeTakeFirstOrThrow();
    expect(file.content).not.toContain("123456789");
    expect(file.content).toContain(`CTX*0F:${MASK}~`);
    expect(file.content).toContain("CTX*SITUATIONAL TRIGGER*NM1*9*2100A*9*67~");
  });

  it("without the key, a database with values to seal is refused and left as it was", async () => {
    const { store, migrator } = await open(false);
    const older = await olderRows(store, migrator);
    const after = await migrator.migrateToLatest();
    expect(after.error).toBeInstanceOf(Error);
    expect(String((after.error as Error).message)).toMatch(/encryption key/);
    const answers = await older.db.selectFrom("plan_answers").select("outcome").orderBy("plan_id").execute();
    expect(answers.map((a: { outcome: string }) => a.outcome)).toEqual(["declined", "accepted"]);
    const outbox = await older.db.selectFrom("outbox").select("text_body").where("id", "=", older.kept).executeTakeFirstOrThrow();
    expect(outbox.text_body).toBe("Ana Lopez, your quote");
  });

  it("a fresh database migrates without the key (nothing to seal)", async () => {
    const { migrator } = await open(false);
    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
  });
});
