/**
 * Mail goes through SMTP (nodemailer) when SMTP_URL is set; otherwise it is kept in the
 * outbox table, readable at the development mailbox page. Either way the outbox records
 * that a message was sent, so jobs can tell what went out.
 */
import nodemailer from "nodemailer";
import type { DB } from "../db/connection";
import type { Logger } from "../platform/log";
import { markOutbox, recordOutbox } from "../repositories/outbox";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** quote, reminder, otp, save_later, receipt… */
  kind: string;
  enrollmentId?: number | null;
  /** files sent with the message (the enrollment record's PDF) */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** The outbox keeps each attachment's name, type and size; its content only while the message stays in the outbox. */
function outboxAttachments(list: MailAttachment[] | undefined, keepContent: boolean) {
  if (!list?.length) return null;
  return JSON.stringify(list.map((a) => ({ filename: singleLine(a.filename), contentType: a.contentType, size: a.content.byteLength, ...(keepContent ? { content: Buffer.from(a.content).toString("base64") } : {}) })));
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
      const id = await recordOutbox(db, { channel: "email", recipient: singleLine(m.to), subject: singleLine(m.subject), text: m.text, html: m.html ?? null, kind: m.kind, enrollmentId: m.enrollmentId ?? null, status: "outbox", at: now(), attachments: outboxAttachments(m.attachments, true) });
      return { id };
    },
  };
}

export function createSmtpMailer(db: DB, smtpUrl: string, from: string, now: () => Date, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      // Keep only the fact of sending: the body may hold a code, and SMTP has it now.
      const id = await recordOutbox(db, { channel: "email", recipient: singleLine(m.to), subject: singleLine(m.subject), text: "(sent by SMTP; body not kept)", html: null, kind: m.kind, enrollmentId: m.enrollmentId ?? null, status: "queued", at: now(), attachments: outboxAttachments(m.attachments, false) });
      try {
        await transport.sendMail({ from, to: singleLine(m.to), subject: singleLine(m.subject), text: m.text, html: m.html, attachments: m.attachments?.map((a) => ({ filename: singleLine(a.filename), contentType: a.contentType, content: Buffer.from(a.content) })) });
        await markOutbox(db, id, "sent", now());
      } catch (error) {
        await markOutbox(db, id, "failed", now());
        log.error("mail delivery failed", { kind: m.kind, outboxId: id, reason: error instanceof Error ? error.message : "unknown" });
        throw error;
      }
      return { id };
    },
  };
}
