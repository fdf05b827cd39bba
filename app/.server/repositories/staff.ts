/** Group admins and the server-side sessions of verified reps and group admins. */
import type { DB } from "../db/connection";
import type { StaffSession } from "../db/schema";

export function findGroupAdmin(db: DB, id: number) {
  return db.selectFrom("group_admins").selectAll().where("id", "=", id).where("active", "=", 1).executeTakeFirst();
}

/** A group's active admins, by name. */
export function groupAdminsOf(db: DB, groupId: number) {
  return db
    .selectFrom("group_admins")
    .selectAll()
    .where("group_id", "=", groupId)
    .where("active", "=", 1)
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

/** Names of reps and admins by id (for the history page); inactive ones too, their events stay. */
export async function staffNames(db: DB, repIds: number[], adminIds: number[]) {
  const [reps, admins] = await Promise.all([
    repIds.length
      ? db.selectFrom("reps").select(["id", "first_name", "last_name"]).where("id", "in", repIds).execute()
      : Promise.resolve([]),
    adminIds.length
      ? db.selectFrom("group_admins").select(["id", "first_name", "last_name"]).where("id", "in", adminIds).execute()
      : Promise.resolve([]),
  ]);
  return {
    reps: new Map(reps.map((r) => [r.id, `${r.first_name} ${r.last_name}`])),
    admins: new Map(admins.map((a) => [a.id, `${a.first_name} ${a.last_name}`])),
  };
}

export interface NewStaffSession {
  tokenHash: string;
  actorKind: "rep" | "group_admin";
  repId: number | null;
  groupId: number | null;
  adminId: number | null;
  data: string;
  uaHash: string;
  now: Date;
  expiresAt: Date;
}

export async function insertStaffSession(db: DB, s: NewStaffSession) {
  const row = await db
    .insertInto("staff_sessions")
    .values({
      token_hash: s.tokenHash,
      actor_kind: s.actorKind,
      rep_id: s.repId,
      group_id: s.groupId,
      admin_id: s.adminId,
      data: s.data,
      ua_hash: s.uaHash,
      created_at: s.now.toISOString(),
      last_seen_at: s.now.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      ended_at: null,
      end_reason: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function staffSessionByTokenHash(db: DB, tokenHash: string): Promise<StaffSession | undefined> {
  return db.selectFrom("staff_sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/**
 * Marks a live session as used now, in one statement that also checks it is still live (not
 * ended, used within the idle limit, before its absolute limit): false when it is not.
 */
export async function touchStaffSession(db: DB, id: number, now: Date, idleCutoff: Date) {
  const res = await db
    .updateTable("staff_sessions")
    .set({ last_seen_at: now.toISOString() })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .where("last_seen_at", ">", idleCutoff.toISOString())
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Writes the session's data while it is live. */
export async function saveStaffSessionData(db: DB, id: number, data: string) {
  const res = await db.updateTable("staff_sessions").set({ data }).where("id", "=", id).where("ended_at", "is", null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends a live session once: true for the one caller that ended it. */
export async function endStaffSession(db: DB, id: number, now: Date, reason: string) {
  const res = await db
    .updateTable("staff_sessions")
    .set({ ended_at: now.toISOString(), end_reason: reason })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends every live session past its idle or absolute limit; returns those it ended (for the audit trail). */
export async function endLapsedStaffSessions(db: DB, now: Date, idleCutoff: Date) {
  const at = now.toISOString();
  const absolute = await db
    .updateTable("staff_sessions")
    .set({ ended_at: at, end_reason: "absolute" })
    .where("ended_at", "is", null)
    .where("expires_at", "<=", at)
    .returning(["id", "actor_kind", "rep_id", "group_id", "admin_id", "end_reason"])
    .execute();
  const idle = await db
    .updateTable("staff_sessions")
    .set({ ended_at: at, end_reason: "idle" })
    .where("ended_at", "is", null)
    .where("last_seen_at", "<=", idleCutoff.toISOString())
    .returning(["id", "actor_kind", "rep_id", "group_id", "admin_id", "end_reason"])
    .execute();
  return [...absolute, ...idle];
}

/** Ends every live session of a rep, or of a group's admins (the rep or group was deactivated); how many ended. */
export async function endStaffSessionsOf(db: DB, who: { repId: number } | { groupId: number }, now: Date) {
  const res = await db
    .updateTable("staff_sessions")
    .set({ ended_at: now.toISOString(), end_reason: "unknown" })
    .where("ended_at", "is", null)
    .where("repId" in who ? "rep_id" : "group_id", "=", "repId" in who ? who.repId : who.groupId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
