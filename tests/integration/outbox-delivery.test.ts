/**
 * Mail that is never lost (issue 16, ADR 010), on SQLite and PostgreSQL: the receipt is queued in
 * Complete's transaction and delivered by the worker once the SMTP server is back, exactly once;
 * two instances on one database deliver each message once; failed tries back off exponentially
 * and give up; a claim whose worker died is taken over; the reminders' schedule runs once.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { createSmtpTransport } from "~/.server/adapters/mail";
import {
  backoffMs,
  createDelivery,
  deliverDue,
  queueMail,
  queueText,
  type OpenedMessage,
  type RetryPolicy,
  type Transport,
} from "~/.server/platform/outbox";
import { claimNextMessage, markMessageSent } from "~/.server/repositories/outbox";
import { claimScheduledRun, finishScheduledRun } from "~/.server/repositories/job-schedule";
import { REMINDERS_JOB, startWorkers, type Workers } from "~/.server/jobs/workers";
import type { Services } from "~/.server/services";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { inWizard, markStepsDone } from "../support/journeys";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { opened } from "../support/outbox";

const REVIEW = "/enrollment/review-confirm";
const FAST: RetryPolicy = { baseMs: 100, maxMs: 400, maxAttempts: 50, leaseMs: 10_000 };

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function deliverOptions(services: Services) {
  return {
    db: services.db,
    dialect: services.dialect,
    cipher: services.cipher,
    log: services.log,
    delivery: services.delivery,
    now: services.now,
  };
}

/** A transport that records what it was handed (slowly, so that passes overlap), failing the first `failures` tries. */
function recorder(name: string, log: Array<{ worker: string; id: number }>, failures = 0): Transport {
  let left = failures;
  return {
    async send(m: OpenedMessage) {
      await sleep(3);
      if (left > 0) {
        left--;
        throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      }
      log.push({ worker: name, id: m.id });
    },
  };
}

describe("backoff", () => {
  it("doubles from the base up to the cap, within ±10 %", () => {
    const p: RetryPolicy = { baseMs: 1000, maxMs: 8000, maxAttempts: 10, leaseMs: 1000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(p, n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffMs(p, 2, () => 0)).toBe(1800);
    expect(backoffMs(p, 2, () => 1)).toBe(2200);
  });
});

describeEachDatabase("outbox delivery", (kind) => {
  let app: TestApp | undefined;
  let smtp: TestSmtp | undefined;
  const workers: Workers[] = [];
  const instances: Instance[] = [];
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    for (const i of instances.splice(0)) await i.close();
    await smtp?.stop();
    smtp = undefined;
    if (app?.store.schema) await sql.raw(`drop schema if exists ${app.store.schema}_boss cascade`).execute(app.store.db);
    await app?.close();
    app = undefined;
  });

  /** The worker as the server starts it (pg-boss in a schema of this test's own on PostgreSQL). */
  async function worker(services: Services, schema: string | undefined, reminders = false) {
    const w = await startWorkers(services, {
      reminders,
      pollMs: 50,
      scheduleTickMs: 50,
      boss: { connectionString: process.env.TEST_DATABASE_URL, schema: `${schema}_boss` },
    });
    workers.push(w);
    return w;
  }

  it("SMTP down when the enrollment completes, then up: the receipt is kept, retried and arrives exactly once", async () => {
    smtp = await startTestSmtp({ down: true });
    const a = (app = await createTestApp(kind, {
      delivery: createDelivery({ email: createSmtpTransport(smtp.url, "Benefit Store <store@benefitstore.example>") }, FAST),
    }));
    // the worker runs on real time
    Object.defineProperty(a.clock, "now", { get: () => new Date() });
    await worker(a.services, a.store.schema);

    const { client } = await inWizard(a);
    const id = (await client.session()).tempId!;
    const e = await a.store.db.selectFrom("enrollments").select("step_list").where("id", "=", id).executeTakeFirstOrThrow();
    await markStepsDone(
      a,
      client,
      (JSON.parse(e.step_list!) as string[]).filter((s) => s !== "review_info"),
    );
    expect((await client.submit(reviewAction, REVIEW, { intent: "complete" })).location).toBe("/enrollment/receipt");
    const policy = await a.store.db
      .selectFrom("policies")
      .select("policy_number")
      .where("enrollment_id", "=", id)
      .executeTakeFirstOrThrow();
    const receipt = () =>
      a.store.db
        .selectFrom("outbox")
        .selectAll()
        .where("enrollment_id", "=", id)
        .where("kind", "=", "receipt")
        .where("recipient", "=", "ana.lopez@gmail.com")
        .executeTakeFirst();

    // SMTP is down: tried, refused, kept with its sealed body for the next try
    const failing = await waitFor("two failed tries", async () => {
      const row = await receipt();
      return row && row.attempts >= 2 && row.status === "pending" ? row : null;
    });
    expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failing.body_enc).not.toContain(policy.policy_number);
    expect(opened(a, failing).text_body).toContain(policy.policy_number);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    const sent = await waitFor("the receipt delivered", async () => {
      const row = await receipt();
      return row?.status === "sent" ? row : null;
    });
    expect(sent.body_enc).toBeNull();
    await sleep(600);
    const copies = smtp.received.filter((m) => m.outboxId === sent.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.to).toEqual(["ana.lopez@gmail.com"]);
    expect(copies[0]!.raw).toContain(policy.policy_number);
    expect(smtp.received.filter((m) => m.outboxId === sent.id)).toHaveLength(1);
  }, 90_000);

  it("keeps an attachment through the queue, sealed, and hands it to SMTP", async () => {
    smtp = await startTestSmtp();
    const a = (app = await createTestApp(kind, {
      seed: false,
      delivery: createDelivery({ email: createSmtpTransport(smtp.url, "Benefit Store <store@benefitstore.example>") }, FAST),
    }));
    const pdf = Buffer.from("%PDF-1.7 enrollment record for Ana Lopez");
    const id = await queueMail(a.services, {
      to: "ana.lopez@gmail.com",
      subject: "Enrollment Receipt",
      text: "Attached.",
      kind: "receipt",
      attachments: [{ filename: "enrollment.pdf", contentType: "application/pdf", content: pdf }],
    });
    const row = await a.store.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.body_enc).not.toContain(pdf.toString("base64"));
    expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ sent: 1 });
    const [mail] = smtp.received;
    expect(mail!.raw).toContain("filename=enrollment.pdf");
    expect(mail!.raw.replace(/\r?\n/g, "")).toContain(pdf.toString("base64"));
  });

  it("two instances on one database deliver each message once", async () => {
    const log: Array<{ worker: string; id: number }> = [];
    const a = (app = await createTestApp(kind, {
      seed: false,
      delivery: createDelivery({ email: recorder("a", log), sms: recorder("a", log) }, FAST),
    }));
    const b = openInstance(a, { delivery: createDelivery({ email: recorder("b", log), sms: recorder("b", log) }, FAST) });
    instances.push(b);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(await queueMail(a.services, { to: `person${i}@example.com`, subject: `Message ${i}`, text: `Body ${i}`, kind: "quote" }));
      if (i % 3 === 0) ids.push(await queueText(b.services, { to: "(214) 555-0100", text: `Text ${i}`, kind: "otp" }));
    }
    // four passes at once, two in each instance
    await Promise.all([
      deliverDue(deliverOptions(a.services)),
      deliverDue(deliverOptions(b.services)),
      deliverDue(deliverOptions(a.services)),
      deliverDue(deliverOptions(b.services)),
    ]);
    expect(log.map((d) => d.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    const rows = await a.store.db.selectFrom("outbox").select(["status", "attempts", "body_enc"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.body_enc === null)).toBe(true);
    // nothing is left to claim
    expect(await deliverDue(deliverOptions(b.services))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
  });

  it("backs off exponentially between tries and gives up after the last one", async () => {
    const log: Array<{ worker: string; id: number }> = [];
    const policy: RetryPolicy = { baseMs: 10_000, maxMs: 40_000, maxAttempts: 5, leaseMs: 60_000 };
    const a = (app = await createTestApp(kind, { seed: false, delivery: createDelivery({ email: recorder("a", log, 99) }, policy) }));
    const t0 = a.clock.now.getTime();
    const id = await queueMail(a.services, { to: "ana.lopez@gmail.com", subject: "Your code", text: "123456", kind: "otp" });
    const row = () => a.store.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const waits: number[] = [];
    let at = t0;
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ retried: 1 });
      const r = await row();
      expect(r).toMatchObject({ status: "pending", attempts: attempt });
      const next = new Date(r.next_attempt_at!).getTime();
      waits.push(next - at);
      // not before its time
      a.clock.now = new Date(next - 1);
      expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
      at = next;
      a.clock.now = new Date(next);
    }
    const expected = [10_000, 20_000, 40_000, 40_000];
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(expected[i]! * 0.9);
      expect(w).toBeLessThanOrEqual(expected[i]! * 1.1);
    });
    expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ failed: 1 });
    expect(await row()).toMatchObject({ status: "failed", attempts: 5 });
    a.clock.now = new Date(t0 + 24 * 60 * 60 * 1000);
    expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(log).toEqual([]);
  });

  it("takes over a claim whose worker died once its lease ran out (at least once)", async () => {
    const log: Array<{ worker: string; id: number }> = [];
    const a = (app = await createTestApp(kind, {
      seed: false,
      delivery: createDelivery({ email: recorder("a", log) }, { ...FAST, leaseMs: 60_000 }),
    }));
    const id = await queueMail(a.services, {
      to: "ana.lopez@gmail.com",
      subject: "Receipt",
      text: "Policy BS-2026-ABCDEFGH",
      kind: "receipt",
    });
    const now = a.clock.now;
    const claimed = await claimNextMessage(a.store.db, a.store.dialect, "dead-worker", now, new Date(now.getTime() + 60_000));
    expect(claimed?.id).toBe(id);
    // held: nobody else takes it
    expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ sent: 0 });
    a.clock.now = new Date(now.getTime() + 60_000);
    expect(await deliverDue(deliverOptions(a.services))).toMatchObject({ sent: 1 });
    expect(log.map((d) => d.id)).toEqual([id]);
    // the dead worker's late word changes nothing
    expect(await markMessageSent(a.store.db, id, "dead-worker", a.clock.now)).toBe(false);
    expect(await a.store.db.selectFrom("outbox").select(["status", "attempts"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "sent",
      attempts: 2,
    });
  });

  it("the reminders' schedule is taken by one process per run, across instances", async () => {
    const a = (app = await createTestApp(kind, { seed: false }));
    const b = openInstance(a);
    instances.push(b);
    const every = 15 * 60 * 1000;
    const lease = 30 * 60 * 1000;
    const t0 = a.clock.now;
    const round = (at: Date) =>
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          claimScheduledRun((i % 2 ? b : a).services.db, REMINDERS_JOB, `w${i}`, at, every, lease).then((won) => (won ? `w${i}` : null)),
        ),
      );
    const first = (await round(t0)).filter(Boolean);
    expect(first).toHaveLength(1);
    await finishScheduledRun(a.store.db, REMINDERS_JOB, first[0]!);
    // not due again before the interval
    expect((await round(new Date(t0.getTime() + every - 1))).filter(Boolean)).toHaveLength(0);
    const second = (await round(new Date(t0.getTime() + every))).filter(Boolean);
    expect(second).toHaveLength(1);
    // a holder that died: its lease runs out, then the job is taken again (once)
    expect((await round(new Date(t0.getTime() + 2 * every))).filter(Boolean)).toHaveLength(0);
    expect((await round(new Date(t0.getTime() + every + lease))).filter(Boolean)).toHaveLength(1);
  });

  if (kind === "postgres") {
    it("pg-boss: two instances share one reminders schedule", async () => {
      const a = (app = await createTestApp(kind, { seed: false, config: { REMINDERS_ENABLED: "1" } }));
      const b = openInstance(a);
      instances.push(b);
      const [wa, wb] = [await worker(a.services, a.store.schema, true), await worker(b.services, a.store.schema, true)];
      const schedules = (await wa.boss!.getSchedules()).filter((s: { name: string }) => s.name === REMINDERS_JOB);
      expect(schedules).toHaveLength(1);
      expect((await wb.boss!.getSchedules()).filter((s: { name: string }) => s.name === REMINDERS_JOB)).toHaveLength(1);
    }, 60_000);
  }
});
