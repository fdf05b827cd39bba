/**
 * An enrollment's dependents. Every statement is scoped by enrollment_id: an id from another
 * enrollment matches nothing. Writes that check the list first (the count rules) run in a
 * transaction that touches the enrollment row before reading, so two saves of the same
 * enrollment queue behind each other (a row lock in PostgreSQL, the write lock in SQLite).
 * The SSN, the disability condition and the health answers travel sealed (`*_enc`); this
 * module never decrypts, and never hands the sealed SSN out (only its last four digits).
 * A spouse "held" after No to the spouse question is kept aside: lists leave it out.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/connection";
import type { Database } from "../db/schema";
import { refusableTransaction } from "./refusable";

/** What the server may read of a dependent: everything but the sealed SSN. */
export const DEPENDENT_COLUMNS = [
  "id",
  "position",
  "relationship",
  "first_name",
  "middle_name",
  "last_name",
  "birthdate",
  "gender",
  "ssn_last4",
  "weight",
  "height_feet",
  "height_inch",
  "is_legally_disabled",
  "disability_condition_enc",
  "health_enc",
  "held",
] as const;

export interface DependentRow {
  id: number;
  position: number;
  relationship: "spouse" | "child";
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  gender: number;
  ssn_last4: string | null;
  weight: number | null;
  height_feet: number | null;
  height_inch: number | null;
  is_legally_disabled: number;
  disability_condition_enc: string | null;
  health_enc: string | null;
  held: number;
}

/** What a save writes (the relationship only on insert: an edit keeps it). */
export interface DependentValues {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  gender: number;
  weight: number | null;
  height_feet: number | null;
  height_inch: number | null;
  is_legally_disabled: number;
  disability_condition_enc: string | null;
  health_enc: string | null;
}

/** A sealed SSN and its last four; `undefined` on update keeps the one on file. */
export interface SealedSsn {
  ssn_enc: string;
  ssn_last4: string;
}

/** Given the active list (without the one being edited), why not; null to go ahead. */
export type Refuse<R> = (others: DependentRow[]) => R | null;

type Conn = DB | Transaction<Database>;

function listIn(db: Conn, enrollmentId: number, held: 0 | 1 | "all" = 0): Promise<DependentRow[]> {
  let q = db.selectFrom("dependents").select(DEPENDENT_COLUMNS).where("enrollment_id", "=", enrollmentId);
  if (held !== "all") q = q.where("held", "=", held);
  return q.orderBy("position").orderBy("id").execute() as Promise<DependentRow[]>;
}

async function lockEnrollment(trx: Transaction<Database>, enrollmentId: number, now: Date) {
  const res = await trx.updateTable("enrollments").set({ updated_at: now.toISOString() }).where("id", "=", enrollmentId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

async function nextPosition(trx: Transaction<Database>, enrollmentId: number) {
  const row = await trx
    .selectFrom("dependents")
    .select((eb) => eb.fn.max("position").as("p"))
    .where("enrollment_id", "=", enrollmentId)
    .executeTakeFirst();
  return Number(row?.p ?? 0) + 1;
}

/** The active dependents, in order (a held spouse is left out). */
export function listDependents(db: DB, enrollmentId: number) {
  return listIn(db, enrollmentId, 0);
}

/** Every sealed SSN among this enrollment's dependents, held ones too (for the uniqueness check). */
export function dependentSealedSsns(db: DB, enrollmentId: number) {
  return db
    .selectFrom("dependents")
    .select(["id", "ssn_enc", "ssn_last4"])
    .where("enrollment_id", "=", enrollmentId)
    .where("ssn_enc", "is not", null)
    .execute();
}

/** Dependents held aside after No to the spouse question. */
export function listHeldDependents(db: DB, enrollmentId: number) {
  return listIn(db, enrollmentId, 1);
}

/** Appends a dependent unless `refuse` (given the active list) says why not. */
export async function insertDependent<R>(
  db: DB,
  enrollmentId: number,
  relationship: "spouse" | "child",
  values: DependentValues,
  ssn: SealedSsn | null,
  refuse: Refuse<R>,
  now: Date,
) {
  return refusableTransaction<{ ok: true; id: number } | { ok: false; refusal: R | "not-found" }>(db, async (trx, refused) => {
    if (!(await lockEnrollment(trx, enrollmentId, now))) refused({ ok: false, refusal: "not-found" });
    const refusal = refuse(await listIn(trx, enrollmentId));
    if (refusal !== null) refused({ ok: false, refusal });
    const position = await nextPosition(trx, enrollmentId);
    const row = await trx
      .insertInto("dependents")
      .values({
        enrollment_id: enrollmentId,
        position,
        relationship,
        ...values,
        ssn_enc: ssn?.ssn_enc ?? null,
        ssn_last4: ssn?.ssn_last4 ?? null,
        held: 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  });
}

/** Replaces one active dependent of this enrollment (its relationship stays); `refuse` sees the others. */
export async function updateDependent<R>(
  db: DB,
  enrollmentId: number,
  id: number,
  values: DependentValues,
  ssn: SealedSsn | undefined,
  refuse: Refuse<R>,
  now: Date,
) {
  return refusableTransaction<{ ok: true } | { ok: false; refusal: R | "not-found" }>(db, async (trx, refused) => {
    if (!(await lockEnrollment(trx, enrollmentId, now))) refused({ ok: false, refusal: "not-found" });
    const current = await listIn(trx, enrollmentId);
    if (!current.some((d) => d.id === id)) refused({ ok: false, refusal: "not-found" });
    const refusal = refuse(current.filter((d) => d.id !== id));
    if (refusal !== null) refused({ ok: false, refusal });
    await trx
      .updateTable("dependents")
      .set({ ...values, ...(ssn ? { ssn_enc: ssn.ssn_enc, ssn_last4: ssn.ssn_last4 } : {}) })
      .where("enrollment_id", "=", enrollmentId)
      .where("id", "=", id)
      .where("held", "=", 0)
      .execute();
    return { ok: true };
  });
}

/**
 * Removes one active dependent of this enrollment. Returns what was removed and the list that
 * remains, or null when the id is not one of its own.
 */
export async function deleteDependent(db: DB, enrollmentId: number, id: number, now: Date) {
  return refusableTransaction<{ removed: { id: number; relationship: "spouse" | "child" }; remaining: DependentRow[] } | null>(
    db,
    async (trx, refused) => {
      if (!(await lockEnrollment(trx, enrollmentId, now))) refused(null);
      const gone = await trx
        .deleteFrom("dependents")
        .where("enrollment_id", "=", enrollmentId)
        .where("id", "=", id)
        .where("held", "=", 0)
        .returning(["id", "relationship"])
        .executeTakeFirst();
      if (!gone) return refused(null);
      return { removed: gone as { id: number; relationship: "spouse" | "child" }, remaining: await listIn(trx, enrollmentId) };
    },
  );
}

/** Every dependent of this enrollment, held ones too (tier IO at completion). Returns how many. */
export async function deleteAllDependents(db: DB, enrollmentId: number) {
  const res = await db.deleteFrom("dependents").where("enrollment_id", "=", enrollmentId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The stored answer to "Will you be Enrolling your spouse?" (1 Yes, 0 No, null not asked yet). */
export async function setSpouseEnrollAccept(db: DB, enrollmentId: number, value: 0 | 1 | null, now: Date) {
  await db
    .updateTable("enrollments")
    .set({ spouse_enroll_accept: value, updated_at: now.toISOString() })
    .where("id", "=", enrollmentId)
    .execute();
}

/**
 * Answers the spouse question in one transaction. No holds every active spouse aside; Yes
 * brings the first held spouse back when `refuseRestore` (given the active list) allows it.
 * Returns how many dependents were held or restored.
 */
export async function answerSpouseQuestion<R>(db: DB, enrollmentId: number, answer: 0 | 1, refuseRestore: Refuse<R>, now: Date) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockEnrollment(trx, enrollmentId, now))) return { held: 0, restored: 0 };
    await trx.updateTable("enrollments").set({ spouse_enroll_accept: answer }).where("id", "=", enrollmentId).execute();
    if (answer === 0) {
      const res = await trx
        .updateTable("dependents")
        .set({ held: 1 })
        .where("enrollment_id", "=", enrollmentId)
        .where("relationship", "=", "spouse")
        .where("held", "=", 0)
        .executeTakeFirst();
      return { held: Number(res.numUpdatedRows), restored: 0 };
    }
    const [spouse] = (await listIn(trx, enrollmentId, 1)).filter((d) => d.relationship === "spouse");
    if (!spouse || refuseRestore(await listIn(trx, enrollmentId)) !== null) return { held: 0, restored: 0 };
    await trx.updateTable("dependents").set({ held: 0 }).where("enrollment_id", "=", enrollmentId).where("id", "=", spouse.id).execute();
    return { held: 0, restored: 1 };
  });
}

/** Another enrollment's dependents, sealed columns as they are (for bringing them over). */
export function sourceDependents(db: DB, enrollmentId: number) {
  return db
    .selectFrom("dependents")
    .select([
      "relationship",
      "first_name",
      "middle_name",
      "last_name",
      "birthdate",
      "gender",
      "ssn_enc",
      "ssn_last4",
      "weight",
      "height_feet",
      "height_inch",
      "is_legally_disabled",
      "disability_condition_enc",
      "health_enc",
    ])
    .where("enrollment_id", "=", enrollmentId)
    .where("held", "=", 0)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export type SourceDependent = Awaited<ReturnType<typeof sourceDependents>>[number];

/**
 * Copies the chosen dependents into an enrollment that has none yet (active or held), in their
 * order. Returns how many were copied (0 when the target already has some).
 */
export async function copyDependents(db: DB, toEnrollmentId: number, rows: readonly SourceDependent[], now: Date) {
  if (!rows.length) return 0;
  return db.transaction().execute(async (trx) => {
    if (!(await lockEnrollment(trx, toEnrollmentId, now))) return 0;
    const existing = await trx.selectFrom("dependents").select("id").where("enrollment_id", "=", toEnrollmentId).limit(1).execute();
    if (existing.length) return 0;
    await trx
      .insertInto("dependents")
      .values(rows.map((d, i) => ({ ...d, enrollment_id: toEnrollmentId, position: i + 1, held: 0 })))
      .execute();
    return rows.length;
  });
}
