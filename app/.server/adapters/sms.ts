/**
 * Text messages. No provider is configured in this product yet, so messages are kept in
 * the outbox (channel "sms"); a provider implements the same interface.
 */
import type { DB } from "../db/connection";

export interface SmsMessage {
  to: string;
  text: string;
  kind: string;
  enrollmentId?: number | null;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ id: number }>;
}

export function createOutboxSms(db: DB, now: () => Date): SmsSender {
  return {
    async send(m) {
      const row = await db
        .insertInto("outbox")
        .values({
          channel: "sms",
          recipient: m.to.replace(/\D/g, ""),
          subject: null,
          text_body: m.text,
          html_body: null,
          kind: m.kind,
          enrollment_id: m.enrollmentId ?? null,
          status: "outbox",
          created_at: now().toISOString(),
          sent_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  };
}
