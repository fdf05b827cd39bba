/**
 * The history of an enrollment (issue 15): its audit events, for the verified rep or group admin
 * who owns it — the rep the enrollment was made under (agent_id), or an admin of its group
 * (group_id). Anyone else gets the same 404 as an enrollment that does not exist. Looking is on
 * the audit trail too.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { audit } from "../platform/audit";
import { findEnrollment } from "../repositories/enrollments";
import { findMember } from "../repositories/entry";
import { auditEventsForEnrollment } from "../repositories/audit";
import { staffNames } from "../repositories/staff";
import { readStep } from "../wizard/steps";
import { ACTING_AS, AUDIT_KINDS, parseStaffActor, type ActingAs, type AuditKind, type StaffIdentity } from "~/domain/audit";
import { STEPS } from "../wizard/registry";
import { isTabName } from "~/domain/wizard-steps";
import type { EnrollmentHistoryData } from "~/views/history";
import { policyForEnrollment } from "../repositories/completion";
import { carrierStatusOf } from "../carriers/status";
import { plansOfPolicy } from "./cancel-plan";
import { recordIdFrom } from "~/domain/record-id";

function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "enrollment-not-found" });
}

export function enrollmentIdParam(value: string | undefined) {
  return recordIdFrom(value);
}

export async function enrollmentHistory(
  services: Services,
  session: StoreSession,
  staff: StaffIdentity,
  enrollmentId: number | null,
  locale: "en" | "es",
): Promise<EnrollmentHistoryData> {
  const enrollment = enrollmentId ? await findEnrollment(services.db, enrollmentId) : undefined;
  const owns = enrollment && (staff.kind === "rep" ? enrollment.agent_id === staff.repId : enrollment.group_id === staff.groupId);
  if (!enrollment || !owns) {
    services.log.warn("enrollment history refused", { kind: staff.kind });
    notFound();
  }
  const [events, member, personal, policy] = await Promise.all([
    auditEventsForEnrollment(services.db, enrollment.id),
    enrollment.member_id ? findMember(services.db, enrollment.member_id) : Promise.resolve(undefined),
    readStep(services, enrollment.id, "primary_info"),
    policyForEnrollment(services.db, enrollment.id),
  ]);
  // where each plan stands at its carrier (issue 29), as the members list's column says it
  const [carrierStatus, plans] = policy
    ? await Promise.all([carrierStatusOf(services.db, [policy.id], locale), plansOfPolicy(services, policy.id, locale)])
    : [[], []];
  const actors = events.map((e) => parseStaffActor(e.actor));
  const names = await staffNames(
    services.db,
    [...new Set(actors.filter((a) => a?.kind === "rep").map((a) => a!.id))],
    [...new Set(actors.filter((a) => a?.kind === "group_admin").map((a) => a!.id))],
  );
  const format = new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  });
  const memberName = member
    ? `${member.first_name} ${member.last_name}`
    : [personal?.data.first_name, personal?.data.last_name].filter(Boolean).join(" ") || null;
  await audit(services, session, { kind: "history.view", enrollmentId: enrollment.id, memberId: enrollment.member_id });
  return {
    enrollmentId: enrollment.id,
    status: enrollment.status,
    memberName,
    plans,
    carrierStatus: carrierStatus.map((s) => ({
      planId: s.planId,
      planName: s.planName,
      carrierName: s.carrierName,
      state: s.state,
      on: s.on,
    })),
    backTo: staff.kind === "rep" ? "/agent-select-member" : "/group-select-member",
    events: events
      .filter((e) => (AUDIT_KINDS as readonly string[]).includes(e.kind))
      .map((e) => {
        const who = parseStaffActor(e.actor);
        return {
          id: e.id,
          at: `${format.format(new Date(e.created_at))} UTC`,
          atIso: e.created_at,
          kind: e.kind as AuditKind,
          who: who ? ((who.kind === "rep" ? names.reps.get(who.id) : names.admins.get(who.id)) ?? null) : null,
          actingAs: (ACTING_AS as readonly string[]).includes(e.acting_as ?? "") ? (e.acting_as as ActingAs) : "applicant",
          // a cancellation's detail names the plan by id (the trail's); the page says it in words
          detail: e.kind === "plan.cancel" ? null : e.detail,
          stepLabel: isTabName(e.detail) ? STEPS[e.detail].historyLabelKey : null,
          requestId: e.request_id,
        };
      }),
  };
}
