/**
 * Where each plan of an enrollment stands at its carrier, for the people who may see it (issue
 * 29): not sent yet, sent on a day, accepted on a day, or a problem we are fixing. The applicant
 * never sees an internal code; the operator console shows the codes (carriers/console.ts).
 */
import type { DB } from "../db/connection";
import { carrierStatusOfPolicies } from "../repositories/carrier-feed";

export type CarrierState = "waiting" | "sent" | "accepted" | "problem";

export interface PlanCarrierStatus {
  policyId: number;
  planId: number;
  planName: string;
  carrierName: string;
  state: CarrierState;
  /** YYYY-MM-DD: when it was sent or accepted */
  on: string | null;
}

/** The state of one plan from its latest member change (the subscriber's). */
function stateOf(change: { status: string; decided_at: string | null; sent_at: string | null } | undefined): {
  state: CarrierState;
  on: string | null;
} {
  if (!change || change.status === "pending") return { state: "waiting", on: null };
  if (change.status === "rejected") return { state: "problem", on: null };
  if (change.status === "accepted" || change.status === "effective")
    return { state: "accepted", on: change.decided_at?.slice(0, 10) ?? null };
  return { state: "sent", on: change.sent_at?.slice(0, 10) ?? null };
}

export async function carrierStatusOf(db: DB, policyIds: number[], locale: string): Promise<PlanCarrierStatus[]> {
  if (!policyIds.length) return [];
  const [plans, changes] = await Promise.all([
    db
      .selectFrom("policy_plans")
      .innerJoin("plans", "plans.id", "policy_plans.plan_id")
      .innerJoin("carriers", "carriers.id", "plans.carrier_id")
      .leftJoin("plan_texts as local", (join) => join.onRef("local.plan_id", "=", "policy_plans.plan_id").on("local.locale", "=", locale))
      .leftJoin("plan_texts as english", (join) =>
        join.onRef("english.plan_id", "=", "policy_plans.plan_id").on("english.locale", "=", "en"),
      )
      .select([
        "policy_plans.policy_id",
        "policy_plans.plan_id",
        "plans.code",
        "carriers.name as carrier_name",
        "local.name as local_name",
        "english.name as english_name",
      ])
      .where("policy_plans.policy_id", "in", policyIds)
      .orderBy("policy_plans.id")
      .execute(),
    carrierStatusOfPolicies(db, policyIds),
  ]);
  const latest = new Map<string, (typeof changes)[number]>();
  for (const c of changes) latest.set(`${c.policy_id}:${c.plan_id}`, c);
  return plans.map((p) => ({
    policyId: p.policy_id,
    planId: p.plan_id,
    planName: p.local_name ?? p.english_name ?? p.code,
    carrierName: p.carrier_name,
    ...stateOf(latest.get(`${p.policy_id}:${p.plan_id}`)),
  }));
}
