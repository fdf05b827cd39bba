/**
 * What the agreement step reads (get-agreement-texts): the texts for this cart — those for
 * every enrollment, for a plan in the cart, or for the carrier of a plan in the cart — in
 * their order; the union-plan (L713) message; and the codes a broker or group must give.
 */
import { todayIso } from "~/domain/dates";
import type { DB } from "../db/connection";
import type { Enrollment } from "../db/schema";
import { loadCatalog, planText } from "./catalog";

export interface AgreementTextRow {
  id: number;
  head: string;
  /** as stored: sanitise before showing */
  body: string;
  required: boolean;
}

export async function agreementTexts(db: DB, planIds: readonly number[], locale: string): Promise<AgreementTextRow[]> {
  // carriers and L713 flags are plan attributes, the same in every catalog version
  const catalog = await loadCatalog(db, todayIso(new Date()));
  const carrierIds = [
    ...new Set(planIds.map((id) => catalog.plans.get(id)?.carrier_id).filter((id): id is number => typeof id === "number")),
  ];
  const rows = await db
    .selectFrom("agreement_texts")
    .selectAll()
    .where((eb) => {
      const every = eb.and([eb("plan_id", "is", null), eb("carrier_id", "is", null)]);
      const alternatives = [every];
      if (planIds.length) alternatives.push(eb("plan_id", "in", [...planIds]));
      if (carrierIds.length) alternatives.push(eb.and([eb("plan_id", "is", null), eb("carrier_id", "in", carrierIds)]));
      return eb.or(alternatives);
    })
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    head: locale === "es" ? r.head_es || r.head_en : r.head_en,
    body: locale === "es" ? r.body_es || r.body_en : r.body_en,
    required: r.required === 1,
  }));
}

/** The carrier's special message for an L713 plan in the cart, with its health and welfare amount. */
export async function cartL713(db: DB, planIds: readonly number[], locale: string) {
  const catalog = await loadCatalog(db, todayIso(new Date()));
  const plan = planIds.map((id) => catalog.plans.get(id)).find((p) => p?.is_l713 === 1);
  if (!plan) return null;
  const text = planText(plan, locale);
  return {
    planName: text?.name ?? plan.code,
    specialMessage: text?.special_message ?? null,
    netPriceCents: plan.l713_net_price_cents ?? 0,
  };
}

/** The codes the verification must match: the enrollment's rep's agent code, its group's code. */
export async function verificationCodes(db: DB, enrollment: Pick<Enrollment, "agent_id" | "group_id">) {
  const [rep, group] = await Promise.all([
    enrollment.agent_id ? db.selectFrom("reps").select("agent_code").where("id", "=", enrollment.agent_id).executeTakeFirst() : undefined,
    enrollment.group_id ? db.selectFrom("groups").select("group_code").where("id", "=", enrollment.group_id).executeTakeFirst() : undefined,
  ]);
  return { agentCode: rep?.agent_code ?? null, groupCode: group?.group_code ?? null };
}
