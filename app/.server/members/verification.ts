/**
 * Codes identify, verification authorises (issue 15). A rep code or a group code brands the
 * site, quotes and lets an employee enroll themselves; seeing current members, enrolling for
 * one of them, resending a signature link — anything that reads or changes another person's
 * enrollment — needs the rep or a group admin to prove who they are: a one-time code sent to the
 * e-mail or phone on file for them, with the wizard's rules (enrollment-wizard §9, ADR 007):
 * 6 digits from a secure source, stored hashed, 10 minutes, single use, a resend after 120 s that
 * retires the earlier code, 5 tries per code. All counted atomically in the database so every
 * instance shares the counts (count first, then evaluate).
 *
 * Limits stop guessing without letting strangers lock the real person out (issue 23): sends are
 * counted per client per person (STAFF_CLIENT_CODES_PER_HOUR) and, for clients the person has not
 * signed in from in 30 days, per rep or group (STAFF_CODES_PER_HOUR); wrong codes per code (5),
 * per client (10 in 10 minutes) and, again only for clients not known as the person's, per rep or
 * group (30 an hour) — which then stops new codes to such clients and further tries of a code that
 * already had a wrong one, never a code's first try. A code sent to one browser can be tried only
 * in that browser, so nobody else's requests or wrong codes retire or use up the person's code.
 *
 * A code belongs to one browser: its purpose carries a random key kept in that browser's session,
 * so the same rep signing in on two machines gets two codes that do not retire each other, and a
 * code typed in another browser is no code at all. The message and the page show a short
 * reference derived from that key, so the person can tell which message is theirs.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import { queueMail, queueText, withMessages } from "../platform/outbox";
import type { StoreSession } from "../platform/session";
import { randomDigits, matchesAnyHash } from "../platform/crypto";
import { clientKey } from "../platform/respond";
import { peekLimit, releaseLimit, takeLimit } from "../platform/rate-limit";
import { audit, requesterOf, staffActor } from "../platform/audit";
import { hasSignedInFrom } from "../repositories/audit";
import { codeById, insertCode, invalidateCode, latestCodeFor, markCodeUsed, releaseCodeTry, takeCodeTry } from "../repositories/codes";
import { findGroup, findRep } from "../repositories/entry";
import { findGroupAdmin, groupAdminsOf } from "../repositories/staff";
import { findEnrollment } from "../repositories/enrollments";
import { verifiedData, withoutSignIn } from "~/domain/session-mode";
import type { StaffIdentity } from "~/domain/audit";
import { recordIdFrom } from "~/domain/record-id";

export const STAFF_CODE_TTL_MS = 10 * 60 * 1000;
export const STAFF_RESEND_AFTER_MS = 120 * 1000;
export const STAFF_MAX_TRIES = 5;
/**
 * wrong codes for one rep, or one group's admins together, in an hour (more than one client can make:
 * 5 codes × 5 tries), from clients that have not
 * signed in as that person before: when reached, those clients get no new code for the person and
 * a code that has already had a wrong try takes no more (a code's first try still goes through, so
 * a code the real person already has keeps working); clients the person signs in from are not counted
 */
export const STAFF_FAILURE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };
/** wrong codes from one client in 10 minutes, whoever they were for (that client only) */
export const STAFF_CLIENT_FAILURE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };
/** a client that signed in as a person within this time is one of that person's own places */
export const STAFF_KNOWN_CLIENT_MS = 30 * 24 * 60 * 60 * 1000;
/** codes sent for one rep or group in an hour to clients not known as theirs (STAFF_CODES_PER_HOUR, 30 by default): no mail cannon */
const staffSendLimit = (services: Services) => ({ max: services.config.staffCodesPerHour, windowMs: 60 * 60 * 1000 });
/** codes one client may ask for one person in an hour (STAFF_CLIENT_CODES_PER_HOUR, 5 by default) */
const clientSendLimit = (services: Services) => ({ max: services.config.staffClientCodesPerHour, windowMs: 60 * 60 * 1000 });
const SEND_SLOT = { max: 1, windowMs: STAFF_RESEND_AFTER_MS };
const REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export type Channel = "email" | "phone";

/** Someone who may be verified: a rep, or one admin of a group. */
export interface Subject {
  /** rep:{id} or group_admin:{id} */
  ref: string;
  staff: StaffIdentity;
  /** the person's name */
  name: string;
  /** the group's name, for an admin */
  company: string | null;
  email: string;
  phone: string | null;
  /** what the throttles count by: rep:{id} or group:{id} */
  scope: string;
}

export async function subjectByRef(services: Services, ref: string | undefined | null): Promise<Subject | null> {
  const m = /^(rep|group_admin):([0-9]+)$/.exec(ref ?? "");
  const id = recordIdFrom(m?.[2]);
  if (!m || id === null) return null;
  if (m[1] === "rep") {
    const rep = await findRep(services.db, id);
    if (!rep) return null;
    return {
      ref: `rep:${rep.id}`,
      staff: { kind: "rep", repId: rep.id, groupId: null, adminId: null },
      name: `${rep.first_name} ${rep.last_name}`,
      company: null,
      email: rep.email,
      phone: rep.phone || null,
      scope: `rep:${rep.id}`,
    };
  }
  const admin = await findGroupAdmin(services.db, id);
  const group = admin ? await findGroup(services.db, admin.group_id) : undefined;
  if (!admin || !group) return null;
  return {
    ref: `group_admin:${admin.id}`,
    staff: { kind: "group_admin", repId: null, groupId: group.id, adminId: admin.id },
    name: `${admin.first_name} ${admin.last_name}`,
    company: group.company_name,
    email: admin.email,
    phone: admin.phone || null,
    scope: `group:${group.id}`,
  };
}

/**
 * Who this browser may ask a code for: the rep whose access code it entered and confirmed, or
 * (asked for `admin`) the admins of the group whose code it confirmed.
 */
export async function signInCandidates(services: Services, session: StoreSession, as: "rep" | "admin"): Promise<Subject[]> {
  // signing in again after the session ran out: the same person only
  if (session.get("resumeFrom")) {
    const again = await subjectByRef(services, session.get("verifySubject"));
    return again ? [again] : [];
  }
  if (as === "rep") {
    const subject = await subjectByRef(services, session.get("pendingRepId") ? `rep:${session.get("pendingRepId")}` : null);
    return subject ? [subject] : [];
  }
  const groupId = session.get("groupId");
  if (session.get("eprocess") !== "group" || !groupId) return [];
  const admins = await groupAdminsOf(services.db, groupId);
  const subjects = await Promise.all(admins.map((a) => subjectByRef(services, `group_admin:${a.id}`)));
  return subjects.filter((s): s is Subject => s !== null);
}

/** j***@example.com — enough to recognise one's own address, not enough to learn it. */
export function maskEmail(email: string) {
  const [local, domain] = email.split("@");
  return domain ? `${local.slice(0, 1)}***@${domain}` : "***";
}
/** The last four digits of a phone number. */
export function phoneEnding(phone: string) {
  return phone.replace(/\D/g, "").slice(-4);
}

/** The short reference a browser's code carries, in the message and on the page. */
export function codeReference(key: string) {
  const bytes = crypto.createHash("sha256").update(`staff-ref:${key}`).digest();
  return Array.from(bytes.subarray(0, 4), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("");
}

const purposeOf = (subject: Subject, key: string) => `staff:${subject.ref}:${key}`;
const failKey = (subject: Subject) => `staff-fail:${subject.scope}`;
const sendKey = (subject: Subject) => `staff-sends:${subject.scope}`;
const clientSendKey = (subject: Subject, client: string) => `staff-sends-client:${client}:${subject.ref}`;

/**
 * Whether this client has signed in as this person in the last 30 days (a verify.success on the
 * audit trail from the same client key): one of the person's own places. Strangers elsewhere
 * cannot use up what such a client may do — only its own per-client limits apply to it.
 */
async function knownClient(services: Services, subject: Subject, client: string) {
  return hasSignedInFrom(services.db, subject.ref, client, new Date(services.now().getTime() - STAFF_KNOWN_CLIENT_MS));
}
const targetOf = (subject: Subject, channel: Channel) => (channel === "email" ? subject.email : subject.phone);
const targetHash = (services: Services, channel: Channel, target: string) =>
  services.cipher.hash(`staff-${channel}:${target.trim().toLowerCase()}`);
const codeHash = (services: Services, purpose: string, code: string) => services.cipher.hash(`staff-otp:${purpose}:${code}`);
/** Whether a typed code is the one kept, hashed under any configured key (a code sent just before a key rotation still works; timing-safe). */
const codeMatches = (services: Services, purpose: string, code: string, stored: string) =>
  matchesAnyHash(services.cipher, `staff-otp:${purpose}:${code}`, stored);
const secondsUntil = (at: number, now: Date) => Math.max(0, Math.ceil((at - now.getTime()) / 1000));

/** Seconds before this browser may ask for another code for the subject (0: now). */
export async function staffResendWait(services: Services, subject: Subject, key: string) {
  const last = await latestCodeFor(services.db, purposeOf(subject, key));
  return last ? secondsUntil(new Date(last.created_at).getTime() + STAFF_RESEND_AFTER_MS, services.now()) : 0;
}

export type StaffSendResult =
  | { ok: true; reference: string }
  | { ok: false; reason: "wait"; seconds: number }
  | { ok: false; reason: "locked" }
  | { ok: false; reason: "noPhone" };

/**
 * Sends a sign-in code to the subject's e-mail or phone on file; the session keeps who, how and the browser's key.
 * Counted first (ADR 007): this client's place among its codes for this person this hour; then,
 * for a client the person has not signed in from, a place among the person's hourly codes; then
 * this browser's 120 s slot. Two sends at once make one code.
 */
export async function sendStaffCode(
  services: Services,
  session: StoreSession,
  clientIp: string | undefined,
  subject: Subject,
  channel: Channel,
  locale: string,
): Promise<StaffSendResult> {
  const target = targetOf(subject, channel);
  if (!target) return { ok: false, reason: "noPhone" };
  const now = services.now();
  const client = clientKey(services, clientIp);
  const known = await knownClient(services, subject, client);
  if (!known && (await peekLimit(services.db, failKey(subject), STAFF_FAILURE_LIMIT, now)).limited) return { ok: false, reason: "locked" };
  const key = session.get("verifyKey") ?? crypto.randomBytes(16).toString("base64url");
  const purpose = purposeOf(subject, key);
  const wait = await staffResendWait(services, subject, key);
  if (wait > 0) return { ok: false, reason: "wait", seconds: wait };
  const taken: { key: string; taken: Awaited<ReturnType<typeof takeLimit>> }[] = [];
  const giveBack = async () => {
    for (const t of taken) await releaseLimit(services.db, t.key, t.taken);
  };
  const mine = await takeLimit(services.db, clientSendKey(subject, client), clientSendLimit(services), now);
  if (!mine.allowed) return { ok: false, reason: "wait", seconds: Math.max(1, secondsUntil(mine.resetAt.getTime(), now)) };
  taken.push({ key: clientSendKey(subject, client), taken: mine });
  if (!known) {
    const hour = await takeLimit(services.db, sendKey(subject), staffSendLimit(services), now);
    if (!hour.allowed) {
      await giveBack();
      return { ok: false, reason: "wait", seconds: Math.max(1, secondsUntil(hour.resetAt.getTime(), now)) };
    }
    taken.push({ key: sendKey(subject), taken: hour });
  }
  const slot = await takeLimit(services.db, `staff-slot:${purpose}`, SEND_SLOT, now);
  if (!slot.allowed) {
    await giveBack();
    return { ok: false, reason: "wait", seconds: Math.max(1, secondsUntil(slot.resetAt.getTime(), now)) };
  }
  const code = randomDigits(6);
  const reference = codeReference(key);
  const t = await services.i18n.getFixedT(locale, "common");
  const minutes = STAFF_CODE_TTL_MS / 60000;
  // the code row and its message commit together (ADR 010)
  await withMessages(services, async (tx) => {
    await insertCode(tx.db, {
      enrollmentId: null,
      purpose,
      targetHash: targetHash(services, channel, target),
      codeHash: codeHash(services, purpose, code),
      expiresAt: new Date(now.getTime() + STAFF_CODE_TTL_MS),
      now,
    });
    if (channel === "email") {
      const text = t("verify.emailBody", { name: subject.name, code, minutes, reference });
      const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      await queueMail(tx, {
        to: target,
        subject: t("verify.emailSubject", { reference }),
        text,
        html: `<p>${esc(text)}</p>`,
        kind: "staff_otp",
      });
    } else {
      await queueText(tx, { to: target, text: t("verify.smsBody", { code, minutes, reference }), kind: "staff_otp" });
    }
  });
  session.set("verifySubject", subject.ref);
  session.set("verifyChannel", channel);
  session.set("verifyKey", key);
  services.log.info("sign-in code sent", { channel, kind: subject.staff.kind, client, known });
  // asked by someone not verified yet: the requester acts, the rep or admin is the subject
  await audit(services, requesterOf(subject.staff, session), { kind: "verify.code_sent", detail: channel });
  return { ok: true, reference };
}

/** The sign-in under way in this browser: who, by which channel, with which reference. */
export async function pendingSignIn(services: Services, session: StoreSession) {
  const key = session.get("verifyKey");
  const channel = session.get("verifyChannel");
  const subject = await subjectByRef(services, session.get("verifySubject"));
  if (!subject || !key || !channel) return null;
  return { subject, channel, key, reference: codeReference(key), waitSeconds: await staffResendWait(services, subject, key) };
}

export type StaffVerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "locked" | "throttled" | "noCode";

const reasonDetail: Record<Exclude<StaffVerifyResult, "ok">, string> = {
  wrong: "wrong",
  expired: "expired",
  tooManyTries: "too_many_tries",
  locked: "locked",
  throttled: "throttled",
  noCode: "no_code",
};

/**
 * Checks the code typed in this browser for its sign-in under way. Each try is counted first:
 * one of the code's 5 tries, one of the hour's failures for the rep or group, one of the
 * client's; only then is the hash compared. A right code hands the failures back and is used once.
 */
export async function verifyStaffCode(
  services: Services,
  session: StoreSession,
  clientIp: string | undefined,
  code: string,
): Promise<{ result: StaffVerifyResult; subject: Subject | null }> {
  const pending = await pendingSignIn(services, session);
  if (!pending) return { result: "noCode", subject: null };
  const { subject, key } = pending;
  const client = clientKey(services, clientIp);
  const result = await check(services, subject, key, client, code);
  // a right code proves who typed it; a wrong one is a requester's act about the rep or admin
  if (result === "ok") await audit(services, staffActor(subject.staff, session), { kind: "verify.success", detail: pending.channel });
  else {
    services.log.warn("sign-in code refused", { kind: subject.staff.kind, reason: result, client, requestId: session.requestId });
    await audit(services, requesterOf(subject.staff, session), { kind: "verify.failure", detail: reasonDetail[result] });
  }
  return { result, subject };
}

async function check(services: Services, subject: Subject, key: string, client: string, code: string): Promise<StaffVerifyResult> {
  const now = services.now();
  const subjectKey = failKey(subject);
  const clientFail = `staff-fail-client:${client}`;
  if ((await peekLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now)).limited) return "throttled";
  const known = await knownClient(services, subject, client);
  const row = await latestCodeFor(services.db, purposeOf(subject, key));
  if (!row || row.used_at || row.invalidated_at) return "noCode";
  if (row.expires_at <= now.toISOString()) return "expired";
  // While strangers' wrong codes have filled the person's hour, a code that already had a wrong
  // try takes no more from a client the person has not signed in from; its first try still goes.
  if (!known && row.attempts > 0 && (await peekLimit(services.db, subjectKey, STAFF_FAILURE_LIMIT, now)).limited) return "locked";
  const tries = await takeCodeTry(services.db, row.id, STAFF_MAX_TRIES, now);
  if (tries === null) {
    const latest = await codeById(services.db, row.id);
    if (latest?.used_at || (latest?.invalidated_at && latest.attempts < STAFF_MAX_TRIES)) return "noCode";
    return latest && latest.expires_at <= now.toISOString() ? "expired" : "tooManyTries";
  }
  // Count first (ADR 007): one of the person's hourly failures (clients not known as theirs), then one of the client's.
  const failure = known ? null : await takeLimit(services.db, subjectKey, STAFF_FAILURE_LIMIT, now);
  if (failure && !failure.allowed && tries > 1) {
    await releaseCodeTry(services.db, row.id);
    return "locked";
  }
  const clientFailure = await takeLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now);
  if (!clientFailure.allowed) {
    if (failure) await releaseLimit(services.db, subjectKey, failure);
    await releaseCodeTry(services.db, row.id);
    return "throttled";
  }
  if (!/^\d{6}$/.test(code) || !codeMatches(services, row.purpose, code, row.code_hash)) {
    if (tries >= STAFF_MAX_TRIES) {
      await invalidateCode(services.db, row.id, now);
      return "tooManyTries";
    }
    return "wrong";
  }
  // the right code is not a failure; it is used once, by one request
  if (failure) await releaseLimit(services.db, subjectKey, failure);
  await releaseLimit(services.db, clientFail, clientFailure);
  return (await markCodeUsed(services.db, row.id, now)) ? "ok" : "noCode";
}

const sameStaff = (a: StaffIdentity, b: StaffIdentity) =>
  a.kind === b.kind && a.repId === b.repId && a.adminId === b.adminId && a.groupId === b.groupId;

/**
 * After a right code: this browser's session becomes a verified server session. Someone signing
 * in again after their session ran out (idle or 12 hours) in the same browser continues where
 * they were — the enrollment they were working on, their mode. Returns where to go.
 */
export async function startVerifiedSession(services: Services, session: StoreSession, request: Request, subject: Subject): Promise<string> {
  const resumeFrom = session.get("resumeFrom");
  const earlier = resumeFrom ? await services.sessions.endedSessionData(resumeFrom) : null;
  const home = subject.staff.kind === "rep" ? "/agent-home" : "/group-home";
  if (earlier && sameStaff(earlier.staff, subject.staff)) {
    await services.sessions.startStaff(session, request, subject.staff, withoutSignIn(earlier.data));
    const enrollment = earlier.data.tempId ? await findEnrollment(services.db, earlier.data.tempId) : undefined;
    if (enrollment?.status === "checked_out") return "/enrollment";
    if (enrollment?.status === "shopping") return "/cart";
    return home;
  }
  let data;
  if (subject.staff.kind === "rep") data = verifiedData(session.all(), { kind: "rep", repId: subject.staff.repId! });
  else {
    const group = await findGroup(services.db, subject.staff.groupId!);
    if (!group) throw new Response("Not Found", { status: 404 });
    data = verifiedData(session.all(), { kind: "group_admin", group: { id: group.id, repId: group.rep_id, portalId: group.portal_id } });
  }
  await services.sessions.startStaff(session, request, subject.staff, data);
  return home;
}

/** The session-expired page's Sign In Again: the same person, by the same kind of code, in this browser. */
export async function signInAgain(services: Services, session: StoreSession) {
  const ended = session.ended;
  if (!ended?.staff || (ended.reason !== "idle" && ended.reason !== "absolute")) return false;
  const ref = ended.staff.kind === "rep" ? `rep:${ended.staff.repId}` : `group_admin:${ended.staff.adminId}`;
  if (!(await subjectByRef(services, ref))) return false;
  session.clear();
  session.set("verifySubject", ref);
  session.set("resumeFrom", ended.token);
  return true;
}
