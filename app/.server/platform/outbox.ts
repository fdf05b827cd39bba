/**
 * Mail and text messages that are never lost (issue 16, ADR 010).
 *
 * Writing: `queueMail` and `queueText` write the message into the outbox through `services.db` —
 * inside the caller's transaction when `services` is a transaction's (`{ ...services, db: trx }`),
 * so a message exists exactly when what caused it was committed (the receipt with the policy, a
 * code with its code row). Its body (text, HTML, attachments) is sealed with the cipher; key
 * rotation covers it (sealed-columns.ts). A channel without a provider (text messages; mail with
 * MAIL_TRANSPORT=outbox) keeps the message in the outbox (status "outbox"), for /dev/outbox.
 *
 * Delivering: `deliverDue` claims one due message at a time (atomically: two workers never hold
 * the same one), hands it to the channel's transport and marks it sent once the transport
 * accepted it, or schedules the next try with exponential backoff (and gives up after
 * MAX_ATTEMPTS). A worker that dies mid-send leaves a claim that expires: the message is sent
 * again (at least once). What runs `deliverDue` — an in-process poller on SQLite, pg-boss on
 * PostgreSQL — is jobs/workers.ts.
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import type { Cipher } from "./crypto";
import type { Logger } from "./log";
import type { Delivery, MailAttachment } from "./delivery";
import { backoffMs } from "./delivery";
import {
  claimNextMessage,
  hasDueMessage,
  insertOutboxMessage,
  markMessageFailed,
  markMessageSent,
  outboxMessage,
} from "../repositories/outbox";

export { backoffMs, createDelivery, DEFAULT_RETRY } from "./delivery";
export type { Delivery, MailAttachment, OpenedMessage, RetryPolicy, Transport, Transports } from "./delivery";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** quote, reminder, otp, save_later, receipt… */
  kind: string;
  enrollmentId?: number | null;
}

export interface TextMessage {
  to: string;
  text: string;
  kind: string;
  enrollmentId?: number | null;
}

/** The sealed body, as JSON: attachments in base64. */
interface Body {
  text: string;
  html: string | null;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** Header injection is impossible: a subject or address never carries a line break. */
function singleLine(value: string) {
  return value.replace(/[\r\n]+/g, " ").trim();
}

function seal(cipher: Cipher, body: { text: string; html?: string | null; attachments?: MailAttachment[] }) {
  const json: Body = {
    text: body.text,
    html: body.html ?? null,
    attachments: (body.attachments ?? []).map((a) => ({
      filename: singleLine(a.filename),
      contentType: a.contentType,
      content: Buffer.from(a.content).toString("base64"),
    })),
  };
  return cipher.encrypt(JSON.stringify(json));
}

/** A message's body, opened: rows from before migration 009 kept it in clear. Null once delivered. */
export function openBody(
  cipher: Cipher,
  row: { body_enc: string | null; text_body: string; html_body: string | null },
): { text: string; html: string | null; attachments: MailAttachment[] } | null {
  if (!row.body_enc) return row.text_body ? { text: row.text_body, html: row.html_body, attachments: [] } : null;
  const body = JSON.parse(cipher.decrypt(row.body_enc)) as Body;
  return {
    text: body.text,
    html: body.html,
    attachments: body.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content, "base64"),
    })),
  };
}

/** Has `services` a transport for this channel? Without one the message is kept in the outbox. */
function statusFor(services: Services, channel: "email" | "sms") {
  return services.delivery.transports[channel] ? ("pending" as const) : ("outbox" as const);
}

/** Queues an e-mail in `services.db` (the caller's transaction, if any); returns its id. */
export async function queueMail(services: Services, m: MailMessage) {
  const id = await insertOutboxMessage(services.db, {
    channel: "email",
    recipient: singleLine(m.to),
    subject: singleLine(m.subject),
    bodyEnc: seal(services.cipher, { text: m.text, html: m.html, attachments: m.attachments }),
    kind: m.kind,
    enrollmentId: m.enrollmentId ?? null,
    status: statusFor(services, "email"),
    at: services.now(),
  });
  if (!services.db.isTransaction) services.delivery.nudge();
  return id;
}

/** Queues a text message in `services.db` (the caller's transaction, if any); returns its id. */
export async function queueText(services: Services, m: TextMessage) {
  const id = await insertOutboxMessage(services.db, {
    channel: "sms",
    recipient: m.to.replace(/\D/g, ""),
    subject: null,
    bodyEnc: seal(services.cipher, { text: m.text }),
    kind: m.kind,
    enrollmentId: m.enrollmentId ?? null,
    status: statusFor(services, "sms"),
    at: services.now(),
  });
  if (!services.db.isTransaction) services.delivery.nudge();
  return id;
}

/**
 * Runs `work` in one transaction with a transaction's services, then wakes the delivery worker:
 * what it queued is committed by then.
 */
export async function withMessages<T>(services: Services, work: (tx: Services) => Promise<T>): Promise<T> {
  const result = services.db.isTransaction
    ? await work(services)
    : await services.db.transaction().execute((trx) => work({ ...services, db: trx }));
  if (!services.db.isTransaction) services.delivery.nudge();
  return result;
}

// ---------------------------------------------------------------------------------------
// Delivery

export interface DeliverOptions {
  db: DB;
  dialect: Dialect;
  cipher: Cipher;
  log: Logger;
  delivery: Delivery;
  now(): Date;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  /** the earliest retry this pass scheduled, for a worker that wakes up for it */
  nextRetryAt: Date | null;
}

/** Delivers every message due now, one claim at a time, until none is left (or `limit` were tried). */
/**
 * Why a delivery failed, as logged and kept in `last_error`: the transport's code, SMTP reply
 * code and command, and its message with every e-mail address and phone number taken out — a
 * mail server that refuses a recipient names it in its reply ("550 5.1.1 <a@b>: Recipient
 * address rejected"), and logs carry no personal data (security review, stop 38).
 */
export function failureReason(error: unknown): string {
  const e = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, "[address]")
    // a run of seven digits or more (a phone number), not a reply code such as "550 5.1.1"
    .replace(/\+?\d[\d\s().-]{5,}\d/g, (run) => (run.replace(/\D/g, "").length >= 7 ? "[number]" : run));
  const parts = [
    typeof e.code === "string" ? e.code : null,
    typeof e.responseCode === "number" ? String(e.responseCode) : null,
    typeof e.command === "string" ? e.command : null,
  ].filter(Boolean);
  return (parts.length ? `${parts.join(" ")}: ${message}` : message).slice(0, 300);
}

export async function deliverDue(o: DeliverOptions, limit = 100): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, nextRetryAt: null };
  const { delivery } = o;
  if (!(await hasDueMessage(o.db, o.now()))) return report;
  for (let i = 0; i < limit; i++) {
    const now = o.now();
    const row = await claimNextMessage(o.db, o.dialect, delivery.workerId, now, new Date(now.getTime() + delivery.retry.leaseMs));
    if (!row) break;
    const transport = delivery.transports[row.channel];
    try {
      if (!transport) throw new Error(`no transport for ${row.channel}`);
      const body = openBody(o.cipher, row);
      if (!body) throw new Error("the message has no body");
      await transport.send({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: body.text,
        html: body.html,
        attachments: body.attachments,
      });
    } catch (error) {
      const reason = failureReason(error);
      const giveUp = row.attempts >= delivery.retry.maxAttempts;
      const retryAt = giveUp ? null : new Date(o.now().getTime() + backoffMs(delivery.retry, row.attempts));
      await markMessageFailed(o.db, row.id, delivery.workerId, retryAt, reason);
      if (retryAt) {
        report.retried++;
        if (!report.nextRetryAt || retryAt < report.nextRetryAt) report.nextRetryAt = retryAt;
        o.log.warn("message delivery failed; will retry", {
          outboxId: row.id,
          kind: row.kind,
          attempt: row.attempts,
          retryAt: retryAt.toISOString(),
          reason,
        });
      } else {
        report.failed++;
        o.log.error("message delivery failed; giving up", { outboxId: row.id, kind: row.kind, attempts: row.attempts, reason });
      }
      continue;
    }
    if (await markMessageSent(o.db, row.id, delivery.workerId, o.now())) report.sent++;
    else o.log.warn("message delivered after its claim expired", { outboxId: row.id, kind: row.kind });
  }
  return report;
}

/** The development mailbox's view of one message: its body opened (when still kept). */
export async function openedOutboxMessage(services: Services, id: number) {
  const row = await outboxMessage(services.db, id);
  if (!row) return undefined;
  let body: ReturnType<typeof openBody> = null;
  try {
    body = openBody(services.cipher, row);
  } catch {
    body = null;
  }
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    text: body?.text ?? null,
    html: body?.html ?? null,
    attachments: (body?.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length })),
  };
}
