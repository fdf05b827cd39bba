/** The ESIGN consent of an enrollment and its PDF record (migration 010). */
import type { DB } from "../db/connection";

export interface ConsentRow {
  version: string;
  text_sha256: string;
  text: string;
  locale: string;
  consented_at: string;
}

/** Records (or records again, with the newest text) the enrollment's consent. */
export async function saveEsignConsent(db: DB, enrollmentId: number, c: ConsentRow) {
  await db
    .insertInto("esign_consents")
    .values({ enrollment_id: enrollmentId, ...c })
    .onConflict((oc) =>
      oc
        .column("enrollment_id")
        .doUpdateSet({ version: c.version, text_sha256: c.text_sha256, text: c.text, locale: c.locale, consented_at: c.consented_at }),
    )
    .execute();
}

/** Drops the enrollment's consent: nobody gave it for this enrollment as it now stands. */
export async function deleteEsignConsent(db: DB, enrollmentId: number) {
  await db.deleteFrom("esign_consents").where("enrollment_id", "=", enrollmentId).execute();
}

export function esignConsentOf(db: DB, enrollmentId: number): Promise<ConsentRow | undefined> {
  return db
    .selectFrom("esign_consents")
    .select(["version", "text_sha256", "text", "locale", "consented_at"])
    .where("enrollment_id", "=", enrollmentId)
    .executeTakeFirst();
}

export interface RecordRow {
  enrollment_id: number;
  locale: string;
  content_sha256: string;
  pdf_sha256: string;
  pdf_enc: string;
  created_at: string;
}

export function enrollmentRecordOf(db: DB, enrollmentId: number): Promise<RecordRow | undefined> {
  return db.selectFrom("enrollment_records").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

/** Keeps the first record made for the enrollment: a second writer's row is dropped (made once). */
export async function insertEnrollmentRecordOnce(db: DB, row: RecordRow) {
  await db
    .insertInto("enrollment_records")
    .values(row)
    .onConflict((oc) => oc.column("enrollment_id").doNothing())
    .execute();
}

/**
 * Replaces the enrollment's record with a newer version (the signature given later by text
 * message, ADR 012): the one row holds the file that is served, so the earlier file is gone.
 */
export async function replaceEnrollmentRecord(db: DB, row: RecordRow) {
  const { enrollment_id: _id, ...rest } = row;
  await db
    .insertInto("enrollment_records")
    .values(row)
    .onConflict((oc) => oc.column("enrollment_id").doUpdateSet(rest))
    .execute();
}

/** Drops the enrollment's record: the next request that wants it makes it afresh. */
export async function deleteEnrollmentRecord(db: DB, enrollmentId: number) {
  await db.deleteFrom("enrollment_records").where("enrollment_id", "=", enrollmentId).execute();
}
