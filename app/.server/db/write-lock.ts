/**
 * A transaction that checks before it writes something no constraint covers (a landing slug is
 * unique across reps and groups, two tables) must not run beside another such transaction:
 * PostgreSQL's READ COMMITTED lets both read "free" and both write. PostgreSQL: an advisory lock
 * held until the transaction ends, one key per kind of check. SQLite: the database's write lock
 * taken first, before any read (a transaction that reads first may meet another writer, ADR 007).
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** pg_advisory_xact_lock's keys (any fixed numbers of our own). */
export const WRITE_LOCKS = {
  /** installDeclaredTabs (db/declared-tabs.ts) */
  declaredTabs: 250_025,
  /** the console's reps and groups: codes, and landing slugs across both */
  landingNames: 250_037,
} as const;

/** Waits for the lock of `key` (PostgreSQL) or takes SQLite's write lock with a no-op write to `table`. */
export async function takeWriteLock(
  trx: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  key: keyof typeof WRITE_LOCKS,
  table: "wizard_tabs" | "groups",
) {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${WRITE_LOCKS[key]})`.execute(trx);
  else await sql`update ${sql.table(table)} set id = id where 0 = 1`.execute(trx);
}
