/**
 * A real SMTP server for delivery tests (smtp-server): it can be stopped and started again on
 * the same port, and keeps every message it accepted (raw, with its headers).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** the X-Outbox-Id header the transport sets */
  outboxId: number | null;
  subject: string | null;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  running(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestSmtp(options: { down?: boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS", "AUTH"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            const header = (name: string) =>
              new RegExp(`^${name}:\\s*(.*)$`, "mi").exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim() ?? null;
            const id = header("X-Outbox-Id");
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              outboxId: id ? Number(id) : null,
              subject: header("Subject"),
            });
            callback();
          });
        },
      });
      s.on("error", () => {});
      s.listen(port, "127.0.0.1", () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
      s.server.once("error", reject);
    });
  await listen();
  const smtp: TestSmtp = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    running: () => server !== null,
    start: () => (server ? Promise.resolve() : listen()),
    stop: () =>
      new Promise<void>((resolve) => {
        const s = server;
        server = null;
        if (!s) return resolve();
        s.close(() => resolve());
      }),
  };
  if (options.down) await smtp.stop();
  return smtp;
}
