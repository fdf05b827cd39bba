/**
 * Writing the audit trail (issue 15): who — the verified rep or group admin of the session, or
 * the person enrolling — acting as what, did what to which enrollment or member, when, in which
 * request. Never the data: only ids and enumerated details (a step's name, a channel, a reason).
 */
import type { Services } from "../services";
import type { StoreSession } from "./session";
import { insertAuditEvent } from "../repositories/audit";
import { CLIENT_KEY_HEADER } from "./client-key";
import { auditActor, requesterActor, type AuditActor, type AuditKind, type StaffIdentity } from "~/domain/audit";

export interface AuditEvent {
  kind: AuditKind;
  enrollmentId?: number | null;
  memberId?: number | null;
  detail?: string | null;
}

/** The actor of a request: its session's verified rep or admin, else the person enrolling. */
export function actorOf(session: StoreSession): AuditActor {
  return auditActor({
    staff: session.staff,
    eprocess: session.get("eprocess"),
    requestId: session.requestId,
    clientKey: session.clientKey,
  });
}

/** A rep or admin who has just proved who they are with a code (not signed in yet). */
export function staffActor(staff: StaffIdentity, session: StoreSession): AuditActor {
  return auditActor({ staff, requestId: session.requestId, clientKey: session.clientKey });
}

/** Someone not verified asking for or typing a rep's or admin's code: a requester, the rep or admin the subject. */
export function requesterOf(staff: StaffIdentity, session: StoreSession): AuditActor {
  return requesterActor(staff, { requestId: session.requestId, clientKey: session.clientKey });
}

/** Someone with no session of their own: the applicant signing from a text-message link. */
export function applicantActor(request: Request): AuditActor {
  return auditActor({ staff: null, requestId: request.headers.get("x-request-id"), clientKey: request.headers.get(CLIENT_KEY_HEADER) });
}

export async function audit(services: Services, who: StoreSession | AuditActor, event: AuditEvent) {
  const actor = "actor" in who && typeof who.actor === "string" ? (who as AuditActor) : actorOf(who as StoreSession);
  await insertAuditEvent(services.db, { ...event, actor, at: services.now() });
}
