/** Turning a checked-out enrollment into a member with a policy — in one transaction. */
import type { DB } from "../db/connection";
import type { Insertable } from "kysely";
import type { MemberTable } from "../db/schema";

export interface CompletionInput {
  enrollmentId: number;
  idempotencyKey: string;
  policyNumber: string;
  existingMemberId: number | null;
  newMember: Omit<Insertable<MemberTable>, "created_at" | "last_enrollment_id"> | null;
  tier: string;
  effectiveDate: string;
  lines: Array<{ plan_id: number; plan_price_id: number; price_cents: number }>;
  additionalNotes: string | null;
  /** the applicant signs later, from the link of a text message */
  sendSms: boolean;
  deleteDependents: boolean;
  now: Date;
}

export type CompletionResult = { created: true; policyId: number; memberId: number } | { created: false; policyId: number };

export async function completeEnrollmentRecord(db: DB, input: CompletionInput): Promise<CompletionResult> {
  try {
    return await completeInTransaction(db, input);
  } catch (error) {
    // Two submits at the same moment: the unique idempotency key lets one through; the other
    // finds the policy it made.
    const winner = await db.selectFrom("policies").select("id").where("idempotency_key", "=", input.idempotencyKey).executeTakeFirst();
    if (winner) return { created: false, policyId: winner.id };
    throw error;
  }
}

async function completeInTransaction(db: DB, input: CompletionInput): Promise<CompletionResult> {
  const at = input.now.toISOString();
  return db.transaction().execute(async (trx) => {
    // The idempotency key is unique: a second click, a reload or a second tab finds the policy.
    const existing = await trx.selectFrom("policies").select("id").where("idempotency_key", "=", input.idempotencyKey).executeTakeFirst();
    if (existing) return { created: false, policyId: existing.id };
    const status = await trx.selectFrom("enrollments").select("status").where("id", "=", input.enrollmentId).executeTakeFirstOrThrow();
    if (status.status !== "checked_out") throw new Error(`enrollment is ${status.status}`);
    let memberId = input.existingMemberId;
    if (!memberId) {
      if (!input.newMember) throw new Error("no member data");
      const m = await trx.insertInto("members").values({ ...input.newMember, created_at: at, last_enrollment_id: null }).returning("id").executeTakeFirstOrThrow();
      memberId = m.id;
    }
    const policy = await trx
      .insertInto("policies")
      .values({ policy_number: input.policyNumber, member_id: memberId, enrollment_id: input.enrollmentId, idempotency_key: input.idempotencyKey, tier: input.tier, effective_date: input.effectiveDate, created_at: at, signature_status: input.sendSms ? "awaiting" : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const l of input.lines) {
      await trx.insertInto("policy_plans").values({ policy_id: policy.id, plan_id: l.plan_id, plan_price_id: l.plan_price_id, price_cents: l.price_cents, status: "ACTIVE" }).execute();
    }
    if (input.deleteDependents) await trx.deleteFrom("dependents").where("enrollment_id", "=", input.enrollmentId).execute();
    await trx
      .updateTable("enrollments")
      .set({ status: "completed", completed_at: at, updated_at: at, policy_id: policy.id, member_id: memberId, additional_notes: input.additionalNotes, send_sms: input.sendSms ? 1 : 0 })
      .where("id", "=", input.enrollmentId)
      .execute();
    await trx.updateTable("members").set({ last_enrollment_id: input.enrollmentId }).where("id", "=", memberId).execute();
    // Banks and cards entered here become the member's saved methods for next time.
    await trx.updateTable("payment_methods").set({ member_id: memberId }).where("enrollment_id", "=", input.enrollmentId).where("member_id", "is", null).execute();
    return { created: true, policyId: policy.id, memberId };
  });
}

export function policyForEnrollment(db: DB, enrollmentId: number) {
  return db.selectFrom("policies").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

export function enrollmentPayment(db: DB, enrollmentId: number) {
  return db.selectFrom("enrollment_payments").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

export async function saveReviewNotes(db: DB, enrollmentId: number, notes: string | null, sendSms: boolean, now: Date) {
  await db.updateTable("enrollments").set({ additional_notes: notes, send_sms: sendSms ? 1 : 0, updated_at: now.toISOString() }).where("id", "=", enrollmentId).execute();
}

/** The policy's signature from the text message's link: recorded once, while it is awaited. */
export async function recordPolicySignature(db: DB, policyId: number, signatureEnc: string, now: Date) {
  const res = await db
    .updateTable("policies")
    .set({ signature_status: "signed", signed_at: now.toISOString(), signature_enc: signatureEnc })
    .where("id", "=", policyId)
    .where("signature_status", "=", "awaiting")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A member's newest policy still waiting for the applicant's signature from a text message. */
export function awaitingPolicyForMember(db: DB, memberId: number) {
  return db.selectFrom("policies").selectAll().where("member_id", "=", memberId).where("signature_status", "=", "awaiting").orderBy("id", "desc").executeTakeFirst();
}
