/**
 * The audit trail's vocabulary (issue 15): what can happen, who did it and acting as what.
 * An event never carries the data itself — only these names, ids and enumerated details.
 */
import { recordIdFrom } from "./record-id";

export const AUDIT_KINDS = [
  "verify.code_sent",
  "verify.success",
  "verify.failure",
  "session.start",
  "session.end",
  "session.expire",
  "members.view",
  "member.enroll",
  "step.save",
  "review.edit",
  "signature.given",
  "signature.sent",
  "signature.verify_success",
  "signature.verify_failure",
  "enrollment.complete",
  "enrollment.resume",
  "history.view",
  "record.download",
  "quote.open",
  "roster.view",
  "roster.add",
  "roster.edit",
  "roster.terminate",
  "roster.reinstate",
  "roster.download",
  "census.check",
  "census.apply",
  "census.view",
  "employer.settings",
  "invitation.send",
  "invitation.start",
  "invitation.refuse",
  "invitation.code_sent",
  "invitation.code_success",
  "invitation.code_failure",
  "invitation.revoke",
  "member_link.start",
  "member_link.refuse",
  "member_link.code_sent",
  "member_link.code_success",
  "member_link.code_failure",
  "progress.view",
  "progress.download",
  "waiver.record",
  "waiver.reverse",
  "reminder.now",
  "catalog.import",
  "catalog.publish",
  "catalog.discard",
  "plan.cancel",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * Acting as: a verified rep or group admin, the person enrolling (an applicant; an employee under
 * a group code), or a requester — someone not verified asking for or typing a rep's or admin's
 * sign-in code, who may be that person or anyone who knows the rep or group code.
 */
export const ACTING_AS = ["rep", "group_admin", "applicant", "employee", "requester", "operator"] as const;
export type ActingAs = (typeof ACTING_AS)[number];

export type StaffKind = "rep" | "group_admin";

/** A verified rep or group admin: who they are (their id) and, for an admin, their group. */
export interface StaffIdentity {
  kind: StaffKind;
  /** the rep's id (rep), or null */
  repId: number | null;
  /** the admin's group (group_admin), or null */
  groupId: number | null;
  /** the admin's id (group_admin), or null */
  adminId: number | null;
}

export interface AuditActor {
  /** rep:{id}, group_admin:{id}, applicant, or requester */
  actor: string;
  actingAs: ActingAs;
  requestId: string | null;
  /** the requesting client: the keyed hash of its address (never the address), when known */
  clientKey: string | null;
  /** for a requester: the rep or admin the event was about (rep:{id}, group_admin:{id}) */
  subject?: string | null;
}

export function staffActorName(staff: StaffIdentity) {
  return staff.kind === "rep" ? `rep:${staff.repId}` : `group_admin:${staff.adminId}`;
}

/** Who acts in a request: the verified rep or admin when there is one, else the person enrolling. */
export function auditActor(o: {
  staff: StaffIdentity | null;
  eprocess?: string | null;
  requestId: string | null;
  clientKey?: string | null;
}): AuditActor {
  const clientKey = o.clientKey ?? null;
  if (o.staff) return { actor: staffActorName(o.staff), actingAs: o.staff.kind, requestId: o.requestId, clientKey };
  return { actor: "applicant", actingAs: o.eprocess === "group" ? "employee" : "applicant", requestId: o.requestId, clientKey };
}

/**
 * Someone not verified, asking for or typing a rep's or admin's code: the actor is the requester
 * (known only by client), the rep or admin is the event's subject — a stranger's wrong code is
 * not the rep's act.
 */
export function requesterActor(subject: StaffIdentity, o: { requestId: string | null; clientKey: string | null }): AuditActor {
  return { actor: "requester", actingAs: "requester", requestId: o.requestId, clientKey: o.clientKey, subject: staffActorName(subject) };
}

/** Parses `rep:12` / `group_admin:3` back (for the history page's names); null for anyone else. */
export function parseStaffActor(actor: string | null): { kind: StaffKind; id: number } | null {
  const m = /^(rep|group_admin):([0-9]+)$/.exec(actor ?? "");
  const id = recordIdFrom(m?.[2]);
  return m && id !== null ? { kind: m[1] as StaffKind, id } : null;
}

/** Details are enumerated values only (a tab name, a channel, a reason): anything else is dropped. */
export function safeDetail(detail: string | null | undefined) {
  return detail && /^[a-z0-9_:-]{1,40}$/.test(detail) ? detail : null;
}
