/** Unguessable link tokens (cart links, resume links, direct-continue links): only hashes are kept. */
import type { DB } from "../db/connection";

export async function insertLinkToken(
  db: DB,
  values: { tokenHash: string; purpose: string; enrollmentId: number; tabName?: string | null; expiresAt: Date; now: Date },
) {
  await db
    .insertInto("link_tokens")
    .values({
      token_hash: values.tokenHash,
      purpose: values.purpose,
      enrollment_id: values.enrollmentId,
      tab_name: values.tabName ?? null,
      expires_at: values.expiresAt.toISOString(),
      created_at: values.now.toISOString(),
      used_at: null,
    })
    .execute();
}

/** A token that exists for this purpose and has not expired (used or not: `used_at` says). */
export function findLinkToken(db: DB, tokenHash: string, purpose: string, now: Date) {
  return db
    .selectFrom("link_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

export async function markLinkTokenUsed(db: DB, id: number, now: Date) {
  await db.updateTable("link_tokens").set({ used_at: now.toISOString() }).where("id", "=", id).execute();
}

/**
 * Uses a live link up, in one statement: true only for the one request that did (two presses of
 * the same link at once cannot both open it).
 */
export async function claimLinkToken(db: DB, id: number, now: Date) {
  const done = await db
    .updateTable("link_tokens")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Uses up every unused link of one purpose for an enrollment (they say "no longer opens" rather than 404). */
export async function markLinkTokensUsed(db: DB, enrollmentId: number, purpose: string, now: Date) {
  await db
    .updateTable("link_tokens")
    .set({ used_at: now.toISOString() })
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/** Ends the live links of one purpose for an enrollment (a new link replaces them). */
export async function expireLinkTokens(db: DB, enrollmentId: number, purpose: string, now: Date) {
  await db
    .updateTable("link_tokens")
    .set({ expires_at: now.toISOString() })
    .where("enrollment_id", "=", enrollmentId)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .execute();
}

/**
 * Ends one link that is still unused, in one statement (too many wrong answers on a signature
 * link): `used_at` is set although nothing was used — the page tells it from a signed one by the
 * policy, still awaiting. True for the one request that ended it.
 */
/**
 * Takes one of a live link's tries before an answer to its question is compared, in one atomic
 * statement (ADR 007): the new number of tries, or null when none is left (or the link is used or
 * expired). Counted for the link's whole life.
 */
export async function takeLinkTry(db: DB, id: number, maxTries: number, now: Date) {
  const row = await db
    .updateTable("link_tokens")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("attempts", "<", maxTries)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .returning("attempts")
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Hands back a try that was taken but not used to compare (or was a right answer). */
export async function releaseLinkTry(db: DB, id: number) {
  await db
    .updateTable("link_tokens")
    .set((eb) => ({ attempts: eb("attempts", "-", 1) }))
    .where("id", "=", id)
    .where("attempts", ">", 0)
    .execute();
}

export async function endLinkToken(db: DB, id: number, now: Date) {
  const done = await db
    .updateTable("link_tokens")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
