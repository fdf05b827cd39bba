/**
 * Text messages. No provider is configured in this product yet, so messages are kept in
 * the outbox (channel "sms"); a provider implements the same interface.
 */
import type { DB } from "../db/connection";
import { recordOutbox } from "../repositories/outbox";

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
      const id = await recordOutbox(db, { channel: "sms", recipient: m.to.replace(/\D/g, ""), subject: null, text: m.text, html: null, kind: m.kind, enrollmentId: m.enrollmentId ?? null, status: "outbox", at: now() });
      return { id };
    },
  };
}
