/** Temporary enrollments: created by a quote, carried through the cart and the wizard. */
import type { Insertable, Selectable } from "kysely";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import { jsonArrayFrom as jsonArrayFor, parsedJsonArray } from "../db/json-arrays";
import { precompiledRows } from "../db/precompiled";
import { referenceData } from "./reference-data";
import type { CartLineTable, Enrollment, EnrollmentStepTable, EnrollmentTable, EnrollmentUpdate } from "../db/schema";

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

export type CartLine = Selectable<CartLineTable>;
export type StepRow = Selectable<EnrollmentStepTable>;

/**
 * An enrollment with its cart lines (in order) and its saved steps, in one statement: what every
 * page of a visitor with an enrollment reads (the cart badge, the wizard's state, the step).
 */
export async function findEnrollmentWithRows(
  db: DB,
  dialect: Dialect,
  id: number,
): Promise<{ enrollment: Enrollment; lines: CartLine[]; steps: StepRow[] } | undefined> {
  const jsonArrayFrom = jsonArrayFor(dialect);
  // built and compiled once (db/precompiled.ts): every page of a visitor with an enrollment runs it
  const [row] = await precompiledRows(db, dialect, "findEnrollmentWithRows", [id], ([id]) =>
    db
      .selectFrom("enrollments")
      .selectAll("enrollments")
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom("cart_lines")
            .select([
              "cart_lines.id",
              "cart_lines.enrollment_id",
              "cart_lines.plan_id",
              "cart_lines.plan_price_id",
              "cart_lines.price_cents",
              "cart_lines.removable",
              "cart_lines.paired_line_id",
              "cart_lines.added_at",
            ])
            .whereRef("cart_lines.enrollment_id", "=", "enrollments.id")
            .orderBy("cart_lines.id"),
        ).as("__lines"),
        jsonArrayFrom(
          eb
            .selectFrom("enrollment_steps")
            .select([
              "enrollment_steps.enrollment_id",
              "enrollment_steps.tab_name",
              "enrollment_steps.data",
              "enrollment_steps.secret_enc",
              "enrollment_steps.completed_at",
              "enrollment_steps.updated_at",
              "enrollment_steps.draft_enc",
            ])
            .whereRef("enrollment_steps.enrollment_id", "=", "enrollments.id"),
        ).as("__steps"),
      ])
      .where("enrollments.id", "=", id as number),
  );
  if (!row) return undefined;
  const { __lines, __steps, ...enrollment } = row;
  return { enrollment: enrollment as Enrollment, lines: parsedJsonArray<CartLine>(__lines), steps: parsedJsonArray<StepRow>(__steps) };
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
