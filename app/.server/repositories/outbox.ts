/**
 * The outbox: every e-mail and text message, written in the transaction that causes it and
 * delivered from there by a worker (ADR 010). Its body is sealed (body_enc); the recipient, the
 * subject and the kind stay readable for the development mailbox and for support.
 *
 * A worker claims one due message at a time in ONE atomic statement — on PostgreSQL the row is
 * picked with FOR UPDATE SKIP LOCKED, on SQLite the UPDATE … RETURNING runs under the database's
 * single write lock — so two workers (two processes, two instances) never hold the same message.
 * A claim is a lease: a worker that dies mid-send leaves a claim that expires and the message is
 * claimed again (at least once).
 */
import { sql } from "kysely";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import type { Outbox } from "../db/schema";

export function latestMessages(db: DB, limit = 50) {
  return db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "subject", "kind", "status", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function outboxMessage(db: DB, id: number) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface OutboxEntry {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  /** the sealed body (see platform/outbox.ts) */
  bodyEnc: string;
  kind: string;
  enrollmentId: number | null;
  /** pending: a worker delivers it; outbox: kept here (no provider for the channel) */
  status: "pending" | "outbox";
  at: Date;
  /** JSON list of attachments (see adapters/mail.ts), or null */
  attachments?: string | null;
}

/** Writes one message (in the caller's transaction, if any); returns its id. */
export async function insertOutboxMessage(db: DB, e: OutboxEntry) {
  const row = await db
    .insertInto("outbox")
    .values({
      channel: e.channel,
      recipient: e.recipient,
      subject: e.subject,
      // the body is sealed in body_enc; text_body only holds what rows before migration 009 kept
      text_body: "",
      html_body: null,
      body_enc: e.bodyEnc,
      kind: e.kind,
      enrollment_id: e.enrollmentId,
      status: e.status,
      created_at: e.at.toISOString(),
      sent_at: null,
      next_attempt_at: e.status === "pending" ? e.at.toISOString() : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Is any message due (a cheap read before a claim, which writes)? */
export async function hasDueMessage(db: DB, now: Date) {
  const at = now.toISOString();
  const row = await db
    .selectFrom("outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", at)]),
        eb.and([eb("status", "=", "sending"), eb("claimed_until", "<=", at)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Claims the oldest due message for `worker` until `until`: a pending one whose time has come, or
 * one whose earlier claim expired (its worker died). Counts the attempt. Undefined: nothing due.
 */
export async function claimNextMessage(db: DB, dialect: Dialect, worker: string, now: Date, until: Date): Promise<Outbox | undefined> {
  const at = now.toISOString();
  const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<Outbox>`
    update outbox
       set status = 'sending', claimed_by = ${worker}, claimed_until = ${until.toISOString()}, attempts = attempts + 1
     where id = (
       select id from outbox
        where (status = 'pending' and next_attempt_at <= ${at})
           or (status = 'sending' and claimed_until <= ${at})
        order by id
        limit 1
        ${lock}
     )
    returning *`.execute(db);
  return result.rows[0];
}

/** Delivered: the body goes (the provider has it now); only if the claim is still ours. */
export async function markMessageSent(db: DB, id: number, worker: string, at: Date) {
  const res = await db
    .updateTable("outbox")
    .set({ status: "sent", sent_at: at.toISOString(), body_enc: null, claimed_by: null, claimed_until: null, last_error: null })
    .where("id", "=", id)
    .where("claimed_by", "=", worker)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Not delivered this time: tried again at `retryAt`, or given up (`retryAt` null). */
export async function markMessageFailed(db: DB, id: number, worker: string, retryAt: Date | null, reason: string) {
  await db
    .updateTable("outbox")
    .set(
      retryAt
        ? { status: "pending", next_attempt_at: retryAt.toISOString(), claimed_by: null, claimed_until: null, last_error: reason }
        : { status: "failed", claimed_by: null, claimed_until: null, last_error: reason },
    )
    .where("id", "=", id)
    .where("claimed_by", "=", worker)
    .where("status", "=", "sending")
    .execute();
}
