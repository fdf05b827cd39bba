/**
 * Security review (where sensitive data ends up): "Logs carry no PII" (DESIGN, Sensitive data).
 * A mail server that refuses a recipient says who in its reply (Postfix: "550 5.1.1 <a@b>:
 * Recipient address rejected"); nodemailer puts that reply in its error message, and the outbox
 * worker logs the message as `reason` — a field the logger's redaction by name does not cover.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { createSmtpTransport } from "~/.server/adapters/mail";
import { createDelivery, deliverDue, queueMail } from "~/.server/platform/outbox";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";

const RECIPIENT = "ana.lopez.private@gmail.com";

describeEachDatabase("a refused recipient's address stays out of the logs (security review)", (kind) => {
  let app: TestApp;
  let server: SMTPServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refused = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
          responseCode: 550,
        });
        callback(refused);
      },
    });
    server.on("error", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as AddressInfo).port;
    app = await createTestApp(kind, {
      logTo: logs,
      delivery: createDelivery(
        { email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "Benefit Store <store@benefitstore.example>") },
        { baseMs: 100, maxMs: 400, maxAttempts: 5, leaseMs: 10_000 },
      ),
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("a failed delivery logs without the recipient's address", async () => {
    await queueMail(app.services, { to: RECIPIENT, subject: "Your code", text: "123456", kind: "otp" });
    const report = await deliverDue({
      db: app.services.db,
      dialect: app.services.dialect,
      cipher: app.services.cipher,
      log: app.services.log,
      delivery: app.services.delivery,
      now: app.services.now,
    });
    expect(report.retried + report.failed).toBe(1);
    const failure = logs.filter((l) => l.includes("message delivery failed"));
    expect(failure).toHaveLength(1);
    expect(failure[0]).not.toContain(RECIPIENT);
  });
});
