/**
 * Save & Continue Later, /continue-enrollment and /direct-continue (enrollment-wizard §2.3,
 * §2.14). The e-mail carries a code (10 characters, stored hashed with the address, 30 days)
 * and a direct link whose id is an unguessable, expiring token — never the enrollment id.
 *
 * Issue 23: a code or a link opens an unfinished enrollment only, by a POST (the link's GET shows
 * a page with a button), never replaces another unfinished enrollment of this browser without
 * asking, and makes this browser the enrollment's only holder (the browsers that held it before
 * lose it). A completed enrollment's code or link says "already complete" and opens nothing.
 *
 * A code or a link opens once (ADR 003): resuming uses it up and ends every other code and link of
 * that enrollment, in the same transaction; a new Save & Continue Later ends the earlier ones. So a
 * link an attacker made and got a victim to open — or a forwarded or old e-mail — cannot take the
 * enrollment back once its owner has resumed it, before or after completion.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { findByAnyHash, randomToken } from "../platform/crypto";
import { releaseLimit, takeLimit, type Taken } from "../platform/rate-limit";
import { sharedCaps } from "./contact-codes";
import { clientKey } from "../platform/respond";
import { claimCode, insertCode, unexpiredCodeByHash } from "../repositories/codes";
import { queueMail, withMessages } from "../platform/outbox";
import { claimLinkToken, findLinkToken, insertLinkToken, markLinkTokensUsed } from "../repositories/tokens";
import { findEnrollment, updateEnrollment, wizardTabRows } from "../repositories/enrollments";
import { cartLines } from "../repositories/cart";
import { holdEnrollment, restoreSession } from "./enrollment-session";
import { enrollmentOnce } from "../store/page-reads";
import { audit } from "../platform/audit";
import { auditActor } from "~/domain/audit";
import { buildStepList, isTabName, screenOf, type TabName } from "~/domain/wizard-steps";
import crypto from "node:crypto";

const RESUME_DAYS = 30;
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const SEND_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
export const CONTINUE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };

/** 10 characters from 31 unambiguous ones (≈ 49 bits), shown as XXXXX-XXXXX. */
export function newResumeCode() {
  let code = "";
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[crypto.randomInt(0, CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const codeInput = (code: string) => `resume:${normaliseCode(code)}`;
const emailInput = (email: string) => `resume-email:${email.trim().toLowerCase()}`;
const codeHash = (services: Services, code: string) => services.cipher.hash(codeInput(code));
const emailHash = (services: Services, email: string) => services.cipher.hash(emailInput(email));

export function encodePart(value: string) {
  return Buffer.from(value, "utf8").toString("base64url");
}
export function decodePart(value: string) {
  try {
    return Buffer.from(value, "base64url").toString("utf8");
  } catch {
    return "";
  }
}

export type SendResumeResult = { ok: true } | { ok: false; error: "validation.tooManyResumeCodes" };

export async function sendResumeCode(
  services: Services,
  enrollment: Enrollment,
  savedTab: TabName | "cart_info",
  email: string,
  locale: string,
  /** the requesting client (StoreSession.clientKey): its hour is shared with contact codes */
  client: string,
): Promise<SendResumeResult> {
  const now = services.now();
  // the send is counted before anything is made (ADR 007): the enrollment's hour, then the caps every
  // message to a typed address takes (this client, this address, the day's e-mails: ADR 017) — an
  // enrollment costs nothing to make, so its own count alone let one client mail anyone at will
  const taken: Array<{ key: string; taken: Taken }> = [];
  for (const cap of [{ key: `resume-send:${enrollment.id}`, limit: SEND_LIMIT }, ...sharedCaps(services, "email", email, client)]) {
    const place = await takeLimit(services.db, cap.key, cap.limit, now);
    if (!place.allowed) {
      for (const t of taken) await releaseLimit(services.db, t.key, t.taken);
      return { ok: false, error: "validation.tooManyResumeCodes" };
    }
    taken.push({ key: cap.key, taken: place });
  }
  const code = newResumeCode();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESUME_DAYS * 24 * 60 * 60 * 1000);
  const base = services.config.publicBaseUrl;
  const link = `${base}/direct-continue/${encodePart(token)}/${encodePart(savedTab)}`;
  const t = await services.i18n.getFixedT(locale, "common");
  const text = [
    t("resume.emailIntro"),
    "",
    `${t("resume.emailCode")}: ${code}`,
    `${t("resume.emailWhere")}: ${base}/continue-enrollment`,
    "",
    `${t("resume.emailLink")}: ${link}`,
    "",
    t("resume.emailExpiry", { days: RESUME_DAYS }),
  ].join("\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const html = `<p>${esc(t("resume.emailIntro"))}</p><p>${esc(t("resume.emailCode"))}: <strong>${esc(code)}</strong></p><p><a href="${esc(base)}/continue-enrollment">${esc(t("resume.emailWhere"))}</a></p><p><a href="${esc(link)}">${esc(t("resume.emailLink"))}</a></p><p>${esc(t("resume.emailExpiry", { days: RESUME_DAYS }))}</p>`;
  // the code, the link and the e-mail that carries them commit together (ADR 010)
  await withMessages(services, async (tx) => {
    await insertCode(tx.db, {
      enrollmentId: enrollment.id,
      purpose: "resume",
      targetHash: emailHash(services, email),
      codeHash: codeHash(services, code),
      expiresAt,
      now,
    });
    // a new e-mail's link replaces the earlier ones (insertCode retires the earlier codes)
    await markLinkTokensUsed(tx.db, enrollment.id, "direct_continue", now);
    await insertLinkToken(tx.db, {
      tokenHash: services.cipher.hash(`direct:${token}`),
      purpose: "direct_continue",
      enrollmentId: enrollment.id,
      tabName: savedTab,
      expiresAt,
      now,
    });
    await updateEnrollment(tx.db, enrollment.id, { saved_tab: savedTab }, now);
    await queueMail(tx, { to: email, subject: t("resume.emailSubject"), text, html, kind: "save_later", enrollmentId: enrollment.id });
  });
  return { ok: true };
}

/** Rebuilds the step list from the dynamic tabs (they may have changed since it was saved). */
async function rebuildSteps(services: Services, enrollment: Enrollment) {
  const lines = await cartLines(services.db, enrollment.id);
  const steps = buildStepList(await wizardTabRows(services.db), {
    planIds: lines.map((l) => l.plan_id),
    enrollType: enrollment.enroll_type,
    tier: enrollment.tier,
  });
  await updateEnrollment(services.db, enrollment.id, { step_list: JSON.stringify(steps) }, services.now());
  return steps;
}

/** Where a resumed enrollment opens (the §2.14 table): its saved tab, or the cart. */
async function resumeTarget(services: Services, session: StoreSession, enrollment: Enrollment, tab: string | null) {
  if (tab === "cart_info" || enrollment.status === "shopping") {
    session.set("showQuotation", "no");
    return "/cart";
  }
  const steps = await rebuildSteps(services, enrollment);
  const wanted = isTabName(tab) && steps.includes(tab) ? tab : steps[0];
  return `/enrollment/${screenOf(wanted)}`;
}

/** Whoever holds the code or the link resumes as the applicant (never as the rep the enrollment was made by). */
function applicantResuming(session: StoreSession) {
  return auditActor({ staff: session.staff, eprocess: null, requestId: session.requestId, clientKey: session.clientKey });
}

/**
 * Another enrollment this browser holds and has not finished (issue 23): opening a code or a link
 * must not replace it without asking. (The session's read has already dropped one held elsewhere.)
 */
async function holdsAnother(services: Services, session: StoreSession, enrollmentId: number) {
  const current = session.get("tempId");
  if (!current || current === enrollmentId) return false;
  const enrollment = await enrollmentOnce(services, current);
  return Boolean(enrollment && (enrollment.status === "shopping" || enrollment.status === "checked_out"));
}

/**
 * What a code or a link may open (issue 23): "complete" once the enrollment is completed — a
 * page that says so, never its receipt, its number or its PDF; "switch" when this browser holds
 * another unfinished enrollment and has not said to replace it.
 */
export type ResumeRefusal = "complete" | "used" | "switch";

/**
 * Uses the code or the link up and ends every other one of the enrollment, puts the enrollment in
 * this browser as its only holder, audited — one transaction; where it opens. POST only. False
 * when another request used the same code or link first.
 */
async function resume(
  services: Services,
  session: StoreSession,
  enrollment: Enrollment,
  tab: string | null,
  how: { by: "code" | "link"; id: number },
): Promise<string | false> {
  const now = services.now();
  const opened = await services.db.transaction().execute(async (trx) => {
    const tx = { ...services, db: trx };
    const claimed = how.by === "code" ? await claimCode(trx, how.id, now) : await claimLinkToken(trx, how.id, now);
    if (!claimed) return false;
    // holding it ends every other code and link of the enrollment (in this transaction)
    await holdEnrollment(tx, session, enrollment.id);
    await audit(tx, applicantResuming(session), {
      kind: "enrollment.resume",
      enrollmentId: enrollment.id,
      memberId: enrollment.member_id,
      detail: how.by,
    });
    return true;
  });
  if (!opened) return false;
  const holder = session.get("holder")!; // restoreSession starts the session afresh: the hold is kept
  await restoreSession(services, session, enrollment);
  session.set("holder", holder);
  return resumeTarget(services, session, enrollment, tab);
}

export type ContinueResult =
  | { ok: true; to: string }
  | { ok: false; error: "validation.resumeNotFound" | "validation.tooManyCodes" | "validation.resumeComplete" | "validation.resumeUsed" }
  | { ok: false; error: "switch" };

export async function continueWithCode(
  services: Services,
  session: StoreSession,
  clientIp: string | undefined,
  code: string,
  email: string,
  options: { replace?: boolean } = {},
): Promise<ContinueResult> {
  const now = services.now();
  const key = `resume-try:${clientKey(services, clientIp)}`;
  // Count first, then look the code up (ADR 007); a code that opens an enrollment hands its place back.
  const taken = await takeLimit(services.db, key, CONTINUE_LIMIT, now);
  if (!taken.allowed) return { ok: false, error: "validation.tooManyCodes" };
  // The code and the address are hashed with the same key: try each key's pair, newest first.
  const codeHashes = services.cipher.hashes(codeInput(code));
  const emailHashes = services.cipher.hashes(emailInput(email));
  let row: Awaited<ReturnType<typeof unexpiredCodeByHash>>;
  for (const [i, hash] of codeHashes.entries())
    if (!row) row = await unexpiredCodeByHash(services.db, "resume", hash, emailHashes[i]!, now);
  const enrollment = row?.enrollment_id ? await findEnrollment(services.db, row.enrollment_id) : undefined;
  if (!row || !enrollment || enrollment.status === "cancelled") {
    services.log.warn("resume code refused");
    return { ok: false, error: "validation.resumeNotFound" };
  }
  await releaseLimit(services.db, key, taken);
  if (enrollment.status === "completed") return { ok: false, error: "validation.resumeComplete" };
  if (row.used_at || row.invalidated_at) return { ok: false, error: "validation.resumeUsed" };
  if (!options.replace && (await holdsAnother(services, session, enrollment.id))) return { ok: false, error: "switch" };
  const to = await resume(services, session, enrollment, enrollment.saved_tab, { by: "code", id: row.id });
  return to ? { ok: true, to } : { ok: false, error: "validation.resumeUsed" };
}

/** The enrollment and the tab a direct link names, or null (unknown, expired, cancelled). Reads only. */
async function linkTarget(services: Services, idPart: string, tabPart: string) {
  const token = decodePart(idPart);
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  const link = await findByAnyHash(services.cipher, `direct:${token}`, (hash) =>
    findLinkToken(services.db, hash, "direct_continue", services.now()),
  );
  const enrollment = link ? await findEnrollment(services.db, link.enrollment_id) : undefined;
  if (!link || !enrollment || enrollment.status === "cancelled") return null;
  const tab = decodePart(tabPart);
  return { enrollment, link, tab: tab === "cart_info" || isTabName(tab) ? tab : link.tab_name };
}

/**
 * GET /direct-continue/…: what the page offers, writing nothing (mail scanners open links):
 * "continue" (a button that resumes), "switch" (this browser holds another enrollment: replace
 * it, or keep it), "complete", "used" (opened once already); null for a link that opens nothing (404).
 */
export async function directContinuePage(
  services: Services,
  session: StoreSession,
  idPart: string,
  tabPart: string,
): Promise<"continue" | ResumeRefusal | null> {
  const target = await linkTarget(services, idPart, tabPart);
  if (!target) return null;
  if (target.enrollment.status === "completed") return "complete";
  if (target.link.used_at) return "used";
  return (await holdsAnother(services, session, target.enrollment.id)) ? "switch" : "continue";
}

/** POST /direct-continue/…: resumes (replacing another enrollment only when `replace`), or says why not. */
export async function directContinue(
  services: Services,
  session: StoreSession,
  idPart: string,
  tabPart: string,
  options: { replace?: boolean } = {},
): Promise<{ ok: true; to: string } | { ok: false; refusal: ResumeRefusal } | null> {
  const target = await linkTarget(services, idPart, tabPart);
  if (!target) return null;
  if (target.enrollment.status === "completed") return { ok: false, refusal: "complete" };
  if (target.link.used_at) return { ok: false, refusal: "used" };
  if (!options.replace && (await holdsAnother(services, session, target.enrollment.id))) return { ok: false, refusal: "switch" };
  const to = await resume(services, session, target.enrollment, target.tab, { by: "link", id: target.link.id });
  return to ? { ok: true, to } : { ok: false, refusal: "used" };
}
