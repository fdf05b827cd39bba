/**
 * A rep's or group admin's cancellation of ONE plan of a member's completed enrollment (issue 29):
 * the plan's coverage ends on a day they choose, recorded as a `terminated` coverage event (cause
 * plan.cancel) — which the carrier feed sends as INS/HD 024 with DTP*349 — and on the audit
 * trail, in one transaction. Only the verified rep or group admin who owns the enrollment may
 * (anyone else: the same 404 as an enrollment that does not exist, as the history page).
 *
 * The day: not before the plan began, at most 60 days back (a carrier takes a late termination
 * only so far) and at most a year ahead.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { actorOf, audit } from "../platform/audit";
import { findEnrollment } from "../repositories/enrollments";
import { policyForEnrollment } from "../repositories/completion";
import { insertCoverageEvents } from "../repositories/employees";
import { todayIso, type IsoDate } from "~/domain/dates";
import type { StaffIdentity } from "~/domain/audit";

export const CANCEL_BACK_DAYS = 60;
export const CANCEL_AHEAD_DAYS = 365;

export type CancelRefusal = "unknownPlan" | "alreadyEnded" | "beforeStart" | "tooLate" | "tooFar";

const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function notFound(): never {
  throw new Response("Not Found", { status: 404, statusText: "enrollment-not-found" });
}

/** The owned enrollment's policy, or the 404. */
async function ownedPolicy(services: Services, staff: StaffIdentity, enrollmentId: number | null) {
  const enrollment = enrollmentId ? await findEnrollment(services.db, enrollmentId) : undefined;
  const owns = enrollment && (staff.kind === "rep" ? enrollment.agent_id === staff.repId : enrollment.group_id === staff.groupId);
  if (!enrollment || !owns) notFound();
  const policy = await policyForEnrollment(services.db, enrollment.id);
  return { enrollment, policy };
}

/** Each plan of a policy with the day its coverage ends (null while open), from the latest coverage event. */
export async function plansOfPolicy(services: Services, policyId: number, locale: string) {
  const [plans, events] = await Promise.all([
    services.db
      .selectFrom("policy_plans")
      .innerJoin("plans", "plans.id", "policy_plans.plan_id")
      .leftJoin("plan_texts as local", (join) => join.onRef("local.plan_id", "=", "policy_plans.plan_id").on("local.locale", "=", locale))
      .leftJoin("plan_texts as english", (join) =>
        join.onRef("english.plan_id", "=", "policy_plans.plan_id").on("english.locale", "=", "en"),
      )
      .select(["policy_plans.plan_id", "plans.code", "local.name as local_name", "english.name as english_name"])
      .where("policy_plans.policy_id", "=", policyId)
      .orderBy("policy_plans.id")
      .execute(),
    services.db
      .selectFrom("coverage_events")
      .select(["plan_id", "kind", "effective_date"])
      .where("policy_id", "=", policyId)
      .orderBy("id")
      .execute(),
  ]);
  const last = new Map<number, (typeof events)[number]>();
  for (const e of events) last.set(e.plan_id, e);
  return plans.map((p) => {
    const event = last.get(p.plan_id);
    return {
      planId: p.plan_id,
      name: p.local_name ?? p.english_name ?? p.code,
      endsOn: event?.kind === "terminated" ? event.effective_date : null,
    };
  });
}

export async function cancelPlan(
  services: Services,
  session: StoreSession,
  staff: StaffIdentity,
  enrollmentId: number | null,
  input: { planId: number; endDate: IsoDate },
): Promise<{ ok: true } | { ok: false; field: "planId" | "endDate"; reason: CancelRefusal }> {
  type Outcome = { ok: true } | { ok: false; field: "planId" | "endDate"; reason: CancelRefusal };
  return services.db.transaction().execute(async (trx): Promise<Outcome> => {
    const tx = { ...services, db: trx };
    const { enrollment, policy } = await ownedPolicy(tx, staff, enrollmentId);
    if (!policy) return { ok: false, field: "planId", reason: "unknownPlan" };
    const plan = (await plansOfPolicy(tx, policy.id, "en")).find((p) => p.planId === input.planId);
    if (!plan) return { ok: false, field: "planId", reason: "unknownPlan" };
    if (plan.endsOn) return { ok: false, field: "planId", reason: "alreadyEnded" };
    const today = todayIso(tx.now());
    if (input.endDate < policy.effective_date) return { ok: false, field: "endDate", reason: "beforeStart" };
    if (input.endDate < shift(today, -CANCEL_BACK_DAYS)) return { ok: false, field: "endDate", reason: "tooLate" };
    if (input.endDate > shift(today, CANCEL_AHEAD_DAYS)) return { ok: false, field: "endDate", reason: "tooFar" };
    const actor = actorOf(session).actor;
    await insertCoverageEvents(
      tx.db,
      [
        {
          group_id: enrollment.group_id ?? null,
          employee_id: null,
          member_id: policy.member_id,
          enrollment_id: enrollment.id,
          policy_id: policy.id,
          plan_id: input.planId,
          kind: "terminated",
          effective_date: input.endDate,
          cause: "plan.cancel",
          actor,
        },
      ],
      tx.now(),
    );
    await audit(tx, session, {
      kind: "plan.cancel",
      enrollmentId: enrollment.id,
      memberId: policy.member_id,
      detail: `plan:${input.planId}`,
    });
    return { ok: true };
  });
}
