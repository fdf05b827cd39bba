/** One-time codes: only hashes are stored; a newer code for the same purpose retires the older. */
import type { DB } from "../db/connection";

/** In the caller's transaction if there is one (the code and its message commit together), else in its own. */
export async function insertCode(
  db: DB,
  values: { enrollmentId: number | null; purpose: string; targetHash: string; codeHash: string; expiresAt: Date; now: Date },
) {
  const run = (work: (trx: DB) => Promise<number>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return run(async (trx) => {
    let q = trx
      .updateTable("one_time_codes")
      .set({ invalidated_at: values.now.toISOString() })
      .where("purpose", "=", values.purpose)
      .where("used_at", "is", null)
      .where("invalidated_at", "is", null);
    q = values.enrollmentId === null ? q.where("enrollment_id", "is", null) : q.where("enrollment_id", "=", values.enrollmentId);
    await q.execute();
    const row = await trx
      .insertInto("one_time_codes")
      .values({
        enrollment_id: values.enrollmentId,
        purpose: values.purpose,
        target_hash: values.targetHash,
        code_hash: values.codeHash,
        attempts: 0,
        expires_at: values.expiresAt.toISOString(),
        created_at: values.now.toISOString(),
        used_at: null,
        invalidated_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** The newest code of a purpose for an enrollment (used or not), to know when it was sent. */
export function latestCode(db: DB, enrollmentId: number, purpose: string) {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The newest code of a purpose sent to one target (an address, a number), to know when it was sent. */
export function latestCodeTo(db: DB, enrollmentId: number, purpose: string, targetHash: string) {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .where("target_hash", "=", targetHash)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function codeById(db: DB, id: number) {
  return db.selectFrom("one_time_codes").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Takes one of a live code's tries before the typed code is compared, in one atomic statement:
 * the new number of tries, or null when none is left (or the code is used, retired, expired).
 */
export async function takeCodeTry(db: DB, id: number, maxTries: number, now: Date) {
  const row = await db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", maxTries)
    .where("used_at", "is", null)
    .where("invalidated_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("attempts")
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Hands back a try that was taken but not used to compare a code. */
export async function releaseCodeTry(db: DB, id: number) {
  await db
    .updateTable("one_time_codes")
    .set((eb) => ({ attempts: eb("attempts", "-", 1) }))
    .where("id", "=", id)
    .where("attempts", ">", 0)
    .execute();
}

/** Uses a code once: true for the one caller that marked it (single use under concurrency). */
export async function markCodeUsed(db: DB, id: number, now: Date) {
  const res = await db
    .updateTable("one_time_codes")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("invalidated_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function invalidateCode(db: DB, id: number, now: Date) {
  await db.updateTable("one_time_codes").set({ invalidated_at: now.toISOString() }).where("id", "=", id).execute();
}

/** A live code by its hash (resume codes are found by code and e-mail, not by enrollment). */
/**
 * A code of a purpose sent to one target, not expired — used, retired or live (`used_at` and
 * `invalidated_at` say), so that a used code can be told from a wrong one.
 */
export function unexpiredCodeByHash(db: DB, purpose: string, codeHash: string, targetHash: string, now: Date) {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("purpose", "=", purpose)
    .where("code_hash", "=", codeHash)
    .where("target_hash", "=", targetHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/** Uses a live code up, in one statement: true only for the one request that did. */
export async function claimCode(db: DB, id: number, now: Date) {
  const done = await db
    .updateTable("one_time_codes")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("invalidated_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Retires every live code of a purpose for an enrollment. */
export async function retireCodes(db: DB, enrollmentId: number, purpose: string, now: Date) {
  await db
    .updateTable("one_time_codes")
    .set({ invalidated_at: now.toISOString() })
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("invalidated_at", "is", null)
    .execute();
}

/** The newest code of a purpose that belongs to no enrollment (a rep's or group admin's sign-in). */
export function latestCodeFor(db: DB, purpose: string) {
  return db
    .selectFrom("one_time_codes")
    .selectAll()
    .where("enrollment_id", "is", null)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The target hashes of an enrollment's used codes of a purpose (the addresses or numbers it confirmed). */
export async function usedCodeTargets(db: DB, enrollmentId: number, purpose: string) {
  const rows = await db
    .selectFrom("one_time_codes")
    .select("target_hash")
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .where("used_at", "is not", null)
    .execute();
  return rows.map((r) => r.target_hash);
}
