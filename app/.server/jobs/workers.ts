/**
 * The background work of a server process (ADR 010): delivering the outbox and running the quote
 * reminders on their schedule.
 *
 * Delivery: any process may deliver — a message is claimed atomically (repositories/outbox.ts), so
 * two instances never hold the same one. A nudge after a commit (services.delivery.nudge) starts a
 * pass at once in this process; besides that,
 *   - on SQLite an in-process poller looks for due messages every 250 ms (retries, and messages
 *     another process wrote);
 *   - on PostgreSQL pg-boss wakes a worker: a job at the time of each scheduled retry and a sweep
 *     every minute (claims of a process that died), on whichever instance fetches it first.
 * Reminders run from ONE scheduler, not a timer in every instance:
 *   - on PostgreSQL a pg-boss schedule (cron, once per cluster) feeds a singleton queue;
 *   - on SQLite every process ticks, and a lease row (repositories/job-schedule.ts) lets one run
 *     when the job is due.
 */
import PgBoss from "pg-boss";
import type { Services } from "../services";
import { deliverDue } from "../platform/outbox";
import { runReminders } from "../store/saved-quotes";
import { runEmployerReminders } from "../employers/reminders";
import { claimScheduledRun, finishScheduledRun } from "../repositories/job-schedule";
import { runCarrierFeed } from "../carriers/run";

export const DELIVER_QUEUE = "outbox-deliver";
export const REMINDERS_JOB = "quote-reminders";
/** issue 29: the carrier feed, daily (acknowledgments read, then each carrier's changes sent) */
export const CARRIER_FEED_JOB = "carrier-feed";
const CARRIER_FEED_CRON = "0 6 * * *";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface WorkerOptions {
  /** run the quote reminders on their schedule (REMINDERS_ENABLED) */
  reminders: boolean;
  /** run the carrier feed daily (CARRIER_FEED_ENABLED); one process per run (carriers/run.ts) */
  carrierFeed?: boolean;
  /** SQLite: how often the poller looks for due messages */
  pollMs?: number;
  /** SQLite: how often a process checks whether the reminders are due */
  scheduleTickMs?: number;
  /** PostgreSQL: pg-boss's connection and schema (default: DATABASE_URL, "pgboss") */
  boss?: { connectionString?: string; schema?: string };
}

export interface Workers {
  /** one delivery pass in this process; resolves when it ended */
  deliverNow(): Promise<void>;
  /** stops polling and scheduling, waits for the pass under way */
  stop(): Promise<void>;
  /** the pg-boss instance on PostgreSQL (tests look at its schedules) */
  boss: PgBoss | null;
}

/** A cron expression for "every n minutes". */
export function cronEvery(minutes: number) {
  const m = Math.max(1, Math.round(minutes));
  if (m < 60) return m === 1 ? "* * * * *" : `*/${m} * * * *`;
  const h = Math.max(1, Math.round(m / 60));
  return h >= 24 ? "0 0 * * *" : `0 */${h} * * *`;
}

export async function startWorkers(services: Services, options: WorkerOptions): Promise<Workers> {
  const { log, delivery } = services;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let onRetry: (at: Date) => void = () => {};

  const deliver = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      do {
        again = false;
        const report = await deliverDue({
          db: services.db,
          dialect: services.dialect,
          cipher: services.cipher,
          log,
          delivery,
          now: services.now,
        });
        if (report.nextRetryAt) onRetry(report.nextRetryAt);
        if (report.sent + report.retried + report.failed >= 100) again = true;
      } while (again && !stopped);
    })()
      .catch((error) => log.error("outbox delivery pass failed", { reason: error instanceof Error ? error.message : "unknown" }))
      .finally(() => {
        pass = null;
      });
    return pass;
  };
  delivery.wake = () => void deliver();

  const reminders = async () => {
    try {
      const { due, sent } = await runReminders(services);
      if (due) log.info("quote reminders", { due, sent });
      // the employers' enrollment reminders run on the same schedule, once per run across instances (issue 28)
      const employers = await runEmployerReminders(services);
      if (employers.reminders || employers.summaries) log.info("enrollment reminders", employers);
      delivery.nudge();
    } catch (error) {
      log.error("quote reminders failed", { reason: error instanceof Error ? error.message : "unknown" });
    }
  };
  const intervalMs = services.config.reminders.intervalMinutes * 60 * 1000;

  const carrierFeed = async () => {
    try {
      const run = await runCarrierFeed(services, { send: true, receive: true });
      if (run.ran)
        log.info("carrier feed", {
          files: run.sent.filter((r) => r.file).length,
          delivered: run.sent.reduce((n, r) => n + r.delivered.length, 0),
          kept: run.sent.reduce((n, r) => n + r.failed.length, 0),
          read: run.received.reduce((n, r) => n + r.read.length, 0),
        });
    } catch (error) {
      log.error("carrier feed failed", { reason: error instanceof Error ? error.message : "unknown" });
    }
  };

  let boss: PgBoss | null = null;
  if (services.dialect === "postgres") {
    boss = new PgBoss({
      connectionString: options.boss?.connectionString ?? services.config.databaseUrl,
      schema: options.boss?.schema ?? "pgboss",
      max: 2,
      application_name: "benefit-store-jobs",
    });
    boss.on("error", (error) => log.error("pg-boss", { reason: error instanceof Error ? error.message : String(error) }));
    await boss.start();
    const b = boss;
    await b.createQueue(DELIVER_QUEUE);
    await b.work(DELIVER_QUEUE, { pollingIntervalSeconds: 1 }, async () => {
      await deliver();
    });
    // the sweep: claims left by a process that died, messages whose nudge was missed
    await b.schedule(DELIVER_QUEUE, "* * * * *");
    // a retry wakes a worker on time, on any instance (one job per second at most)
    onRetry = (at) => {
      const second = Math.ceil(at.getTime() / 1000);
      void b
        .send(DELIVER_QUEUE, {}, { startAfter: new Date(second * 1000), singletonKey: `retry-${second}` })
        .catch((error) => log.error("pg-boss send failed", { reason: error instanceof Error ? error.message : "unknown" }));
    };
    if (options.reminders) {
      await b.createQueue(REMINDERS_JOB, { name: REMINDERS_JOB, policy: "singleton" });
      await b.work(REMINDERS_JOB, async () => {
        await reminders();
      });
      await b.schedule(REMINDERS_JOB, cronEvery(services.config.reminders.intervalMinutes));
    }
    if (options.carrierFeed) {
      await b.createQueue(CARRIER_FEED_JOB, { name: CARRIER_FEED_JOB, policy: "singleton" });
      await b.work(CARRIER_FEED_JOB, async () => {
        await carrierFeed();
      });
      await b.schedule(CARRIER_FEED_JOB, CARRIER_FEED_CRON);
    }
  } else {
    const poll = setInterval(() => void deliver(), options.pollMs ?? 250);
    poll.unref();
    timers.push(poll);
    if (options.reminders) {
      let ticking = false;
      const tick = async () => {
        if (ticking || stopped) return;
        ticking = true;
        try {
          if (await claimScheduledRun(services.db, REMINDERS_JOB, delivery.workerId, services.now(), intervalMs, 30 * 60 * 1000)) {
            try {
              await reminders();
            } finally {
              await finishScheduledRun(services.db, REMINDERS_JOB, delivery.workerId);
            }
          }
        } catch (error) {
          log.error("quote reminder schedule failed", { reason: error instanceof Error ? error.message : "unknown" });
        } finally {
          ticking = false;
        }
      };
      const timer = setInterval(() => void tick(), options.scheduleTickMs ?? Math.min(30_000, intervalMs));
      timer.unref();
      timers.push(timer);
      void tick();
    }
    if (options.carrierFeed) {
      // every process ticks; the schedule row lets one run a day, the run's lease one at a time
      const tick = async () => {
        if (stopped) return;
        try {
          if (await claimScheduledRun(services.db, CARRIER_FEED_JOB, delivery.workerId, services.now(), DAY_MS, 60 * 60 * 1000)) {
            try {
              await carrierFeed();
            } finally {
              await finishScheduledRun(services.db, CARRIER_FEED_JOB, delivery.workerId);
            }
          }
        } catch (error) {
          log.error("carrier feed schedule failed", { reason: error instanceof Error ? error.message : "unknown" });
        }
      };
      const timer = setInterval(() => void tick(), options.scheduleTickMs ?? 60_000);
      timer.unref();
      timers.push(timer);
      void tick();
    }
  }
  // whatever was queued before this process started (or while it was down)
  void deliver();

  return {
    deliverNow: deliver,
    boss,
    async stop() {
      stopped = true;
      delivery.wake = null;
      for (const t of timers) clearInterval(t);
      await pass;
      await boss?.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
