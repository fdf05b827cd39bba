/**
 * One-time codes that let a browser use a personal link another browser holds (ADR 023): an
 * invitation's enrollment in progress, a member benefit store link (ADR 033). 6 digits from a
 * secure source, kept as a keyed hash (never the code), 15 minutes, single use, 5 tries per code,
 * a resend after 120 s that retires the earlier code. A code belongs to the browser that asked for
 * it: its purpose carries a random key kept in that browser's session, so nobody else's wrong codes
 * use up the person's code, and a code typed in another browser is no code there. Counted first, in
 * one atomic statement each (ADR 007): a send takes this browser's 120 s slot, then one of the
 * person's hourly sends; a try takes one of the code's tries, then one of the person's hourly
 * failures, and only then is the hash compared. Every send, success and failure is audited.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { StoreSession } from "./session";
import { matchesAnyHash, randomDigits } from "./crypto";
import { audit } from "./audit";
import { queueMail, withMessages } from "./outbox";
import { releaseLimit, takeLimit } from "./rate-limit";
import { codeById, insertCode, invalidateCode, latestCodeFor, markCodeUsed, releaseCodeTry, takeCodeTry } from "../repositories/codes";
import type { AuditActor, AuditKind } from "~/domain/audit";
import type { Locale } from "~/domain/locale";

export const LINK_CODE_TTL_MS = 15 * 60 * 1000;
export const LINK_CODE_RESEND_AFTER_MS = 120 * 1000;
export const LINK_CODE_MAX_TRIES = 5;
/** codes sent for one person in an hour, whichever browsers asked (no mail cannon) */
export const LINK_CODE_SENDS = { max: 5, windowMs: 60 * 60 * 1000 };
/** wrong codes for one person in an hour, from any browser */
export const LINK_CODE_FAILURES = { max: 15, windowMs: 60 * 60 * 1000 };
const SEND_SLOT = { max: 1, windowMs: LINK_CODE_RESEND_AFTER_MS };

/** What differs between the links that use these codes: names of purposes, limits, audit kinds, mail. */
export interface LinkCodeScheme {
  /** the code's purpose is `{purpose}:{person}:{browser key}` */
  purpose: string;
  /** the session's key for this browser's codes */
  sessionKey: "inviteKey" | "memberLinkKey";
  /** limit keys: `{limits}-slot:{purpose}`, `{limits}-sends:{person}`, `{limits}-fail:{person}`; keyed hashes: `{limits}-otp:`, `{limits}-email:` */
  limits: string;
  /** the audit detail names the person `{subject}:{id}` */
  subject: "employee" | "member";
  audit: { sent: AuditKind; success: AuditKind; failure: AuditKind };
  mail: { kind: string; subject: string; body: string };
}

export type LinkCodeVerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "throttled" | "noCode";
export type LinkCodeSendResult = { ok: true } | { ok: false; reason: "wait"; seconds: number };

const purposeOf = (s: LinkCodeScheme, personId: number, key: string) => `${s.purpose}:${personId}:${key}`;
const codeHash = (services: Services, s: LinkCodeScheme, purpose: string, code: string) =>
  services.cipher.hash(`${s.limits}-otp:${purpose}:${code}`);
/** Whether a typed code is the one kept, hashed under any configured key (a code sent just before a key rotation still works; timing-safe). */
const codeMatches = (services: Services, s: LinkCodeScheme, purpose: string, code: string, stored: string) =>
  matchesAnyHash(services.cipher, `${s.limits}-otp:${purpose}:${code}`, stored);
const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** The live code this browser asked for this person, if any: how long until another may be sent. */
export async function pendingLinkCode(services: Services, session: StoreSession, s: LinkCodeScheme, personId: number) {
  const key = session.get(s.sessionKey);
  if (!key) return null;
  const row = await latestCodeFor(services.db, purposeOf(s, personId, key));
  const now = services.now();
  if (!row || row.used_at || row.invalidated_at || row.expires_at <= now.toISOString()) return null;
  const resendAt = new Date(row.created_at).getTime() + LINK_CODE_RESEND_AFTER_MS;
  return { waitSeconds: resendAt > now.getTime() ? secondsUntil(resendAt, now) : 0 };
}

/** "Send me a code": a new code for this browser, e-mailed to `to` (the caller decides the address) in `locale`. */
export async function sendLinkCode(
  services: Services,
  session: StoreSession,
  s: LinkCodeScheme,
  person: { id: number; firstName: string; to: string; locale: Locale },
  actor: AuditActor,
): Promise<LinkCodeSendResult> {
  const now = services.now();
  const key = session.get(s.sessionKey) ?? crypto.randomBytes(16).toString("base64url");
  const purpose = purposeOf(s, person.id, key);
  const slot = await takeLimit(services.db, `${s.limits}-slot:${purpose}`, SEND_SLOT, now);
  if (!slot.allowed) return { ok: false, reason: "wait", seconds: secondsUntil(slot.resetAt.getTime(), now) };
  const hour = await takeLimit(services.db, `${s.limits}-sends:${person.id}`, LINK_CODE_SENDS, now);
  if (!hour.allowed) {
    await releaseLimit(services.db, `${s.limits}-slot:${purpose}`, slot);
    return { ok: false, reason: "wait", seconds: secondsUntil(hour.resetAt.getTime(), now) };
  }
  const code = randomDigits(6);
  const t = await services.i18n.getFixedT(person.locale, "common");
  const minutes = LINK_CODE_TTL_MS / 60000;
  // the code row and its message commit together (ADR 010)
  await withMessages(services, async (tx) => {
    await insertCode(tx.db, {
      enrollmentId: null,
      purpose,
      targetHash: services.cipher.hash(`${s.limits}-email:${person.to.trim().toLowerCase()}`),
      codeHash: codeHash(services, s, purpose, code),
      expiresAt: new Date(now.getTime() + LINK_CODE_TTL_MS),
      now,
    });
    const text = t(s.mail.body, { name: person.firstName, code, minutes });
    const esc = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    await queueMail(tx, { to: person.to, subject: t(s.mail.subject), text, html: `<p>${esc(text)}</p>`, kind: s.mail.kind });
    await audit(tx, actor, { kind: s.audit.sent, detail: `${s.subject}:${person.id}` });
  });
  session.set(s.sessionKey, key);
  return { ok: true };
}

/**
 * Checks the code typed in this browser for this person. Each try is counted first: one of the
 * code's 5 tries, then one of the person's hourly failures; only then is the hash compared. A
 * right code hands its failure back and is used once (only one request can use it). Audited.
 */
export async function verifyLinkCode(
  services: Services,
  session: StoreSession,
  s: LinkCodeScheme,
  personId: number,
  code: string,
  actor: AuditActor,
): Promise<LinkCodeVerifyResult> {
  const result = await check(services, session, s, personId, code);
  if (result === "ok") await audit(services, actor, { kind: s.audit.success, detail: `${s.subject}:${personId}` });
  else {
    services.log.warn(`${s.purpose} code refused`, { reason: result, requestId: session.requestId });
    await audit(services, actor, { kind: s.audit.failure, detail: `${s.subject}:${personId}:${result.toLowerCase()}` });
  }
  return result;
}

async function check(services: Services, session: StoreSession, s: LinkCodeScheme, personId: number, code: string) {
  const key = session.get(s.sessionKey);
  if (!key) return "noCode";
  const now = services.now();
  const row = await latestCodeFor(services.db, purposeOf(s, personId, key));
  if (!row || row.used_at || row.invalidated_at) return "noCode";
  if (row.expires_at <= now.toISOString()) return "expired";
  const tries = await takeCodeTry(services.db, row.id, LINK_CODE_MAX_TRIES, now);
  if (tries === null) {
    const latest = await codeById(services.db, row.id);
    if (latest?.used_at || (latest?.invalidated_at && latest.attempts < LINK_CODE_MAX_TRIES)) return "noCode";
    return latest && latest.expires_at <= now.toISOString() ? "expired" : "tooManyTries";
  }
  const failKey = `${s.limits}-fail:${personId}`;
  const failure = await takeLimit(services.db, failKey, LINK_CODE_FAILURES, now);
  if (!failure.allowed) {
    await releaseCodeTry(services.db, row.id);
    return "throttled";
  }
  if (!/^\d{6}$/.test(code) || !codeMatches(services, s, row.purpose, code, row.code_hash)) {
    if (tries >= LINK_CODE_MAX_TRIES) {
      await invalidateCode(services.db, row.id, now);
      return "tooManyTries";
    }
    return "wrong";
  }
  await releaseLimit(services.db, failKey, failure);
  return (await markCodeUsed(services.db, row.id, now)) ? "ok" : "noCode";
}
