/**
 * Fixed-window counters in the database, so every server instance shares them (wrong codes,
 * quote e-mails, one-time-code failures). Keys never hold personal data in clear: callers
 * pass hashed parts.
 */
import type { DB } from "./db/connection";

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

async function current(db: DB, key: string, limit: Limit, now: Date) {
  const row = await db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  const start = new Date(row.window_start);
  if (now.getTime() - start.getTime() >= limit.windowMs) return null;
  return { count: row.count, start };
}

/** Reads the counter without adding to it. */
export async function peekLimit(db: DB, key: string, limit: Limit, now: Date): Promise<LimitState> {
  const c = await current(db, key, limit, now);
  const count = c?.count ?? 0;
  return { count, limited: count >= limit.max, resetAt: new Date((c?.start ?? now).getTime() + limit.windowMs) };
}

/** Counts one event (a failure, a send) and says whether the limit is now reached. */
export async function hitLimit(db: DB, key: string, limit: Limit, now: Date): Promise<LimitState> {
  return db.transaction().execute(async (trx) => {
    const c = await current(trx, key, limit, now);
    if (!c) {
      await trx
        .insertInto("rate_limits")
        .values({ key, window_start: now.toISOString(), count: 1 })
        .onConflict((oc) => oc.column("key").doUpdateSet({ window_start: now.toISOString(), count: 1 }))
        .execute();
      return { count: 1, limited: 1 >= limit.max, resetAt: new Date(now.getTime() + limit.windowMs) };
    }
    await trx
      .updateTable("rate_limits")
      .set((eb) => ({ count: eb("count", "+", 1) }))
      .where("key", "=", key)
      .execute();
    const count = c.count + 1;
    return { count, limited: count >= limit.max, resetAt: new Date(c.start.getTime() + limit.windowMs) };
  });
}

export async function clearLimit(db: DB, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
