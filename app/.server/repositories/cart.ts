/** Cart lines of a temp enrollment. */
import type { DB } from "../db/connection";
import type { Cipher } from "../platform/crypto";

export function cartLines(db: DB, enrollmentId: number) {
  return db.selectFrom("cart_lines").selectAll().where("enrollment_id", "=", enrollmentId).orderBy("id").execute();
}

export interface LineToInsert {
  planId: number;
  planPriceId: number;
  priceCents: number;
  removable: boolean;
  pairedWith: number | null;
}

/** Inserts lines added together in one transaction; paired lines point at their main line. */
export async function insertCartLines(db: DB, enrollmentId: number, lines: LineToInsert[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const l of lines) {
      const row = await trx
        .insertInto("cart_lines")
        .values({
          enrollment_id: enrollmentId,
          plan_id: l.planId,
          plan_price_id: l.planPriceId,
          price_cents: l.priceCents,
          removable: l.removable ? 1 : 0,
          paired_line_id: l.pairedWith === null ? null : ids[l.pairedWith],
          added_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await trx.updateTable("enrollments").set({ updated_at: now.toISOString() }).where("id", "=", enrollmentId).execute();
    return ids;
  });
}

/** Removes a line and the lines added with it (membership, premier companion). */
export async function deleteCartLine(db: DB, enrollmentId: number, lineId: number) {
  return db.transaction().execute(async (trx) => {
    const paired = await trx
      .selectFrom("cart_lines")
      .select("id")
      .where("enrollment_id", "=", enrollmentId)
      .where("paired_line_id", "=", lineId)
      .execute();
    const ids = [lineId, ...paired.map((p) => p.id)];
    const res = await trx.deleteFrom("cart_lines").where("enrollment_id", "=", enrollmentId).where("id", "in", ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

export async function updateCartLinePrice(db: DB, lineId: number, planPriceId: number, priceCents: number) {
  await db.updateTable("cart_lines").set({ plan_price_id: planPriceId, price_cents: priceCents }).where("id", "=", lineId).execute();
}

export async function clearCart(db: DB, enrollmentId: number) {
  await db.deleteFrom("cart_lines").where("enrollment_id", "=", enrollmentId).execute();
}

/** Plans an existing member already holds ACTIVE. */
export async function activePlanIds(db: DB, memberId: number | null) {
  if (!memberId) return [];
  const rows = await db
    .selectFrom("policy_plans")
    .innerJoin("policies", "policies.id", "policy_plans.policy_id")
    .select("policy_plans.plan_id")
    .where("policies.member_id", "=", memberId)
    .where("policy_plans.status", "=", "ACTIVE")
    .execute();
  return rows.map((r) => r.plan_id);
}

/** The outcome of each plan's questions, opened (kept sealed: a decline is health data). */
export async function planAnswerOutcomes(db: DB, cipher: Pick<Cipher, "decrypt">, enrollmentId: number) {
  const rows = await db
    .selectFrom("plan_answers")
    .select(["plan_id", "kind", "outcome_enc"])
    .where("enrollment_id", "=", enrollmentId)
    .execute();
  const map = new Map<string, "accepted" | "declined">();
  for (const r of rows) map.set(`${r.plan_id}:${r.kind}`, cipher.decrypt(r.outcome_enc) === "declined" ? "declined" : "accepted");
  return (planId: number, kind: "eligibility" | "enroll") => map.get(`${planId}:${kind}`) ?? null;
}

/** Moves a paired line (a shared membership) onto another main line. */
export async function repairCartLine(db: DB, lineId: number, pairedWith: number) {
  await db.updateTable("cart_lines").set({ paired_line_id: pairedWith }).where("id", "=", lineId).execute();
}
