/**
 * Scheduled jobs that one process runs, not every instance (SQLite; pg-boss schedules them on
 * PostgreSQL). A job's row says when it is next due and who holds it: taking a run is ONE atomic
 * UPDATE that moves next_run_at on and takes the lease only if the job is due and nobody holds an
 * unexpired lease — of several processes ticking at once exactly one gets it.
 */
import type { DB } from "../db/connection";

/** Takes this run of `name` for `holder`, if it is due; true: run it now, then finishScheduledRun. */
export async function claimScheduledRun(db: DB, name: string, holder: string, now: Date, everyMs: number, leaseMs: number) {
  const at = now.toISOString();
  await db
    .insertInto("job_schedule")
    .values({ name, next_run_at: at, holder: null, lease_until: null, last_run_at: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const res = await db
    .updateTable("job_schedule")
    .set({
      holder,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      next_run_at: new Date(now.getTime() + everyMs).toISOString(),
      last_run_at: at,
    })
    .where("name", "=", name)
    .where("next_run_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The run is over: the lease is given back (the next run waits for next_run_at). */
export async function finishScheduledRun(db: DB, name: string, holder: string) {
  await db
    .updateTable("job_schedule")
    .set({ holder: null, lease_until: null })
    .where("name", "=", name)
    .where("holder", "=", holder)
    .execute();
}
