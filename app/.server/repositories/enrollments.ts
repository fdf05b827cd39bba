/** Temporary enrollments: created by a quote, carried through the cart and the wizard. */
import type { Insertable } from "kysely";
import type { DB } from "../db/connection";
import { referenceData } from "./reference-data";
import type { EnrollmentTable, EnrollmentUpdate } from "../db/schema";

export type NewEnrollment = Omit<Insertable<EnrollmentTable>, "created_at" | "updated_at" | "status">;

export async function createEnrollment(db: DB, values: NewEnrollment, now: Date) {
  const at = now.toISOString();
  const row = await db
    .insertInto("enrollments")
    .values({ ...values, status: "shopping", created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findEnrollment(db: DB, id: number) {
  return db.selectFrom("enrollments").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateEnrollment(db: DB, id: number, values: EnrollmentUpdate, now: Date) {
  await db
    .updateTable("enrollments")
    .set({ ...values, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** The wizard's dynamic tabs (reference data, held in memory). */
export async function wizardTabRows(db: DB) {
  return (await referenceData(db)).wizardTabs;
}

/**
 * The newest enrollment of each of these members that belongs to the scope (a rep's: agent_id;
 * a group's: group_id), for the link to its history. Cancelled ones are left out.
 */
export async function latestEnrollmentsOfMembers(db: DB, memberIds: number[], scope: { repId?: number; groupId?: number }) {
  if (!memberIds.length || (!scope.repId && !scope.groupId)) return new Map<number, number>();
  let q = db
    .selectFrom("enrollments")
    .select(["member_id", (eb) => eb.fn.max("id").as("id")])
    .where("member_id", "in", memberIds)
    .where("status", "!=", "cancelled");
  q = scope.repId ? q.where("agent_id", "=", scope.repId) : q.where("group_id", "=", scope.groupId!);
  const rows = await q.groupBy("member_id").execute();
  return new Map(rows.filter((r) => r.member_id !== null).map((r) => [r.member_id!, Number(r.id)]));
}
