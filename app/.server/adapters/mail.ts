/**
 * Mail goes through SMTP (nodemailer) when SMTP_URL is set; otherwise it is kept in the
 * outbox table, readable at the development mailbox page. Either way the outbox records
 * that a message was sent, so jobs can tell what went out.
 */
import nodemailer from "nodemailer";
import type { DB } from "../db/connection";
import type { Logger } from "../log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** quote, reminder, otp, save_later, receipt… */
  kind: string;
  enrollmentId?: number | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: number }>;
}

/** Header injection is impossible: a subject or address never carries a line break. */
function singleLine(value: string) {
  return value.replace(/[\r\n]+/g, " ").trim();
}

export function createOutboxMailer(db: DB, now: () => Date): Mailer {
  return {
    async send(m) {
      const row = await db
        .insertInto("outbox")
        .values({
          channel: "email",
          recipient: singleLine(m.to),
          subject: singleLine(m.subject),
          text_body: m.text,
          html_body: m.html ?? null,
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

export function createSmtpMailer(db: DB, smtpUrl: string, from: string, now: () => Date, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      const created = now().toISOString();
      // Keep only the fact of sending: the body may hold a code, and SMTP has it now.
      const row = await db
        .insertInto("outbox")
        .values({
          channel: "email",
          recipient: singleLine(m.to),
          subject: singleLine(m.subject),
          text_body: "(sent by SMTP; body not kept)",
          html_body: null,
          kind: m.kind,
          enrollment_id: m.enrollmentId ?? null,
          status: "queued",
          created_at: created,
          sent_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      try {
        await transport.sendMail({ from, to: singleLine(m.to), subject: singleLine(m.subject), text: m.text, html: m.html });
        await db.updateTable("outbox").set({ status: "sent", sent_at: now().toISOString() }).where("id", "=", row.id).execute();
      } catch (error) {
        await db.updateTable("outbox").set({ status: "failed" }).where("id", "=", row.id).execute();
        log.error("mail delivery failed", { kind: m.kind, outboxId: row.id, reason: error instanceof Error ? error.message : "unknown" });
        throw error;
      }
      return { id: row.id };
    },
  };
}
