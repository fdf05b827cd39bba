/**
 * Fixed-window counters in the database, so every server instance shares them (wrong codes,
 * quote e-mails, one-time-code failures, resend waits). Keys never hold personal data in
 * clear: callers pass hashed parts.
 *
 * Count first, then evaluate (ADR 007): `takeLimit` reserves one attempt in ONE atomic
 * statement — an upsert that starts a new window when the old one has ended, adds one only
 * while the count is under the maximum, and returns the new count — so however many requests
 * arrive at once, on however many instances, no more than `max` are let through. An attempt
 * that turns out not to count (a right code, a send that could not go) is handed back with
 * `releaseLimit`. Ended windows are pruned now and then.
 */
import { sql } from "kysely";
import type { DB } from "../db/connection";

export interface Limit {
  max: number;
  windowMs: number;
}

export interface LimitState {
  count: number;
  limited: boolean;
  /** when the window ends */
  resetAt: Date;
}

export interface Taken {
  /** the attempt may go ahead (it has been counted) */
  allowed: boolean;
  /** attempts counted in this window, this one included when allowed */
  count: number;
  /** when the window ends */
  resetAt: Date;
  /** the window the attempt was counted in (to hand it back) */
  windowStart: string;
}

/** The longest window any limit may have: rows older than this are pruned. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;
const lastPrune = new WeakMap<DB, number>();

function check(limit: Limit) {
  if (limit.windowMs > MAX_WINDOW_MS || limit.windowMs <= 0)
    throw new Error(`rate limit window ${limit.windowMs} ms: must be within (0, ${MAX_WINDOW_MS}]`);
  if (!Number.isInteger(limit.max) || limit.max < 1) throw new Error(`rate limit max ${limit.max}: must be a positive integer`);
}

/** Deletes counters whose window ended (no limit is longer than MAX_WINDOW_MS). */
export async function pruneLimits(db: DB, now: Date) {
  const res = await db
    .deleteFrom("rate_limits")
    .where("window_start", "<=", new Date(now.getTime() - MAX_WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** At most once a minute per database handle: one delete on a small table (one row per live key). */
async function maybePrune(db: DB, now: Date) {
  const last = lastPrune.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  await pruneLimits(db, now);
}

async function current(db: DB, key: string, limit: Limit, now: Date) {
  const row = await db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  const start = new Date(row.window_start);
  if (now.getTime() - start.getTime() >= limit.windowMs) return null;
  return { count: row.count, start, windowStart: row.window_start };
}

/** Reads the counter without adding to it (to show a wait, or to answer early). */
export async function peekLimit(db: DB, key: string, limit: Limit, now: Date): Promise<LimitState> {
  const c = await current(db, key, limit, now);
  const count = c?.count ?? 0;
  return { count, limited: count >= limit.max, resetAt: new Date((c?.start ?? now).getTime() + limit.windowMs) };
}

/**
 * Counts one attempt if the window has room, in one atomic statement; says whether it may go
 * ahead. Call it BEFORE evaluating the attempt.
 */
export async function takeLimit(db: DB, key: string, limit: Limit, now: Date): Promise<Taken> {
  check(limit);
  await maybePrune(db, now);
  const start = now.toISOString();
  const ended = new Date(now.getTime() - limit.windowMs).toISOString();
  const windowEnded = sql<boolean>`rate_limits.window_start <= ${ended}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          count: sql<number>`case when ${windowEnded} then 1 else rate_limits.count + 1 end`,
          window_start: sql<string>`case when ${windowEnded} then ${start} else rate_limits.window_start end`,
        })
        .where((eb) => eb.or([windowEnded, eb("rate_limits.count", "<", limit.max)])),
    )
    .returning(["count", "window_start"])
    .executeTakeFirst();
  if (row)
    return {
      allowed: true,
      count: row.count,
      windowStart: row.window_start,
      resetAt: new Date(new Date(row.window_start).getTime() + limit.windowMs),
    };
  // the window is full: nothing was written
  const c = await current(db, key, limit, now);
  return {
    allowed: false,
    count: c?.count ?? limit.max,
    windowStart: c?.windowStart ?? start,
    resetAt: new Date((c?.start ?? now).getTime() + limit.windowMs),
  };
}

/** Hands back an attempt `takeLimit` counted that turned out not to count (same window only). */
export async function releaseLimit(db: DB, key: string, taken: Taken) {
  if (!taken.allowed) return;
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("window_start", "=", taken.windowStart)
    .where("count", ">", 0)
    .execute();
}

/**
 * Counts one event that has already happened, whatever the count (atomic too); says whether the
 * limit is now reached. For attempts, use takeLimit: it counts before evaluating.
 */
export async function hitLimit(db: DB, key: string, limit: Limit, now: Date): Promise<LimitState> {
  check(limit);
  const start = now.toISOString();
  const windowEnded = sql<boolean>`rate_limits.window_start <= ${new Date(now.getTime() - limit.windowMs).toISOString()}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when ${windowEnded} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when ${windowEnded} then ${start} else rate_limits.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: row.count, limited: row.count >= limit.max, resetAt: new Date(new Date(row.window_start).getTime() + limit.windowMs) };
}

export async function clearLimit(db: DB, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
