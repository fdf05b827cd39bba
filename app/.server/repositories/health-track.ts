/**
 * The enrollment's health_track marker (enrollment-wizard §4 "Health questions"): set once an
 * existing member's earlier health answers have been looked up, so they are copied at most once.
 */
import type { DB } from "../db/connection";

/**
 * Sets health_track = 1 when it is still 0. True only for the one caller that flipped it, so
 * two pages loading at the same moment never both copy the earlier answers.
 */
export async function claimHealthTrack(db: DB, enrollmentId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("enrollments")
    .set({ health_track: 1, updated_at: now.toISOString() })
    .where("id", "=", enrollmentId)
    .where("health_track", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
