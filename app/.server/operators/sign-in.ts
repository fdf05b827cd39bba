/**
 * Signing an operator in at /admin with a one-time code by e-mail (issue 27), on the staff codes'
 * machinery and rules (ADR 009, 017): 6 digits from a secure source, stored as a keyed hash,
 * 10 minutes, single use, 5 tries a code; counted first, atomically, in the database — sends per
 * client and address (STAFF_CLIENT_CODES_PER_HOUR) and per address from clients the operator has
 * not signed in from (STAFF_CODES_PER_HOUR), a 120 s wait per client and address; wrong codes per
 * client (10 in 10 minutes) and per operator (30 an hour from unknown clients, never a code's
 * first try). A code belongs to the browser that asked for it: its purpose carries a random key
 * kept in that browser's `__operator` cookie, and the message and the page show a reference
 * derived from it.
 *
 * The answer never says whether an address is an operator's: every address typed takes the same
 * places in the same limits and gets the same page ("if this address belongs to an operator…");
 * only an operator's gets a message. A code typed for an address that is not an operator's is
 * simply not right.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import type { Operator } from "../db/schema";
import { queueMail, withMessages } from "../platform/outbox";
import { randomDigits, matchesAnyHash } from "../platform/crypto";
import { clientKey } from "../platform/respond";
import { peekLimit, releaseLimit, takeLimit } from "../platform/rate-limit";
import { codeById, insertCode, invalidateCode, latestCodeFor, markCodeUsed, releaseCodeTry, takeCodeTry } from "../repositories/codes";
import { activeOperators, operatorByEmail, operatorSignedInFrom, passkeysOf } from "../repositories/operators";
import {
  codeReference,
  STAFF_CLIENT_FAILURE_LIMIT,
  STAFF_CODE_TTL_MS,
  STAFF_FAILURE_LIMIT,
  STAFF_KNOWN_CLIENT_MS,
  STAFF_MAX_TRIES,
  STAFF_RESEND_AFTER_MS,
} from "../members/verification";
import { recordEvent, type OperatorActor } from "./trail";

export { codeReference };

const normalise = (email: string) => email.trim().toLowerCase();
const emailHash = (services: Services, email: string) => services.cipher.hash(`operator-email:${normalise(email)}`);
const purposeOf = (key: string) => `operator:${key}`;
const codeHash = (services: Services, purpose: string, code: string) => services.cipher.hash(`operator-otp:${purpose}:${code}`);
/** Whether a typed code is the one kept, hashed under any configured key (a code sent just before a key rotation still works; timing-safe). */
const codeMatches = (services: Services, purpose: string, code: string, stored: string) =>
  matchesAnyHash(services.cipher, `operator-otp:${purpose}:${code}`, stored);
const secondsUntil = (at: number, now: Date) => Math.max(0, Math.ceil((at - now.getTime()) / 1000));

/** A random id for a browser's `__operator` cookie. */
export const newBrowserId = () => crypto.randomBytes(16).toString("base64url");

export type OperatorSendResult = { ok: true; key: string; reference: string } | { ok: false; reason: "wait"; seconds: number };

/**
 * Asks for a code for `email`. Every address takes its places in the limits, so the answer is
 * the same for an operator's address and any other; only an active operator gets the message.
 */
export async function sendOperatorCode(
  services: Services,
  actor: OperatorActor,
  clientIp: string | undefined,
  email: string,
  locale: string,
  /** a random id this browser keeps in its `__operator` cookie: the 120 s wait is per browser and address */
  browser: string,
): Promise<OperatorSendResult> {
  const now = services.now();
  const client = clientKey(services, clientIp);
  const address = emailHash(services, email);
  const found = await operatorByEmail(services.db, email);
  const operator = found?.active ? found : null;
  const known = operator
    ? await operatorSignedInFrom(services.db, operator.id, client, new Date(now.getTime() - STAFF_KNOWN_CLIENT_MS))
    : false;
  const subject = operator ? `operator:${operator.id}` : null;
  const taken: { key: string; taken: Awaited<ReturnType<typeof takeLimit>> }[] = [];
  const refuse = async (resetAt: Date) => {
    for (const t of taken) await releaseLimit(services.db, t.key, t.taken);
    await recordEvent(services, actor, { kind: "sign_in.code_refused", subject, detail: "wait" });
    return { ok: false as const, reason: "wait" as const, seconds: Math.max(1, secondsUntil(resetAt.getTime(), now)) };
  };
  const take = async (key: string, limit: { max: number; windowMs: number }) => {
    const t = await takeLimit(services.db, key, limit, now);
    if (t.allowed) taken.push({ key, taken: t });
    return t;
  };
  const slot = await take(`op-slot:${browser}:${address}`, { max: 1, windowMs: STAFF_RESEND_AFTER_MS });
  if (!slot.allowed) return refuse(slot.resetAt);
  const mine = await take(`op-sends-client:${client}:${address}`, { max: services.config.staffClientCodesPerHour, windowMs: 3600_000 });
  if (!mine.allowed) return refuse(mine.resetAt);
  if (!known) {
    const hour = await take(`op-sends:${address}`, { max: services.config.staffCodesPerHour, windowMs: 3600_000 });
    if (!hour.allowed) return refuse(hour.resetAt);
  }
  // a new key for every address asked: a code never answers for another address
  const key = crypto.randomBytes(16).toString("base64url");
  const reference = codeReference(key);
  if (operator) {
    const code = randomDigits(6);
    const purpose = purposeOf(key);
    const t = await services.i18n.getFixedT(locale, "common");
    const minutes = STAFF_CODE_TTL_MS / 60000;
    await withMessages(services, async (tx) => {
      await insertCode(tx.db, {
        enrollmentId: null,
        purpose,
        targetHash: address,
        codeHash: codeHash(services, purpose, code),
        expiresAt: new Date(now.getTime() + STAFF_CODE_TTL_MS),
        now,
      });
      const text = t("admin.signIn.emailBody", { name: operator.name, code, minutes, reference });
      const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
      await queueMail(tx, {
        to: operator.email,
        subject: t("admin.signIn.emailSubject", { reference }),
        text,
        html: `<p>${esc(text)}</p>`,
        kind: "operator_otp",
      });
    });
  }
  services.log.info("operator sign-in code asked", { client, known });
  await recordEvent(services, actor, { kind: "sign_in.code_sent", subject: subject ?? "unknown" });
  return { ok: true, key, reference };
}

export type OperatorVerifyResult = "ok" | "wrong" | "expired" | "tooManyTries" | "locked" | "throttled";

/** The message under the code field for a refused code: the same on the sign-in (/admin/code) and the confirm form (/admin/account). */
export const OPERATOR_CODE_MESSAGES: Record<Exclude<OperatorVerifyResult, "ok">, string> = {
  wrong: "validation.otpWrong",
  expired: "validation.otpExpired",
  tooManyTries: "validation.otpTooMany",
  locked: "validation.signInLocked",
  throttled: "validation.tooManyCodes",
};

const DETAIL: Record<Exclude<OperatorVerifyResult, "ok">, string> = {
  wrong: "wrong",
  expired: "expired",
  tooManyTries: "too_many_tries",
  locked: "locked",
  throttled: "throttled",
};

/** The operator a code row was sent to (the code keeps only the address's keyed hash). */
async function operatorOfCode(services: Services, targetHash: string): Promise<Operator | null> {
  for (const o of await activeOperators(services.db))
    if (matchesAnyHash(services.cipher, `operator-email:${normalise(o.email)}`, targetHash)) return o;
  return null;
}

/**
 * Checks the code typed in this browser (its key from the cookie). A code sign-in to an account
 * that has passkeys is e-mailed to the operator (L2): a phished code is noticed.
 */
export async function verifyOperatorCode(
  services: Services,
  actor: OperatorActor,
  clientIp: string | undefined,
  key: string,
  code: string,
  locale: string,
): Promise<{ result: OperatorVerifyResult; operator: Operator | null }> {
  const now = services.now();
  const client = clientKey(services, clientIp);
  const clientFail = `op-fail-client:${client}`;
  const outcome = await (async (): Promise<{ result: OperatorVerifyResult; operator: Operator | null }> => {
    if ((await peekLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now)).limited) return { result: "throttled", operator: null };
    const row = await latestCodeFor(services.db, purposeOf(key));
    const operator = row ? await operatorOfCode(services, row.target_hash) : null;
    if (!row || !operator || row.used_at || row.invalidated_at) {
      // no code for this browser (an address that is not an operator's, or one already used): a wrong code, counted as one
      const f = await takeLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now);
      return { result: f.allowed ? "wrong" : "throttled", operator: null };
    }
    if (row.expires_at <= now.toISOString()) return { result: "expired", operator };
    const known = await operatorSignedInFrom(services.db, operator.id, client, new Date(now.getTime() - STAFF_KNOWN_CLIENT_MS));
    const personFail = `op-fail:${operator.id}`;
    if (!known && row.attempts > 0 && (await peekLimit(services.db, personFail, STAFF_FAILURE_LIMIT, now)).limited)
      return { result: "locked", operator };
    const tries = await takeCodeTry(services.db, row.id, STAFF_MAX_TRIES, now);
    if (tries === null) {
      const latest = await codeById(services.db, row.id);
      return { result: latest && latest.expires_at <= now.toISOString() ? "expired" : "tooManyTries", operator };
    }
    const failure = known ? null : await takeLimit(services.db, personFail, STAFF_FAILURE_LIMIT, now);
    if (failure && !failure.allowed && tries > 1) {
      await releaseCodeTry(services.db, row.id);
      return { result: "locked", operator };
    }
    const clientFailure = await takeLimit(services.db, clientFail, STAFF_CLIENT_FAILURE_LIMIT, now);
    if (!clientFailure.allowed) {
      if (failure) await releaseLimit(services.db, personFail, failure);
      await releaseCodeTry(services.db, row.id);
      return { result: "throttled", operator };
    }
    if (!/^\d{6}$/.test(code) || !codeMatches(services, row.purpose, code, row.code_hash)) {
      if (tries >= STAFF_MAX_TRIES) {
        await invalidateCode(services.db, row.id, now);
        return { result: "tooManyTries", operator };
      }
      return { result: "wrong", operator };
    }
    if (failure) await releaseLimit(services.db, personFail, failure);
    await releaseLimit(services.db, clientFail, clientFailure);
    return (await markCodeUsed(services.db, row.id, now)) ? { result: "ok", operator } : { result: "wrong", operator: null };
  })();
  const subject = outcome.operator ? `operator:${outcome.operator.id}` : "unknown";
  if (outcome.result === "ok") {
    await recordEvent(
      services,
      { ...actor, operatorId: outcome.operator?.id ?? null },
      { kind: "sign_in.success", subject, detail: "code" },
    );
    if (outcome.operator) await noticeCodeSignIn(services, outcome.operator, locale);
  } else await recordEvent(services, actor, { kind: "sign_in.failure", subject, detail: DETAIL[outcome.result] });
  return { result: outcome.result, operator: outcome.result === "ok" ? outcome.operator : null };
}

/** E-mails an operator who has passkeys that their account was just signed in to by e-mail code. */
async function noticeCodeSignIn(services: Services, operator: Operator, locale: string) {
  if ((await passkeysOf(services.db, operator.id)).length === 0) return;
  const t = await services.i18n.getFixedT(locale, "common");
  const at = `${services.now().toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const text = t("admin.signIn.codeNoticeBody", { name: operator.name, at });
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  await withMessages(services, (tx) =>
    queueMail(tx, {
      to: operator.email,
      subject: t("admin.signIn.codeNoticeSubject"),
      text,
      html: `<p>${esc(text)}</p>`,
      kind: "operator_code_sign_in",
    }),
  );
}
