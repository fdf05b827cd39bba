/**
 * The SMTP transport (nodemailer) that the delivery worker hands queued e-mails to
 * (platform/outbox.ts). Sending resolves once the SMTP server accepted the message; the
 * timeouts keep a hung server from holding a claim past its lease.
 */
import nodemailer from "nodemailer";
import type { OpenedMessage, Transport } from "../platform/delivery";

export function createSmtpTransport(smtpUrl: string, from: string): Transport & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as never);
  return {
    async send(m: OpenedMessage) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject ?? "",
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
        attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
        // the outbox id: a receiver can tell a message delivered twice (at least once) by it
        headers: { "X-Outbox-Id": String(m.id) },
      });
    },
    close: () => transport.close(),
  };
}
