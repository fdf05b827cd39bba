/**
 * One-time codes that verify an e-mail address or phone number (enrollment-wizard §2.5, §9):
 * 6 digits from a secure source, stored hashed, single-use, 10 minutes, a resend after
 * 120 seconds retires the earlier code, at most 5 wrong tries per code and 100 failures per
 * hour per enrollment (counted in the database).
 *
 * The 120 s wait is per address (or number): someone who corrects a mistyped address gets a
 * code at the new one at once, as they expect, and that code retires the one sent to the old
 * address. So that switching addresses cannot turn the form into a mail or text cannon, an
 * enrollment sends at most SEND_LIMIT codes an hour of each kind.
 *
 * Enrollments are free, so per-enrollment caps alone let anyone pump texts and e-mails (issue 23):
 * every send also takes a place among the client's codes an hour (CONTACT_CODES_PER_CLIENT_HOUR),
 * the address's or number's codes an hour whatever the enrollment (CONTACT_CODES_PER_DESTINATION_HOUR)
 * and the store's daily budget of its channel (CONTACT_SMS_PER_DAY, CONTACT_EMAILS_PER_DAY); a
 * refused send says in how many minutes to try again.
 *
 * Every limit holds under concurrency (ADR 007): a try and a failure are counted, each in one
 * atomic statement, BEFORE the typed code is compared, and a send takes its hourly place and
 * the address's 120-second slot atomically before the code is made.
 */
import type { Services } from "../services";
import { queueMail, queueText, withMessages } from "../platform/outbox";
import { matchesAnyHash, randomDigits } from "../platform/crypto";
import { contactCodePurpose, contactHashInput, type ContactKind } from "../platform/hash-inputs";
import {
  usedCodeTargets,
  codeById,
  insertCode,
  invalidateCode,
  latestCode,
  latestCodeTo,
  markCodeUsed,
  releaseCodeTry,
  takeCodeTry,
} from "../repositories/codes";
import { peekLimit, releaseLimit, takeLimit, type Limit, type Taken } from "../platform/rate-limit";
import { clientKey } from "../platform/client-key";

export const OTP_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 120 * 1000;
export const MAX_TRIES = 5;
export const FAILURE_LIMIT = { max: 100, windowMs: 60 * 60 * 1000 };
/** at most 20 codes of a kind an hour for one enrollment: room for corrections and resends, no cannon */
export const SEND_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };
/** one code per address (or number) per 120 s: the slot a send takes */
const SEND_SLOT = { max: 1, windowMs: RESEND_AFTER_MS };

export type { ContactKind };
const purposeOf = contactCodePurpose;
const failKeyOf = (enrollmentId: number) => `otp-fail:${enrollmentId}`;
/** the hourly cap on codes of one kind for an enrollment */
const sendKey = (enrollmentId: number, kind: ContactKind) => `otp-sends:${enrollmentId}:${kind}`;
/** the 120 s slot of one address or number (hashed: no contact detail in a key) */
const slotKey = (enrollmentId: number, kind: ContactKind, targetHash: string) => `otp-slot:${enrollmentId}:${kind}:${targetHash}`;

const contactKey = contactHashInput;

export function contactHash(services: Services, kind: ContactKind, value: string) {
  return services.cipher.hash(contactKey(kind, value));
}

/** Whether a stored contact hash is this address's (under any configured key: see key rotation). */
export function isContactHash(services: Services, kind: ContactKind, value: string | null | undefined, stored: string | null | undefined) {
  return Boolean(value) && matchesAnyHash(services.cipher, contactKey(kind, value!), stored);
}

/** Whether this enrollment confirmed this address or number with a contact-step code (a code sent to it and used). */
export async function isConfirmedContact(services: Services, enrollmentId: number, kind: ContactKind, value: string) {
  const targets = await usedCodeTargets(services.db, enrollmentId, purposeOf(kind));
  return targets.some((stored) => isContactHash(services, kind, value, stored));
}

const secondsUntil = (at: number, now: Date) => Math.max(0, Math.ceil((at - now.getTime()) / 1000));

/** Seconds before a code may be sent to this address or number (0: now): its own 120 s wait, or the hourly cap. */
export async function resendWait(services: Services, enrollmentId: number, kind: ContactKind, target: string) {
  const now = services.now();
  const [last, sends] = await Promise.all([
    latestCodeTo(services.db, enrollmentId, purposeOf(kind), contactHash(services, kind, target)),
    peekLimit(services.db, sendKey(enrollmentId, kind), SEND_LIMIT, now),
  ]);
  const own = last ? secondsUntil(new Date(last.created_at).getTime() + RESEND_AFTER_MS, now) : 0;
  return Math.max(own, sends.limited ? secondsUntil(sends.resetAt.getTime(), now) : 0);
}

/**
 * What the code dialog may say about this address or number: was a code sent to it that can
 * still be used (the newest of its kind, not used, retired or expired), and when may one be sent.
 */
export async function codeStatus(services: Services, enrollmentId: number, kind: ContactKind, target: string) {
  const now = services.now();
  const row = await latestCode(services.db, enrollmentId, purposeOf(kind));
  const sent = Boolean(
    row &&
      !row.used_at &&
      !row.invalidated_at &&
      row.expires_at > now.toISOString() &&
      isContactHash(services, kind, target, row.target_hash),
  );
  return { sent, waitSeconds: await resendWait(services, enrollmentId, kind, target) };
}

export type SendResult =
  | { ok: true }
  | { ok: false; reason: "wait"; seconds: number }
  | { ok: false; reason: "limited"; seconds: number }
  | { ok: false; reason: "locked" };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The caps beyond the enrollment, for every message the store sends to an address or number a
 * visitor typed (contact codes, Save & Continue Later e-mails): this client's hour (`client`: its
 * clientKey), the address's or number's hour, the channel's day (ADR 017).
 */
export function sharedCaps(services: Services, kind: ContactKind, target: string, client: string): Array<{ key: string; limit: Limit }> {
  const c = services.config.contactCodes;
  return [
    { key: `otp-client:${client}`, limit: { max: c.perClientHour, windowMs: HOUR_MS } },
    {
      key: `otp-dest:${kind}:${contactHash(services, kind, target).slice(0, 32)}`,
      limit: { max: c.perDestinationHour, windowMs: HOUR_MS },
    },
    kind === "phone"
      ? { key: "otp-day:sms", limit: { max: c.smsPerDay, windowMs: DAY_MS } }
      : { key: "otp-day:email", limit: { max: c.emailsPerDay, windowMs: DAY_MS } },
  ];
}

export async function sendContactCode(
  services: Services,
  enrollmentId: number,
  kind: ContactKind,
  target: string,
  locale: string,
  clientIp: string | undefined,
): Promise<SendResult> {
  const now = services.now();
  if ((await peekLimit(services.db, failKeyOf(enrollmentId), FAILURE_LIMIT, now)).limited) return { ok: false, reason: "locked" };
  const wait = await resendWait(services, enrollmentId, kind, target);
  if (wait > 0) return { ok: false, reason: "wait", seconds: wait };
  // Sends at once: each takes a place in the hour, then the address's 120 s slot; one wins the
  // slot, the others give their place back and wait like any early resend.
  const hour = await takeLimit(services.db, sendKey(enrollmentId, kind), SEND_LIMIT, now);
  if (!hour.allowed) return { ok: false, reason: "wait", seconds: Math.max(1, secondsUntil(hour.resetAt.getTime(), now)) };
  const taken: Array<{ key: string; taken: Taken }> = [{ key: sendKey(enrollmentId, kind), taken: hour }];
  const giveBack = async () => {
    for (const t of taken) await releaseLimit(services.db, t.key, t.taken);
  };
  for (const cap of sharedCaps(services, kind, target, clientKey(services, clientIp))) {
    const place = await takeLimit(services.db, cap.key, cap.limit, now);
    if (!place.allowed) {
      await giveBack();
      services.log.warn("one-time code refused: limit", {
        channel: kind,
        limit: cap.key.split(":")[0],
        client: clientKey(services, clientIp),
      });
      return { ok: false, reason: "limited", seconds: Math.max(1, secondsUntil(place.resetAt.getTime(), now)) };
    }
    taken.push({ key: cap.key, taken: place });
  }
  const slot = await takeLimit(services.db, slotKey(enrollmentId, kind, contactHash(services, kind, target)), SEND_SLOT, now);
  if (!slot.allowed) {
    await giveBack();
    return { ok: false, reason: "wait", seconds: Math.max(1, secondsUntil(slot.resetAt.getTime(), now)) };
  }
  await deliverCode(services, enrollmentId, kind, target, locale, now);
  return { ok: true };
}

async function deliverCode(services: Services, enrollmentId: number, kind: ContactKind, target: string, locale: string, now: Date) {
  const code = randomDigits(6);
  const t = await services.i18n.getFixedT(locale, "common");
  // the code row and its message in one transaction (ADR 010)
  await withMessages(services, async (tx) => {
    await insertCode(tx.db, {
      enrollmentId,
      purpose: purposeOf(kind),
      targetHash: contactHash(services, kind, target),
      codeHash: services.cipher.hash(`otp:${enrollmentId}:${code}`),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      now,
    });
    if (kind === "email") {
      const text = t("otp.emailBody", { code, minutes: 10 });
      await queueMail(tx, {
        to: target,
        subject: t("otp.emailSubject"),
        text,
        html: `<p>${text.replace(/</g, "&lt;")}</p>`,
        kind: "otp",
        enrollmentId,
      });
    } else {
      await queueText(tx, { to: target, text: t("otp.smsBody", { code, minutes: 10 }), kind: "otp", enrollmentId });
    }
  });
  services.log.info("one-time code sent", { channel: kind, enrollmentId });
}

export type VerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "locked" | "noCode" | "otherTarget";

export async function verifyContactCode(
  services: Services,
  enrollmentId: number,
  kind: ContactKind,
  target: string,
  code: string,
  clientIp?: string,
): Promise<VerifyResult> {
  const now = services.now();
  const failKey = failKeyOf(enrollmentId);
  if ((await peekLimit(services.db, failKey, FAILURE_LIMIT, now)).limited) return "locked";
  const row = await latestCode(services.db, enrollmentId, purposeOf(kind));
  if (!row || row.used_at || row.invalidated_at) return "noCode";
  if (!isContactHash(services, kind, target, row.target_hash)) return "otherTarget";
  if (row.expires_at <= now.toISOString()) return "expired";
  // Count first: one of this code's tries, then one of the hour's failures; only then compare.
  const tries = await takeCodeTry(services.db, row.id, MAX_TRIES, now);
  if (tries === null) {
    const latest = await codeById(services.db, row.id);
    if (latest?.used_at || (latest?.invalidated_at && latest.attempts < MAX_TRIES)) return "noCode";
    return latest && latest.expires_at <= now.toISOString() ? "expired" : "tooManyTries";
  }
  const failure = await takeLimit(services.db, failKey, FAILURE_LIMIT, now);
  if (!failure.allowed) {
    await releaseCodeTry(services.db, row.id);
    return "locked";
  }
  if (!matchesAnyHash(services.cipher, `otp:${enrollmentId}:${code}`, row.code_hash)) {
    services.log.warn("one-time code refused", { channel: kind, enrollmentId, attempt: tries, client: clientKey(services, clientIp) });
    if (tries >= MAX_TRIES) {
      await invalidateCode(services.db, row.id, now);
      return "tooManyTries";
    }
    return "wrong";
  }
  // the right code is not a failure; it is used once, by one request
  await releaseLimit(services.db, failKey, failure);
  return (await markCodeUsed(services.db, row.id, now)) ? "ok" : "noCode";
}
