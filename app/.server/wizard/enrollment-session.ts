/** Putting an enrollment back into a browser's session (cart links, resume codes, direct links). */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { referralById } from "../repositories/entry";
import { updateEnrollment } from "../repositories/enrollments";
import { randomToken } from "../platform/crypto";
import { RECEIPT_OPEN_MS } from "~/domain/session";

/**
 * This browser becomes the enrollment's only holder (issue 23): a fresh value in the enrollment
 * and in this session; every browser that held it before loses it at its next request (the
 * session's read checks it, platform/session.ts). Only on a POST: it writes.
 */
export async function holdEnrollment(services: Services, session: StoreSession, enrollmentId: number) {
  const holder = randomToken(16);
  await updateEnrollment(services.db, enrollmentId, { holder }, services.now());
  session.set("holder", holder);
}

/** The receipt of a just-completed enrollment, and its PDF, open to this browser for a few minutes. */
export function openReceipt(services: Services, session: StoreSession, enrollmentId: number) {
  session.unset("tempId", "navto");
  session.set("receiptId", enrollmentId);
  session.set("receiptUntil", services.now().getTime() + RECEIPT_OPEN_MS);
}

/** Leaving the receipt (Return to homepage): its PDF is no longer this browser's to download. */
export function closeReceipt(session: StoreSession) {
  session.unset("receiptId", "receiptUntil");
}

export async function restoreSession(services: Services, session: StoreSession, enrollment: Enrollment) {
  const ref = enrollment.referral_id ? await referralById(services.db, enrollment.referral_id) : undefined;
  const over65 = session.get("over65");
  session.clear();
  if (over65 !== undefined) session.set("over65", over65);
  session.set("tempId", enrollment.id);
  session.set("repAuthenticated", true);
  if (
    enrollment.eprocess === "rep" ||
    enrollment.eprocess === "applicant" ||
    enrollment.eprocess === "group" ||
    enrollment.eprocess === "sigapplicant"
  )
    session.set("eprocess", enrollment.eprocess);
  if (enrollment.open_type === "agent" || enrollment.open_type === "group" || enrollment.open_type === "user")
    session.set("openType", enrollment.open_type);
  if (
    enrollment.enroll_type === "new-member" ||
    enrollment.enroll_type === "new-group-member" ||
    enrollment.enroll_type === "existing-member"
  )
    session.set("enrollType", enrollment.enroll_type);
  if (enrollment.agent_id) session.set("agentId", enrollment.agent_id);
  if (enrollment.group_id) session.set("groupId", enrollment.group_id);
  if (enrollment.portal_id) session.set("portalId", enrollment.portal_id);
  if (enrollment.member_id) session.set("memberId", enrollment.member_id);
  if (ref) session.set("referral", ref.code);
}
