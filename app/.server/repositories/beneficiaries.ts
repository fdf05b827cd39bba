/**
 * An enrollment's beneficiaries. Every statement is scoped by enrollment_id: an id from another
 * enrollment matches nothing. Writes that check the list first (at most 3, total ≤ 100) run in
 * a transaction that touches the enrollment row before reading, so two saves of the same
 * enrollment queue behind each other (a row lock in PostgreSQL, the write lock in SQLite).
 * The SSN travels sealed (`ssn_enc`) with its last four digits; this module never decrypts.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/connection";
import type { Database } from "../db/schema";
import { refusableTransaction } from "./refusable";

/** What the page may know of a beneficiary: everything but the sealed SSN. */
export const BENEFICIARY_COLUMNS = [
  "id",
  "position",
  "first_name",
  "middle_name",
  "last_name",
  "birthdate",
  "relationship",
  "ssn_last4",
  "percentage",
] as const;

export interface BeneficiaryRow {
  id: number;
  position: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  relationship: string;
  ssn_last4: string | null;
  percentage: number;
}

export interface BeneficiaryValues {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birthdate: string;
  relationship: string;
  percentage: number;
}

/** A sealed SSN and its last four; `undefined` on update keeps the one on file. */
export interface SealedSsn {
  ssn_enc: string;
  ssn_last4: string;
}

export type Refuse<R> = (others: BeneficiaryRow[]) => R | null;

function listIn(db: DB | Transaction<Database>, enrollmentId: number): Promise<BeneficiaryRow[]> {
  return db
    .selectFrom("beneficiaries")
    .select(BENEFICIARY_COLUMNS)
    .where("enrollment_id", "=", enrollmentId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

async function lockEnrollment(trx: Transaction<Database>, enrollmentId: number, now: Date) {
  const res = await trx.updateTable("enrollments").set({ updated_at: now.toISOString() }).where("id", "=", enrollmentId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function listBeneficiaries(db: DB, enrollmentId: number) {
  return listIn(db, enrollmentId);
}

/** Appends a beneficiary unless `refuse` (given the current list) says why not. */
export async function insertBeneficiary<R>(
  db: DB,
  enrollmentId: number,
  values: BeneficiaryValues,
  ssn: SealedSsn | null,
  refuse: Refuse<R>,
  now: Date,
) {
  return refusableTransaction<{ ok: true; id: number } | { ok: false; refusal: R | "not-found" }>(db, async (trx, refused) => {
    if (!(await lockEnrollment(trx, enrollmentId, now))) refused({ ok: false, refusal: "not-found" });
    const current = await listIn(trx, enrollmentId);
    const refusal = refuse(current);
    if (refusal !== null) refused({ ok: false, refusal });
    const position = current.reduce((max, b) => Math.max(max, b.position), 0) + 1;
    const row = await trx
      .insertInto("beneficiaries")
      .values({ enrollment_id: enrollmentId, position, ...values, ssn_enc: ssn?.ssn_enc ?? null, ssn_last4: ssn?.ssn_last4 ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  });
}

/** Replaces one beneficiary of this enrollment; `refuse` sees the others. */
export async function updateBeneficiary<R>(
  db: DB,
  enrollmentId: number,
  id: number,
  values: BeneficiaryValues,
  ssn: SealedSsn | undefined,
  refuse: Refuse<R>,
  now: Date,
) {
  return refusableTransaction<{ ok: true } | { ok: false; refusal: R | "not-found" }>(db, async (trx, refused) => {
    if (!(await lockEnrollment(trx, enrollmentId, now))) refused({ ok: false, refusal: "not-found" });
    const current = await listIn(trx, enrollmentId);
    if (!current.some((b) => b.id === id)) refused({ ok: false, refusal: "not-found" });
    const refusal = refuse(current.filter((b) => b.id !== id));
    if (refusal !== null) refused({ ok: false, refusal });
    await trx
      .updateTable("beneficiaries")
      .set({ ...values, ...(ssn ? { ssn_enc: ssn.ssn_enc, ssn_last4: ssn.ssn_last4 } : {}) })
      .where("enrollment_id", "=", enrollmentId)
      .where("id", "=", id)
      .execute();
    return { ok: true };
  });
}

/** Removes one beneficiary of this enrollment; false when it is not one of its own. */
export async function deleteBeneficiary(db: DB, enrollmentId: number, id: number) {
  const res = await db.deleteFrom("beneficiaries").where("enrollment_id", "=", enrollmentId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * Copies another enrollment's beneficiaries (sealed SSNs as they are) into one that has none
 * yet, at most `max` of them in their order. Returns how many were copied (0 when the target
 * already has some, or the source has none).
 */
export async function copyBeneficiaries(db: DB, fromEnrollmentId: number, toEnrollmentId: number, max: number, now: Date) {
  if (fromEnrollmentId === toEnrollmentId) return 0;
  return db.transaction().execute(async (trx) => {
    if (!(await lockEnrollment(trx, toEnrollmentId, now))) return 0;
    const existing = await trx.selectFrom("beneficiaries").select("id").where("enrollment_id", "=", toEnrollmentId).limit(1).execute();
    if (existing.length) return 0;
    const source = await trx
      .selectFrom("beneficiaries")
      .select(["first_name", "middle_name", "last_name", "birthdate", "relationship", "ssn_enc", "ssn_last4", "percentage"])
      .where("enrollment_id", "=", fromEnrollmentId)
      .orderBy("position")
      .orderBy("id")
      .limit(max)
      .execute();
    if (!source.length) return 0;
    await trx
      .insertInto("beneficiaries")
      .values(source.map((b, i) => ({ ...b, enrollment_id: toEnrollmentId, position: i + 1 })))
      .execute();
    return source.length;
  });
}

/** The completed enrollment whose answers prefill an existing member's next one. */
export async function memberLastEnrollmentId(db: DB, memberId: number) {
  const row = await db.selectFrom("members").select("last_enrollment_id").where("id", "=", memberId).executeTakeFirst();
  return row?.last_enrollment_id ?? null;
}
