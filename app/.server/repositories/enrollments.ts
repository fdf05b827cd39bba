/** Temporary enrollments: created by a quote, carried through the cart and the wizard. */
import type { Insertable } from "kysely";
import type { DB } from "../db/connection";
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

export function wizardTabRows(db: DB) {
  return db.selectFrom("wizard_tabs").select(["plan_id", "enroll_type", "tab_name", "required", "sort_order"]).execute();
}
