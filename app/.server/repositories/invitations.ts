/**
 * Issue 28: employees' invitations (only keyed hashes of their tokens), waivers, the notices sent
 * (each once: a unique key) and what the progress page reads in a few queries.
 */
import type { DB } from "../db/connection";

export async function insertInvitation(
  db: DB,
  v: { group_id: number; employee_id: number; token_hash: string; expires_at: string; sent_by: string },
  at: Date,
) {
  await db
    .insertInto("employee_invitations")
    .values({ ...v, created_at: at.toISOString() })
    .execute();
  await db.updateTable("group_employees").set({ invited_at: at.toISOString() }).where("id", "=", v.employee_id).execute();
}

/** The invitation with one of these hashes (any key), expired or not. */
export function findInvitation(db: DB, hashes: string[]) {
  return db.selectFrom("employee_invitations").selectAll().where("token_hash", "in", hashes).executeTakeFirst();
}

/**
 * Links the roster row to a new enrollment only if it still points where it did when the link was
 * read (two Start presses at once: one wins, in one statement); true when it did.
 */
export async function linkEmployeeEnrollmentIf(
  db: DB,
  employeeId: number,
  expected: number | null,
  enrollmentId: number,
  emailHash: string | null,
) {
  let q = db
    .updateTable("group_employees")
    .set({ enrollment_id: enrollmentId, enrollment_email_hash: emailHash })
    .where("id", "=", employeeId);
  q = expected === null ? q.where("enrollment_id", "is", null) : q.where("enrollment_id", "=", expected);
  const done = await q.executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The roster row whose invitation started this enrollment. */
export function employeeOfEnrollment(db: DB, enrollmentId: number) {
  return db.selectFrom("group_employees").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

/** The waiver standing for an employee (not reversed), if any. */
export function standingWaiver(db: DB, employeeId: number) {
  return db
    .selectFrom("employee_waivers")
    .selectAll()
    .where("employee_id", "=", employeeId)
    .where("reversed_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function insertWaiver(
  db: DB,
  v: { group_id: number; employee_id: number; reason: string; other_text: string | null; waived_by: string; holder_hash: string | null },
  at: Date,
) {
  await db
    .insertInto("employee_waivers")
    .values({ ...v, waived_at: at.toISOString(), reversed_at: null, reversed_by: null })
    .execute();
}

/** Reverses the standing waiver; false when there was none (another request reversed it). */
export async function reverseWaiver(db: DB, employeeId: number, by: string, at: Date) {
  const res = await db
    .updateTable("employee_waivers")
    .set({ reversed_at: at.toISOString(), reversed_by: by })
    .where("employee_id", "=", employeeId)
    .where("reversed_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Records a notice as sent, once: false when its key was already taken (another run sent it). */
export async function claimNotice(db: DB, v: { notice_key: string; group_id: number; employee_id: number | null; kind: string }, at: Date) {
  const row = await db
    .insertInto("employer_notices")
    .values({ ...v, created_at: at.toISOString() })
    .onConflict((oc) => oc.column("notice_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Takes the group's "Remind now" if its cooldown has passed (atomic): false otherwise. */
export async function claimRemindNow(db: DB, groupId: number, now: Date, cooldownMs: number) {
  await db
    .insertInto("employer_settings")
    .values({ group_id: groupId, coverage_end_rule: "end_of_month", new_hire_days: 30, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("group_id").doNothing())
    .execute();
  const cutoff = new Date(now.getTime() - cooldownMs).toISOString();
  const res = await db
    .updateTable("employer_settings")
    .set({ reminded_at: now.toISOString() })
    .where("group_id", "=", groupId)
    .where((eb) => eb.or([eb("reminded_at", "is", null), eb("reminded_at", "<=", cutoff)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Each employee with their linked enrollment's status and standing waiver. */
export function progressRows(db: DB, groupId: number) {
  return db
    .selectFrom("group_employees as e")
    .leftJoin("enrollments as en", "en.id", "e.enrollment_id")
    .leftJoin("employee_waivers as w", (j) => j.onRef("w.employee_id", "=", "e.id").on("w.reversed_at", "is", null))
    .select([
      "e.id",
      "e.employee_ref",
      "e.first_name",
      "e.last_name",
      "e.email",
      "e.hire_date",
      "e.status",
      "e.locale",
      "e.member_id",
      "e.enrollment_id",
      "e.invited_at",
      "e.termination_date",
      "e.coverage_end_date",
      "en.status as enrollment_status",
      "w.reason as waiver_reason",
      "w.other_text as waiver_text",
      "w.waived_by",
      "w.waived_at",
    ])
    .where("e.group_id", "=", groupId)
    .orderBy("e.last_name")
    .orderBy("e.first_name")
    .orderBy("e.id")
    .execute();
}
export type ProgressRow = Awaited<ReturnType<typeof progressRows>>[number];

/** The plans of these members (with their policy's effective date), in the page's language. */
export async function plansOfMembers(db: DB, memberIds: number[], locale: string) {
  if (!memberIds.length) return [];
  return db
    .selectFrom("policy_plans as pp")
    .innerJoin("policies as p", "p.id", "pp.policy_id")
    .leftJoin("plan_texts as t", (j) => j.onRef("t.plan_id", "=", "pp.plan_id").on("t.locale", "=", locale))
    .select(["p.member_id", "pp.plan_id", "pp.status", "p.effective_date", "t.name"])
    .where("p.member_id", "in", memberIds)
    .orderBy("pp.id")
    .execute();
}

/** The group's active admins (the summary's recipients). */
export function activeAdmins(db: DB, groupId: number) {
  return db
    .selectFrom("group_admins")
    .select(["id", "email", "first_name"])
    .where("group_id", "=", groupId)
    .where("active", "=", 1)
    .execute();
}

/** Every group's settings (the reminders: open enrollment and new hires). */
export function allEmployerSettings(db: DB) {
  return db.selectFrom("employer_settings").selectAll().orderBy("group_id").execute();
}

/** Whether the group has an employee hired on or after this day (someone may be in a new-hire window). */
export async function hiredSince(db: DB, groupId: number, since: string) {
  const row = await db
    .selectFrom("group_employees")
    .select("id")
    .where("group_id", "=", groupId)
    .where("hire_date", ">=", since)
    .where("status", "!=", "terminated")
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Ends an employee's live links (the e-mail address changed, they were terminated): the number ended. */
export async function revokeInvitations(db: DB, employeeId: number, reason: "email" | "terminated", at: Date) {
  const res = await db
    .updateTable("employee_invitations")
    .set({ revoked_at: at.toISOString(), revoked_reason: reason })
    .where("employee_id", "=", employeeId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Takes an employee's place in this invitation round (atomic, the first statement of the sender's
 * transaction): false when they were invited within the cooldown, have no e-mail or are terminated.
 */
export async function claimInvite(db: DB, groupId: number, employeeId: number, now: Date, cooldownMs: number) {
  const cutoff = new Date(now.getTime() - cooldownMs).toISOString();
  const res = await db
    .updateTable("group_employees")
    .set({ invited_at: now.toISOString() })
    .where("group_id", "=", groupId)
    .where("id", "=", employeeId)
    .where("status", "!=", "terminated")
    .where("email", "is not", null)
    .where("email", "!=", "")
    .where((eb) => eb.or([eb("invited_at", "is", null), eb("invited_at", "<=", cutoff)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Remembers the browser that made a waiver from its invitation link (a keyed hash of its hold token). */
export async function setWaiverHolder(db: DB, employeeId: number, holderHash: string) {
  await db
    .updateTable("employee_waivers")
    .set({ holder_hash: holderHash })
    .where("employee_id", "=", employeeId)
    .where("reversed_at", "is", null)
    .execute();
}
