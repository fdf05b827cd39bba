/**
 * Save & Continue Later, /continue-enrollment and /direct-continue (enrollment-wizard §2.3,
 * §2.14). The e-mail carries a code (10 characters, stored hashed with the address, 30 days)
 * and a direct link whose id is an unguessable, expiring token — never the enrollment id.
 */
import type { Services } from "./services";
import type { StoreSession } from "./session";
import type { Enrollment } from "./db/schema";
import { randomToken } from "./crypto";
import { hitLimit, peekLimit } from "./rate-limit";
import { clientKey } from "./respond";
import { insertCode, liveCodeByHash } from "./repositories/codes";
import { findLinkToken, insertLinkToken } from "./repositories/tokens";
import { findEnrollment, updateEnrollment, wizardTabRows } from "./repositories/enrollments";
import { cartLines } from "./repositories/cart";
import { restoreSession } from "./enrollment-session";
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
const codeHash = (services: Services, code: string) => services.cipher.hash(`resume:${normaliseCode(code)}`);
const emailHash = (services: Services, email: string) => services.cipher.hash(`resume-email:${email.trim().toLowerCase()}`);

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

export async function sendResumeCode(services: Services, enrollment: Enrollment, savedTab: TabName | "cart_info", email: string, locale: string): Promise<SendResumeResult> {
  const now = services.now();
  const key = `resume-send:${enrollment.id}`;
  if ((await peekLimit(services.db, key, SEND_LIMIT, now)).limited) return { ok: false, error: "validation.tooManyResumeCodes" };
  const code = newResumeCode();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESUME_DAYS * 24 * 60 * 60 * 1000);
  await insertCode(services.db, { enrollmentId: enrollment.id, purpose: "resume", targetHash: emailHash(services, email), codeHash: codeHash(services, code), expiresAt, now });
  await insertLinkToken(services.db, { tokenHash: services.cipher.hash(`direct:${token}`), purpose: "direct_continue", enrollmentId: enrollment.id, tabName: savedTab, expiresAt, now });
  await updateEnrollment(services.db, enrollment.id, { saved_tab: savedTab }, now);
  const base = services.config.publicBaseUrl;
  const link = `${base}/direct-continue/${encodePart(token)}/${encodePart(savedTab)}`;
  const t = await services.i18n.getFixedT(locale, "common");
  const text = [t("resume.emailIntro"), "", `${t("resume.emailCode")}: ${code}`, `${t("resume.emailWhere")}: ${base}/continue-enrollment`, "", `${t("resume.emailLink")}: ${link}`, "", t("resume.emailExpiry", { days: RESUME_DAYS })].join("\n");
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const html = `<p>${esc(t("resume.emailIntro"))}</p><p>${esc(t("resume.emailCode"))}: <strong>${esc(code)}</strong></p><p><a href="${esc(base)}/continue-enrollment">${esc(t("resume.emailWhere"))}</a></p><p><a href="${esc(link)}">${esc(t("resume.emailLink"))}</a></p><p>${esc(t("resume.emailExpiry", { days: RESUME_DAYS }))}</p>`;
  await services.mailer.send({ to: email, subject: t("resume.emailSubject"), text, html, kind: "save_later", enrollmentId: enrollment.id });
  await hitLimit(services.db, key, SEND_LIMIT, now);
  return { ok: true };
}

/** Rebuilds the step list from the dynamic tabs (they may have changed since it was saved). */
async function rebuildSteps(services: Services, enrollment: Enrollment) {
  const lines = await cartLines(services.db, enrollment.id);
  const steps = buildStepList(await wizardTabRows(services.db), { planIds: lines.map((l) => l.plan_id), enrollType: enrollment.enroll_type, tier: enrollment.tier });
  await updateEnrollment(services.db, enrollment.id, { step_list: JSON.stringify(steps) }, services.now());
  return steps;
}

/** Where a resumed enrollment opens (the §2.14 table): its saved tab, or the cart. */
async function resumeTarget(services: Services, session: StoreSession, enrollment: Enrollment, tab: string | null) {
  if (enrollment.status === "completed") return "/enrollment/receipt";
  if (tab === "cart_info" || enrollment.status === "shopping") {
    session.set("showQuotation", "no");
    return "/cart";
  }
  const steps = await rebuildSteps(services, enrollment);
  const wanted = isTabName(tab) && steps.includes(tab) ? tab : steps[0];
  return `/enrollment/${screenOf(wanted)}`;
}

export type ContinueResult = { ok: true; to: string } | { ok: false; error: "validation.resumeNotFound" | "validation.tooManyCodes" };

export async function continueWithCode(services: Services, session: StoreSession, clientIp: string | undefined, code: string, email: string): Promise<ContinueResult> {
  const now = services.now();
  const key = `resume-try:${clientKey(services, clientIp)}`;
  if ((await peekLimit(services.db, key, CONTINUE_LIMIT, now)).limited) return { ok: false, error: "validation.tooManyCodes" };
  const row = await liveCodeByHash(services.db, "resume", codeHash(services, code), emailHash(services, email), now);
  const enrollment = row?.enrollment_id ? await findEnrollment(services.db, row.enrollment_id) : undefined;
  if (!row || !enrollment || enrollment.status === "cancelled") {
    await hitLimit(services.db, key, CONTINUE_LIMIT, now);
    services.log.warn("resume code refused");
    return { ok: false, error: "validation.resumeNotFound" };
  }
  await restoreSession(services, session, enrollment);
  return { ok: true, to: await resumeTarget(services, session, enrollment, enrollment.saved_tab) };
}

export async function directContinue(services: Services, session: StoreSession, idPart: string, tabPart: string): Promise<string | null> {
  const token = decodePart(idPart);
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  const link = await findLinkToken(services.db, services.cipher.hash(`direct:${token}`), "direct_continue", services.now());
  const enrollment = link ? await findEnrollment(services.db, link.enrollment_id) : undefined;
  if (!link || !enrollment || enrollment.status === "cancelled") return null;
  const tab = decodePart(tabPart);
  await restoreSession(services, session, enrollment);
  return resumeTarget(services, session, enrollment, tab === "cart_info" || isTabName(tab) ? tab : link.tab_name);
}
