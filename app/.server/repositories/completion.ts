/** Turning a checked-out enrollment into a member with a policy, inside the transaction Complete opens. */
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

/** The policy a Complete made for this key, if any (the key is unique). */
export function policyByKey(db: DB, idempotencyKey: string) {
  return db.selectFrom("policies").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

/**
 * Takes the enrollment for completion inside the caller's transaction: a write to its row, so
 * PostgreSQL holds the row lock and SQLite the write lock until the transaction ends — a second
 * Complete waits, then finds it completed. Undefined when it is not checked out.
 */
export function claimForCompletion(trx: DB, enrollmentId: number, now: Date) {
  return trx
    .updateTable("enrollments")
    .set({ updated_at: now.toISOString() })
    .where("id", "=", enrollmentId)
    .where("status", "=", "checked_out")
    .returningAll()
    .executeTakeFirst();
}

/** Writes the member, the policy and its plans, and marks the enrollment completed — in the caller's transaction. */
export async function insertCompletion(trx: DB, input: CompletionInput): Promise<{ policyId: number; memberId: number }> {
  const at = input.now.toISOString();
  let memberId = input.existingMemberId;
  if (!memberId) {
    if (!input.newMember) throw new Error("no member data");
    const m = await trx
      .insertInto("members")
      .values({ ...input.newMember, created_at: at, last_enrollment_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    memberId = m.id;
  }
  const policy = await trx
    .insertInto("policies")
    .values({
      policy_number: input.policyNumber,
      member_id: memberId,
      enrollment_id: input.enrollmentId,
      idempotency_key: input.idempotencyKey,
      tier: input.tier,
      effective_date: input.effectiveDate,
      created_at: at,
      signature_status: input.sendSms ? "awaiting" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const l of input.lines) {
    await trx
      .insertInto("policy_plans")
      .values({ policy_id: policy.id, plan_id: l.plan_id, plan_price_id: l.plan_price_id, price_cents: l.price_cents, status: "ACTIVE" })
      .execute();
  }
  if (input.deleteDependents) await trx.deleteFrom("dependents").where("enrollment_id", "=", input.enrollmentId).execute();
  await trx
    .updateTable("enrollments")
    .set({
      status: "completed",
      completed_at: at,
      updated_at: at,
      policy_id: policy.id,
      member_id: memberId,
      additional_notes: input.additionalNotes,
      send_sms: input.sendSms ? 1 : 0,
    })
    .where("id", "=", input.enrollmentId)
    .execute();
  await trx.updateTable("members").set({ last_enrollment_id: input.enrollmentId }).where("id", "=", memberId).execute();
  // Banks and cards entered here become the member's saved methods for next time.
  await trx
    .updateTable("payment_methods")
    .set({ member_id: memberId })
    .where("enrollment_id", "=", input.enrollmentId)
    .where("member_id", "is", null)
    .execute();
  return { policyId: policy.id, memberId };
}

export function policyForEnrollment(db: DB, enrollmentId: number) {
  return db.selectFrom("policies").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

export function enrollmentPayment(db: DB, enrollmentId: number) {
  return db.selectFrom("enrollment_payments").selectAll().where("enrollment_id", "=", enrollmentId).executeTakeFirst();
}

export async function saveReviewNotes(db: DB, enrollmentId: number, notes: string | null, sendSms: boolean, now: Date) {
  await db
    .updateTable("enrollments")
    .set({ additional_notes: notes, send_sms: sendSms ? 1 : 0, updated_at: now.toISOString() })
    .where("id", "=", enrollmentId)
    .execute();
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
  return db
    .selectFrom("policies")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("signature_status", "=", "awaiting")
    .orderBy("id", "desc")
    .executeTakeFirst();
}
