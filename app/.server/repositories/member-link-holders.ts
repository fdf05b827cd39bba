/** Which browser holds a member benefit store link (ADR 033): keyed hashes of the link and of the browser only. */
import type { DB } from "../db/connection";

/** The link's row under any of its hashes (one per configured key), if a browser holds it. */
export function findLinkHolder(db: DB, linkHashes: string[]) {
  return db.selectFrom("member_link_holders").selectAll().where("link_hash", "in", linkHashes).executeTakeFirst();
}

/** Makes this browser the link's first holder, in one statement: false when another request was first. */
export async function claimLinkHolder(
  db: DB,
  values: { linkHash: string; memberId: number; holderHash: string; expiresAt: Date; now: Date },
) {
  const row = await db
    .insertInto("member_link_holders")
    .values({
      link_hash: values.linkHash,
      member_id: values.memberId,
      holder_hash: values.holderHash,
      expires_at: values.expiresAt.toISOString(),
      created_at: values.now.toISOString(),
      updated_at: values.now.toISOString(),
    })
    .onConflict((oc) => oc.column("link_hash").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Another browser proved it is the member's (the e-mailed code): it becomes the link's only holder. */
export async function moveLinkHolder(db: DB, id: number, holderHash: string, now: Date) {
  await db
    .updateTable("member_link_holders")
    .set({ holder_hash: holderHash, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Where a member's link code goes and in which language: their e-mail on file, the language of their last enrollment. */
export function memberCodeContact(db: DB, memberId: number) {
  return db
    .selectFrom("members")
    .leftJoin("enrollments", "enrollments.id", "members.last_enrollment_id")
    .select(["members.id", "members.first_name", "members.email", "enrollments.locale"])
    .where("members.id", "=", memberId)
    .executeTakeFirst();
}

/**
 * Ends every live Save & Continue Later code and direct link of a member's unfinished enrollments
 * (shopping, checked out) but `keepId` (ADR 033 addendum). Writes only: it may open a transaction.
 */
export async function retireMemberResumeMail(db: DB, memberId: number, keepId: number | null, now: Date) {
  const unfinished = db
    .selectFrom("enrollments")
    .select("id")
    .where("member_id", "=", memberId)
    .where("status", "in", ["shopping", "checked_out"])
    .$if(keepId !== null, (q) => q.where("id", "!=", keepId!));
  await db
    .updateTable("one_time_codes")
    .set({ invalidated_at: now.toISOString() })
    .where("enrollment_id", "in", unfinished)
    .where("purpose", "=", "resume")
    .where("used_at", "is", null)
    .where("invalidated_at", "is", null)
    .execute();
  await db
    .updateTable("link_tokens")
    .set({ used_at: now.toISOString() })
    .where("enrollment_id", "in", unfinished)
    .where("purpose", "=", "direct_continue")
    .where("used_at", "is", null)
    .execute();
}

/**
 * Lets go of the member's unfinished self-service enrollments (the member link's, `eprocess`
 * applicant) but `keepId`: each gets a new holder no browser has, so a session that resumed one
 * (by a resume e-mail sent before the code) drops it, and the member with it, on its next read.
 */
export async function releaseMemberEnrollments(db: DB, memberId: number, keepId: number | null, holder: string, now: Date) {
  await db
    .updateTable("enrollments")
    .set({ holder, updated_at: now.toISOString() })
    .where("member_id", "=", memberId)
    .where("eprocess", "=", "applicant")
    .where("status", "in", ["shopping", "checked_out"])
    .$if(keepId !== null, (q) => q.where("id", "!=", keepId!))
    .execute();
}
