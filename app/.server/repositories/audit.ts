/**
 * The audit trail: events are only ever inserted and read. The table refuses UPDATE and DELETE
 * (triggers, migration 008), and this module offers neither.
 */
import type { DB } from "../db/connection";
import type { AuditKind, AuditActor } from "~/domain/audit";
import { safeDetail } from "~/domain/audit";

export interface NewAuditEvent {
  kind: AuditKind;
  actor: AuditActor;
  enrollmentId?: number | null;
  memberId?: number | null;
  detail?: string | null;
  at: Date;
}

export async function insertAuditEvent(db: DB, e: NewAuditEvent) {
  await db
    .insertInto("audit_events")
    .values({
      kind: e.kind,
      actor: e.actor.actor,
      acting_as: e.actor.actingAs,
      enrollment_id: e.enrollmentId ?? null,
      member_id: e.memberId ?? null,
      detail: safeDetail(e.detail),
      request_id: e.actor.requestId,
      client_key: e.actor.clientKey,
      subject: e.actor.subject ?? null,
      created_at: e.at.toISOString(),
    })
    .execute();
}

/** Whether this client has signed in as this rep or admin since `since` (a place they sign in from). */
export async function hasSignedInFrom(db: DB, actor: string, clientKey: string, since: Date) {
  const row = await db
    .selectFrom("audit_events")
    .select("id")
    .where("actor", "=", actor)
    .where("kind", "=", "verify.success")
    .where("client_key", "=", clientKey)
    .where("created_at", ">", since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** An enrollment's events, oldest first. */
export function auditEventsForEnrollment(db: DB, enrollmentId: number) {
  return db.selectFrom("audit_events").selectAll().where("enrollment_id", "=", enrollmentId).orderBy("id", "asc").execute();
}
