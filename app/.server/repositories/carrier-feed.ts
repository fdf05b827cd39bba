/**
 * The carrier feed's rows (issue 29, migration 024): delivery profiles, control numbers per trading
 * partner, member snapshots last sent, files out and in, transaction sets, acknowledgments and the
 * status of each member's change. Queries only; the use cases in carriers/ decide.
 */
import type { Insertable, Selectable } from "kysely";
import type { DB } from "../db/connection";
import type { CarrierFileTable, CarrierMemberChangeTable, CarrierProfileTable, MemberChangeStatus } from "../db/schema";

export type CarrierProfile = Selectable<CarrierProfileTable> & { carrier_code: string; carrier_name: string };
export type CarrierFile = Selectable<CarrierFileTable>;
export type CarrierMemberChange = Selectable<CarrierMemberChangeTable>;

export function carrierProfiles(db: DB, options: { carrierCode?: string; activeOnly?: boolean } = {}) {
  let q = db
    .selectFrom("carrier_profiles")
    .innerJoin("carriers", "carriers.id", "carrier_profiles.carrier_id")
    .selectAll("carrier_profiles")
    .select(["carriers.code as carrier_code", "carriers.name as carrier_name"])
    .orderBy("carriers.name");
  if (options.carrierCode) q = q.where("carriers.code", "=", options.carrierCode);
  if (options.activeOnly) q = q.where("carrier_profiles.active", "=", 1);
  return q.execute() as Promise<CarrierProfile[]>;
}

export async function carrierProfile(db: DB, carrierId: number) {
  return (await db
    .selectFrom("carrier_profiles")
    .innerJoin("carriers", "carriers.id", "carrier_profiles.carrier_id")
    .selectAll("carrier_profiles")
    .select(["carriers.code as carrier_code", "carriers.name as carrier_name"])
    .where("carrier_profiles.carrier_id", "=", carrierId)
    .executeTakeFirst()) as CarrierProfile | undefined;
}

/**
 * The next control number of a trading partner (ISA13 = GS06; ST02 derives from it). One atomic
 * UPDATE … RETURNING inside the caller's transaction: concurrent callers queue on the row (a
 * PostgreSQL row lock, SQLite's single writer), so numbers are unique and increasing, and a
 * transaction that rolls back gives its number back.
 *
 * Never one of the carrier's earlier files' numbers: acknowledgments (and file names) are matched
 * per carrier, while the count is per pair — a carrier whose receiver id (or our sender id) is
 * changed starts a new pair, which counts on from the carrier's highest number, not from 1.
 */
export async function nextControlNumber(db: DB, senderId: string, receiverId: string, carrierId: number | null) {
  const used =
    carrierId === null
      ? undefined
      : await db
          .selectFrom("carrier_files")
          .select((eb) => eb.fn.max("control_number").as("highest"))
          .where("carrier_id", "=", carrierId)
          .where("direction", "=", "out")
          .executeTakeFirst();
  const floor = Number(used?.highest ?? 0);
  await db
    .insertInto("carrier_control_numbers")
    .values({ sender_id: senderId, receiver_id: receiverId, last_number: floor })
    .onConflict((oc) => oc.columns(["sender_id", "receiver_id"]).doNothing())
    .execute();
  const row = await db
    .updateTable("carrier_control_numbers")
    .set((eb) => ({
      last_number: eb
        .case()
        .when("last_number", "<", floor)
        .then(floor + 1)
        .else(eb("last_number", "+", 1))
        .end(),
    }))
    .where("sender_id", "=", senderId)
    .where("receiver_id", "=", receiverId)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export function snapshotsOf(db: DB, carrierId: number) {
  return db.selectFrom("carrier_member_snapshots").selectAll().where("carrier_id", "=", carrierId).execute();
}

export async function saveSnapshot(db: DB, carrierId: number, memberKey: string, json: string, fileId: number, at: Date) {
  const values = { carrier_id: carrierId, member_key: memberKey, snapshot_json: json, file_id: fileId, updated_at: at.toISOString() };
  await db
    .insertInto("carrier_member_snapshots")
    .values(values)
    .onConflict((oc) =>
      oc.columns(["carrier_id", "member_key"]).doUpdateSet({ snapshot_json: json, file_id: fileId, updated_at: values.updated_at }),
    )
    .execute();
}

/** Puts back the snapshot a rejected file replaced (only where that file still holds it). */
export async function restoreSnapshot(db: DB, carrierId: number, memberKey: string, fileId: number, before: string | null, at: Date) {
  if (before === null) {
    await db
      .deleteFrom("carrier_member_snapshots")
      .where("carrier_id", "=", carrierId)
      .where("member_key", "=", memberKey)
      .where("file_id", "=", fileId)
      .execute();
  } else {
    await db
      .updateTable("carrier_member_snapshots")
      .set({ snapshot_json: before, file_id: null, updated_at: at.toISOString() })
      .where("carrier_id", "=", carrierId)
      .where("member_key", "=", memberKey)
      .where("file_id", "=", fileId)
      .execute();
  }
}

export async function insertFile(db: DB, row: Insertable<CarrierFileTable>) {
  const r = await db.insertInto("carrier_files").values(row).returning("id").executeTakeFirstOrThrow();
  return r.id;
}

export function fileById(db: DB, id: number) {
  return db.selectFrom("carrier_files").selectAll().where("id", "=", id).executeTakeFirst();
}

export function fileByName(db: DB, carrierId: number, direction: "out" | "in", name: string) {
  return db
    .selectFrom("carrier_files")
    .selectAll()
    .where("carrier_id", "=", carrierId)
    .where("direction", "=", direction)
    .where("name", "=", name)
    .executeTakeFirst();
}

/** Whether the carrier's file with these bytes (their SHA-256) was read and is kept, sealed. */
export async function inboundFileKept(db: DB, carrierId: number, digest: string) {
  const row = await db
    .selectFrom("carrier_files")
    .select("id")
    .where("carrier_id", "=", carrierId)
    .where("direction", "=", "in")
    .where("digest", "=", digest)
    .where("content_enc", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export function outboundByControlNumber(db: DB, carrierId: number, controlNumber: number) {
  return (
    db
      .selectFrom("carrier_files")
      .selectAll()
      .where("carrier_id", "=", carrierId)
      .where("direction", "=", "out")
      .where("control_number", "=", controlNumber)
      // two files with one number (sent before numbers were kept apart per carrier): the later one
      .orderBy("id", "desc")
      .executeTakeFirst()
  );
}

export function latestHeldFile(db: DB, carrierId: number) {
  return db
    .selectFrom("carrier_files")
    .select(["id", "digest", "status"])
    .where("carrier_id", "=", carrierId)
    .where("direction", "=", "out")
    .where("purpose", "=", "changes")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Whether a full audit file was made for the carrier since `since` (an ISO instant). */
export async function fullFileMadeSince(db: DB, carrierId: number, since: string) {
  const row = await db
    .selectFrom("carrier_files")
    .select("id")
    .where("carrier_id", "=", carrierId)
    .where("direction", "=", "out")
    .where("purpose", "=", "audit")
    .where("created_at", ">=", since)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export function filesWaiting(db: DB, carrierId: number) {
  return db
    .selectFrom("carrier_files")
    .selectAll()
    .where("carrier_id", "=", carrierId)
    .where("direction", "=", "out")
    .where("status", "=", "waiting")
    .orderBy("id")
    .execute();
}

export function updateFile(db: DB, id: number, set: Partial<Omit<CarrierFile, "id">>) {
  return db.updateTable("carrier_files").set(set).where("id", "=", id).execute();
}

export function filesOfCarrier(db: DB, carrierId: number | null, limit = 50) {
  let q = db
    .selectFrom("carrier_files")
    .innerJoin("carriers", "carriers.id", "carrier_files.carrier_id")
    .select([
      "carrier_files.id",
      "carrier_files.carrier_id",
      "carriers.name as carrier_name",
      "carrier_files.direction",
      "carrier_files.name",
      "carrier_files.format",
      "carrier_files.status",
      "carrier_files.member_count",
      "carrier_files.created_at",
      "carrier_files.sent_at",
      "carrier_files.acknowledged_at",
      "carrier_files.last_error",
    ])
    .orderBy("carrier_files.id", "desc")
    .limit(limit);
  if (carrierId !== null) q = q.where("carrier_files.carrier_id", "=", carrierId);
  return q.execute();
}

export async function insertTransaction(db: DB, fileId: number, controlNumber: string) {
  await db.insertInto("carrier_transactions").values({ file_id: fileId, control_number: controlNumber, status: "sent" }).execute();
}

export function transactionsOf(db: DB, fileId: number) {
  return db.selectFrom("carrier_transactions").selectAll().where("file_id", "=", fileId).orderBy("id").execute();
}

export function updateTransaction(
  db: DB,
  fileId: number,
  controlNumber: string,
  set: { status: string; errors_json: string | null; acknowledged_at: string },
) {
  return db
    .updateTable("carrier_transactions")
    .set(set)
    .where("file_id", "=", fileId)
    .where("control_number", "=", controlNumber)
    .execute();
}

export async function insertMemberChanges(db: DB, rows: Array<Insertable<CarrierMemberChangeTable>>) {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("carrier_member_changes")
      .values(rows.slice(i, i + 200))
      .execute();
}

export function changesOfFile(db: DB, fileId: number) {
  return db.selectFrom("carrier_member_changes").selectAll().where("file_id", "=", fileId).orderBy("id").execute();
}

export function setChangesOfFile(db: DB, fileId: number, from: MemberChangeStatus[], status: MemberChangeStatus, at: Date) {
  return db
    .updateTable("carrier_member_changes")
    .set({ status, decided_at: status === "sent" ? null : at.toISOString() })
    .where("file_id", "=", fileId)
    .where("status", "in", from)
    .execute();
}

export function setChange(db: DB, id: number, status: MemberChangeStatus, errors: string | null, at: Date) {
  return db
    .updateTable("carrier_member_changes")
    .set({ status, errors_json: errors, decided_at: at.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** The latest change per member key at a carrier (for effectuation). */
/**
 * The changes waiting to take effect of the members a carrier's file names. The keys come from the
 * carrier's file (an audit 834 may name tens of thousands): looked up in slices, as one query may
 * bind only so many values (SQLite 32,766; PostgreSQL 65,535).
 */
export async function acceptedChangesOf(db: DB, carrierId: number, memberKeys: string[]) {
  const keys = [...new Set(memberKeys)];
  const slice = (some: string[]) =>
    db
      .selectFrom("carrier_member_changes as c")
      .leftJoin("plans as pl", "pl.id", "c.plan_id")
      .select(["c.id", "c.member_key", "c.kind", "c.status", "pl.code as plan_code"])
      .where("c.carrier_id", "=", carrierId)
      .where("c.member_key", "in", some)
      .where("c.status", "in", ["accepted", "sent"])
      .where("c.kind", "in", ["add", "reinstate", "change"])
      .orderBy("c.id")
      .execute();
  const found: Awaited<ReturnType<typeof slice>> = [];
  for (let at = 0; at < keys.length; at += KEYS_PER_QUERY) found.push(...(await slice(keys.slice(at, at + KEYS_PER_QUERY))));
  return found;
}

const KEYS_PER_QUERY = 1000;

export async function insertAcknowledgment(
  db: DB,
  row: {
    carrier_id: number;
    inbound_file_id: number;
    file_id: number | null;
    kind: string;
    control_number: string;
    outcome: string;
    detail_json: string;
    received_at: string;
  },
) {
  await db.insertInto("carrier_acknowledgments").values(row).execute();
}

export function acknowledgmentsOf(db: DB, fileId: number) {
  return db.selectFrom("carrier_acknowledgments").selectAll().where("file_id", "=", fileId).orderBy("id").execute();
}

/**
 * Where each plan of some policies stands at its carrier: the latest member change of the
 * subscriber for each policy plan, with the carrier's name and when the file went.
 */
export function carrierStatusOfPolicies(db: DB, policyIds: number[]) {
  if (!policyIds.length) return Promise.resolve([]);
  return db
    .selectFrom("carrier_member_changes as c")
    .innerJoin("carrier_files as f", "f.id", "c.file_id")
    .select(["c.id", "c.policy_id", "c.plan_id", "c.status", "c.decided_at", "c.kind", "f.sent_at", "f.status as file_status"])
    .where("c.policy_id", "in", policyIds)
    .where("c.member_key", "not like", "%-%")
    .orderBy("c.id")
    .execute();
}
