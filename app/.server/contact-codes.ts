/**
 * One-time codes that verify an e-mail address or phone number (enrollment-wizard §2.5, §9):
 * 6 digits from a secure source, stored hashed, single-use, 10 minutes, a resend after
 * 120 seconds retires the earlier code, at most 5 wrong tries per code and 100 failures per
 * hour per enrollment (counted in the database).
 */
import type { Services } from "./services";
import { randomDigits } from "./crypto";
import { addAttempt, insertCode, invalidateCode, latestCode, markCodeUsed } from "./repositories/codes";
import { hitLimit, peekLimit } from "./rate-limit";

export const OTP_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 120 * 1000;
export const MAX_TRIES = 5;
export const FAILURE_LIMIT = { max: 100, windowMs: 60 * 60 * 1000 };

export type ContactKind = "email" | "phone";
const purposeOf = (kind: ContactKind) => `otp_${kind}`;

export function contactHash(services: Services, kind: ContactKind, value: string) {
  return services.cipher.hash(`${kind}:${value.trim().toLowerCase()}`);
}

/** Seconds before another code may be sent (0: now). */
export async function resendWait(services: Services, enrollmentId: number, kind: ContactKind) {
  const last = await latestCode(services.db, enrollmentId, purposeOf(kind));
  if (!last) return 0;
  const left = new Date(last.created_at).getTime() + RESEND_AFTER_MS - services.now().getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

export type SendResult = { ok: true } | { ok: false; reason: "wait"; seconds: number } | { ok: false; reason: "locked" };

export async function sendContactCode(services: Services, enrollmentId: number, kind: ContactKind, target: string, locale: string): Promise<SendResult> {
  const now = services.now();
  if ((await peekLimit(services.db, `otp-fail:${enrollmentId}`, FAILURE_LIMIT, now)).limited) return { ok: false, reason: "locked" };
  const wait = await resendWait(services, enrollmentId, kind);
  if (wait > 0) return { ok: false, reason: "wait", seconds: wait };
  const code = randomDigits(6);
  await insertCode(services.db, {
    enrollmentId,
    purpose: purposeOf(kind),
    targetHash: contactHash(services, kind, target),
    codeHash: services.cipher.hash(`otp:${enrollmentId}:${code}`),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    now,
  });
  const t = await services.i18n.getFixedT(locale, "common");
  if (kind === "email") {
    const text = t("otp.emailBody", { code, minutes: 10 });
    await services.mailer.send({ to: target, subject: t("otp.emailSubject"), text, html: `<p>${text.replace(/</g, "&lt;")}</p>`, kind: "otp", enrollmentId });
  } else {
    await services.sms.send({ to: target, text: t("otp.smsBody", { code, minutes: 10 }), kind: "otp", enrollmentId });
  }
  services.log.info("one-time code sent", { channel: kind, enrollmentId });
  return { ok: true };
}

export type VerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "locked" | "noCode" | "otherTarget";

export async function verifyContactCode(services: Services, enrollmentId: number, kind: ContactKind, target: string, code: string): Promise<VerifyResult> {
  const now = services.now();
  const failKey = `otp-fail:${enrollmentId}`;
  if ((await peekLimit(services.db, failKey, FAILURE_LIMIT, now)).limited) return "locked";
  const row = await latestCode(services.db, enrollmentId, purposeOf(kind));
  if (!row || row.used_at || row.invalidated_at) return "noCode";
  if (row.target_hash !== contactHash(services, kind, target)) return "otherTarget";
  if (row.expires_at <= now.toISOString()) return "expired";
  if (row.code_hash !== services.cipher.hash(`otp:${enrollmentId}:${code}`)) {
    await addAttempt(services.db, row.id);
    await hitLimit(services.db, failKey, FAILURE_LIMIT, now);
    services.log.warn("one-time code refused", { channel: kind, enrollmentId, attempt: row.attempts + 1 });
    if (row.attempts + 1 >= MAX_TRIES) {
      await invalidateCode(services.db, row.id, now);
      return "tooManyTries";
    }
    return "wrong";
  }
  return (await markCodeUsed(services.db, row.id, now)) ? "ok" : "noCode";
}
