/** The outbox: what the mail and SMS adapters sent or kept, and the development mailbox that shows it. */
import type { DB } from "../db/connection";

export function latestMessages(db: DB, limit = 50) {
  return db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "subject", "kind", "status", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function outboxMessage(db: DB, id: number) {
  return db.selectFrom("outbox").select(["id", "channel", "recipient", "subject", "text_body", "html_body", "kind", "enrollment_id", "status", "created_at", "sent_at"]).where("id", "=", id).executeTakeFirst();
}

/** A message's attachments as kept (JSON), or null. */
export async function outboxAttachmentsJson(db: DB, id: number) {
  return (await db.selectFrom("outbox").select("attachments").where("id", "=", id).executeTakeFirst())?.attachments ?? null;
}

export interface OutboxEntry {
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  kind: string;
  enrollmentId: number | null;
  /** outbox: kept here for the mailbox page; queued: handed to a provider */
  status: "outbox" | "queued";
  at: Date;
  /** JSON list of attachments (see adapters/mail.ts), or null */
  attachments?: string | null;
}

/** Records one message; returns its id. */
export async function recordOutbox(db: DB, e: OutboxEntry) {
  const row = await db
    .insertInto("outbox")
    .values({
      channel: e.channel,
      recipient: e.recipient,
      subject: e.subject,
      text_body: e.text,
      html_body: e.html,
      kind: e.kind,
      enrollment_id: e.enrollmentId,
      status: e.status,
      created_at: e.at.toISOString(),
      sent_at: null,
      attachments: e.attachments ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What became of a message handed to a provider. */
export async function markOutbox(db: DB, id: number, status: "sent" | "failed", at: Date) {
  await db
    .updateTable("outbox")
    .set(status === "sent" ? { status, sent_at: at.toISOString() } : { status })
    .where("id", "=", id)
    .execute();
}
