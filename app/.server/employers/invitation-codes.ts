/**
 * Invitation links work once per browser (issue 28, ADR 023). Once an invitation's enrollment is
 * held by a browser, another browser continues it only with a one-time code e-mailed to the
 * employee (codeAddress: the roster's address while unchanged, else the one they typed and confirmed in the enrollment): 6 digits from a secure source, kept as a keyed hash, 15 minutes,
 * single use, 5 tries per code, a resend after 120 s that retires the earlier code. A code belongs
 * to the browser that asked for it (its purpose carries a random key kept in that browser's
 * session), so nobody else's wrong codes use up the employee's code. Counted first, in one atomic
 * statement each (ADR 007): a send takes one of the employee's hourly sends and this browser's
 * 120 s slot; a try takes one of the code's tries, then one of the employee's hourly failures, and
 * only then is the hash compared. Every send, success and failure is on the audit trail.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { randomDigits, matchesAnyHash } from "../platform/crypto";
import { audit } from "../platform/audit";
import { queueMail, withMessages } from "../platform/outbox";
import { releaseLimit, takeLimit } from "../platform/rate-limit";
import { codeById, insertCode, invalidateCode, latestCodeFor, markCodeUsed, releaseCodeTry, takeCodeTry } from "../repositories/codes";
import { maskEmail } from "../members/verification";
import type { RosterRow } from "../repositories/employees";
import { readStep } from "../wizard/steps";
import { employeeActor, rosterEmailUnchanged } from "./invitations";
import { isConfirmedContact } from "../wizard/contact-codes";
import { localeOf } from "~/domain/locale";

export const INVITE_CODE_TTL_MS = 15 * 60 * 1000;
export const INVITE_RESEND_AFTER_MS = 120 * 1000;
export const INVITE_CODE_MAX_TRIES = 5;
/** codes sent for one employee in an hour, whichever browsers asked (no mail cannon) */
export const INVITE_CODE_SENDS = { max: 5, windowMs: 60 * 60 * 1000 };
/** wrong codes for one employee in an hour, from any browser */
export const INVITE_CODE_FAILURES = { max: 15, windowMs: 60 * 60 * 1000 };
const SEND_SLOT = { max: 1, windowMs: INVITE_RESEND_AFTER_MS };

type Employee = Pick<RosterRow, "id" | "group_id" | "first_name" | "email" | "locale" | "enrollment_email_hash">;

const purposeOf = (employeeId: number, key: string) => `invitation:${employeeId}:${key}`;
const codeHash = (services: Services, purpose: string, code: string) => services.cipher.hash(`invite-otp:${purpose}:${code}`);
/** Whether a typed code is the one kept, hashed under any configured key (a code sent just before a key rotation still works; timing-safe). */
const codeMatches = (services: Services, purpose: string, code: string, stored: string) =>
  matchesAnyHash(services.cipher, `invite-otp:${purpose}:${code}`, stored);
const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** The enrollment in progress a code would continue (null: the code takes back a decline). */
type Continued = { id: number } | null;

/**
 * Where the code goes. The roster's address, while the employer has not changed it since the
 * enrollment began (under any configured key: a key rotation changes nothing); after such a change,
 * the address typed in the enrollment's contact step, but only once a contact-step code confirmed
 * it; else none: the enrollment continues only in the browser that holds it. Neither the employer
 * (by setting the roster's address to their own) nor whoever pressed Start first with a forwarded
 * link (by typing their own address, unconfirmed) can take the employee's code.
 */
export async function codeAddress(
  services: Services,
  e: Employee,
  continued: Continued,
): Promise<{ to: string } | { refused: "noEmail" | "addressChanged" }> {
  if (!continued) return e.email ? { to: e.email } : { refused: "noEmail" };
  if (e.email && rosterEmailUnchanged(services, e.email, e.enrollment_email_hash)) return { to: e.email };
  const typed = (await readStep(services, continued.id, "contact_info"))?.data.email?.trim();
  if (typed && (await isConfirmedContact(services, continued.id, "email", typed))) return { to: typed };
  return e.email || typed ? { refused: "addressChanged" } : { refused: "noEmail" };
}

/** The code this browser asked for this employee, if one is live: where it went and when another may be sent. */
export async function pendingInvitationCode(services: Services, session: StoreSession, e: Employee, continued: Continued) {
  const key = session.get("inviteKey");
  if (!key) return null;
  const address = await codeAddress(services, e, continued);
  if (!("to" in address)) return null;
  const row = await latestCodeFor(services.db, purposeOf(e.id, key));
  const now = services.now();
  if (!row || row.used_at || row.invalidated_at || row.expires_at <= now.toISOString()) return null;
  const resendAt = new Date(row.created_at).getTime() + INVITE_RESEND_AFTER_MS;
  return { to: maskEmail(address.to), waitSeconds: resendAt > now.getTime() ? secondsUntil(resendAt, now) : 0 };
}

export type InviteSendResult =
  | { ok: true }
  | { ok: false; reason: "wait"; seconds: number }
  | { ok: false; reason: "noEmail" | "addressChanged" };

/** "Send me a code": to the employee (codeAddress), in their language. */
export async function sendInvitationCode(
  services: Services,
  session: StoreSession,
  e: Employee,
  continued: Continued,
): Promise<InviteSendResult> {
  const address = await codeAddress(services, e, continued);
  if (!("to" in address)) {
    await audit(services, employeeActor(session, e.id), {
      kind: "invitation.refuse",
      detail: address.refused === "noEmail" ? "code:no_email" : "code:address_changed",
    });
    return { ok: false, reason: address.refused };
  }
  const now = services.now();
  const key = session.get("inviteKey") ?? crypto.randomBytes(16).toString("base64url");
  const purpose = purposeOf(e.id, key);
  const slot = await takeLimit(services.db, `invite-slot:${purpose}`, SEND_SLOT, now);
  if (!slot.allowed) return { ok: false, reason: "wait", seconds: secondsUntil(slot.resetAt.getTime(), now) };
  const hour = await takeLimit(services.db, `invite-sends:${e.id}`, INVITE_CODE_SENDS, now);
  if (!hour.allowed) {
    await releaseLimit(services.db, `invite-slot:${purpose}`, slot);
    return { ok: false, reason: "wait", seconds: secondsUntil(hour.resetAt.getTime(), now) };
  }
  const code = randomDigits(6);
  const t = await services.i18n.getFixedT(localeOf(e.locale), "common");
  const minutes = INVITE_CODE_TTL_MS / 60000;
  const email = address.to;
  // the code row and its message commit together (ADR 010)
  await withMessages(services, async (tx) => {
    await insertCode(tx.db, {
      enrollmentId: null,
      purpose,
      targetHash: services.cipher.hash(`invite-email:${email.trim().toLowerCase()}`),
      codeHash: codeHash(services, purpose, code),
      expiresAt: new Date(now.getTime() + INVITE_CODE_TTL_MS),
      now,
    });
    const text = t("invitation.code.mailBody", { name: e.first_name, code, minutes });
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    await queueMail(tx, { to: email, subject: t("invitation.code.mailSubject"), text, html: `<p>${esc(text)}</p>`, kind: "employee_code" });
    await audit(tx, employeeActor(session, e.id), { kind: "invitation.code_sent", detail: `employee:${e.id}` });
  });
  session.set("inviteKey", key);
  return { ok: true };
}

export type InviteVerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "throttled" | "noCode";

/**
 * Checks the code typed in this browser for this employee. Each try is counted first: one of the
 * code's 5 tries, then one of the employee's hourly failures; only then is the hash compared. A
 * right code hands its failure back and is used once (only one request can use it). Audited.
 */
export async function verifyInvitationCode(services: Services, session: StoreSession, e: Employee, code: string) {
  const result = await check(services, session, e, code);
  const actor = employeeActor(session, e.id);
  if (result === "ok") await audit(services, actor, { kind: "invitation.code_success", detail: `employee:${e.id}` });
  else {
    services.log.warn("invitation code refused", { reason: result, requestId: session.requestId });
    await audit(services, actor, { kind: "invitation.code_failure", detail: `employee:${e.id}:${result.toLowerCase()}` });
  }
  return result;
}

async function check(services: Services, session: StoreSession, e: Employee, code: string): Promise<InviteVerifyResult> {
  const key = session.get("inviteKey");
  if (!key) return "noCode";
  const now = services.now();
  const row = await latestCodeFor(services.db, purposeOf(e.id, key));
  if (!row || row.used_at || row.invalidated_at) return "noCode";
  if (row.expires_at <= now.toISOString()) return "expired";
  const tries = await takeCodeTry(services.db, row.id, INVITE_CODE_MAX_TRIES, now);
  if (tries === null) {
    const latest = await codeById(services.db, row.id);
    if (latest?.used_at || (latest?.invalidated_at && latest.attempts < INVITE_CODE_MAX_TRIES)) return "noCode";
    return latest && latest.expires_at <= now.toISOString() ? "expired" : "tooManyTries";
  }
  const failKey = `invite-fail:${e.id}`;
  const failure = await takeLimit(services.db, failKey, INVITE_CODE_FAILURES, now);
  if (!failure.allowed) {
    await releaseCodeTry(services.db, row.id);
    return "throttled";
  }
  if (!/^\d{6}$/.test(code) || !codeMatches(services, row.purpose, code, row.code_hash)) {
    if (tries >= INVITE_CODE_MAX_TRIES) {
      await invalidateCode(services.db, row.id, now);
      return "tooManyTries";
    }
    return "wrong";
  }
  await releaseLimit(services.db, failKey, failure);
  return (await markCodeUsed(services.db, row.id, now)) ? "ok" : "noCode";
}
