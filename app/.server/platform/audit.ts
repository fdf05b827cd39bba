/**
 * Writing the audit trail (issue 15): who — the verified rep or group admin of the session, or
 * the person enrolling — acting as what, did what to which enrollment or member, when, in which
 * request. Never the data: only ids and enumerated details (a step's name, a channel, a reason).
 */
import type { Services } from "../services";
import type { StoreSession } from "./session";
import { insertAuditEvent } from "../repositories/audit";
import { auditActor, type AuditActor, type AuditKind, type StaffIdentity } from "~/domain/audit";

export interface AuditEvent {
  kind: AuditKind;
  enrollmentId?: number | null;
  memberId?: number | null;
  detail?: string | null;
}

/** The actor of a request: its session's verified rep or admin, else the person enrolling. */
export function actorOf(session: StoreSession): AuditActor {
  return auditActor({ staff: session.staff, eprocess: session.get("eprocess"), requestId: session.requestId });
}

/** A rep or admin being verified (not signed in yet). */
export function staffActor(staff: StaffIdentity, requestId: string | null): AuditActor {
  return auditActor({ staff, requestId });
}

/** Someone with no session of their own: the applicant signing from a text-message link. */
export function applicantActor(request: Request): AuditActor {
  return auditActor({ staff: null, requestId: request.headers.get("x-request-id") });
}

export async function audit(services: Services, who: StoreSession | AuditActor, event: AuditEvent) {
  const actor = "actor" in who && typeof who.actor === "string" ? (who as AuditActor) : actorOf(who as StoreSession);
  await insertAuditEvent(services.db, { ...event, actor, at: services.now() });
}
