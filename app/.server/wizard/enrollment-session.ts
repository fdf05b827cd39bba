/** Putting an enrollment back into a browser's session (cart links, resume codes, direct links). */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { referralById } from "../repositories/entry";
import { updateEnrollment } from "../repositories/enrollments";
import { retireCodes } from "../repositories/codes";
import { markLinkTokensUsed } from "../repositories/tokens";
import { randomToken } from "../platform/crypto";
import { RECEIPT_OPEN_MS } from "~/domain/session";

/**
 * This browser becomes the enrollment's only holder (issue 23): a fresh value in the enrollment
 * and in this session; every browser that held it before loses it at its next request (the
 * session's read checks it, platform/session.ts). Every Save & Continue Later code and link of the
 * enrollment ends with it, in the same transaction (ADR 003): a browser that lost the enrollment —
 * to a resume, or to the e-mailed code of an invitation link (ADR 023) — must not take it back with
 * a resume e-mail it sent itself before. Only on a POST: it writes.
 */
export async function holdEnrollment(services: Services, session: StoreSession, enrollmentId: number) {
  const holder = randomToken(16);
  const now = services.now();
  const hold = async (db: DB) => {
    await retireResumeMail(db, enrollmentId, now);
    await updateEnrollment(db, enrollmentId, { holder }, now);
  };
  await (services.db.isTransaction ? hold(services.db) : services.db.transaction().execute(hold));
  session.set("holder", holder);
}

/** Ends every live Save & Continue Later code and direct link of an enrollment (the link then says "used"). */
export async function retireResumeMail(db: DB, enrollmentId: number, now: Date) {
  await retireCodes(db, enrollmentId, "resume", now);
  await markLinkTokensUsed(db, enrollmentId, "direct_continue", now);
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
