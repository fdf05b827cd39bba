/**
 * What the agreement step reads (get-agreement-texts): the texts this cart's applicant accepts,
 * the union-plan (L713) notice, and the codes the verification block must match.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { fieldRules, readStep, type WizardContext } from "./steps";
import { textSignatureOffered } from "./text-signature";
import { signatureLater, verificationRules, type ApplicantName } from "~/domain/agreement";
import { todayIso } from "~/domain/dates";
import { agreementTexts, cartL713, verificationCodes, type AgreementTextRow } from "../repositories/agreements";
import { deleteEsignConsent, esignConsentOf, saveEsignConsent } from "../repositories/enrollment-record";
import { siteOf } from "../store/site";
import { ESIGN_CONSENT_VERSION, esignConsentCanonical, esignConsentText, type EsignConsentText } from "~/domain/esign-consent";
import crypto from "node:crypto";
import type { StepData, StepSecret } from "./step-data";

export type { AgreementTextRow };
export type AgreementData = StepData["agreement_info"];
export type AgreementSecret = StepSecret["agreement_info"];

/** The texts for every enrollment, for a plan in the cart or its carrier, in order and language. */
export function agreementTextsFor(services: Services, ctx: Pick<WizardContext, "planIds" | "locale">) {
  return agreementTexts(services.db, ctx.planIds, ctx.locale);
}

/** The carrier's special message for an L713 plan in the cart, or null. */
export function l713NoticeFor(services: Services, ctx: Pick<WizardContext, "planIds" | "locale">) {
  return cartL713(services.db, ctx.planIds, ctx.locale);
}

/** The enrollment's rep's agent code and its group's code. */
export function verificationCodesFor(services: Services, enrollment: Pick<Enrollment, "agent_id" | "group_id">) {
  return verificationCodes(services.db, enrollment);
}

/** What the step's loader and action, and Complete, need: the rules (with the enrolling person's block), the texts, the applicant. */
export async function agreementSetup(services: Services, ctx: WizardContext) {
  const [definitions, texts, saved, personal, signLater] = await Promise.all([
    fieldRules(services, ctx, "agreement_info"),
    agreementTextsFor(services, ctx),
    readStep(services, ctx.enrollment.id, "agreement_info"),
    readStep(services, ctx.enrollment.id, "primary_info"),
    textSignatureOffered(services, ctx.enrollment, ctx.planIds),
  ]);
  // A rep or group may leave the signature to the applicant, by text message from the review.
  const withBlock = verificationRules(definitions, ctx.enrollment.eprocess);
  const rules = signLater ? signatureLater(withBlock) : withBlock;
  const first = personal?.data.first_name?.trim();
  const last = personal?.data.last_name?.trim();
  const applicantName: ApplicantName | null = first && last ? { first, last } : null;
  const today = todayIso(services.now());
  return { rules, signLater, texts, saved, applicantName, today, agreements: texts.map((t) => ({ id: t.id, required: t.required })) };
}

/** Agreement & Signature: the texts to accept, the verification block, the signature. */

/** The consent to electronic records and signatures as this site shows it, in this language, with its SHA-256. */
export async function esignConsentFor(
  services: Services,
  request: Request,
  locale: string,
): Promise<{ text: EsignConsentText; canonical: string; sha256: string }> {
  const [site, t] = await Promise.all([siteOf(services, request), services.i18n.getFixedT(locale, "common")]);
  const text = esignConsentText((key, options) => t(key, options) as string, { phone: site.support_phone, email: site.support_email });
  const canonical = esignConsentCanonical(text);
  return { text, canonical, sha256: sha256Hex(canonical) };
}

export function sha256Hex(value: string | Uint8Array) {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Records the consent as it was shown (its version, text and hash) and when: at the signature. */
export async function recordEsignConsent(
  services: Services,
  enrollmentId: number,
  locale: string,
  consent: { canonical: string; sha256: string },
) {
  await saveEsignConsent(services.db, enrollmentId, {
    version: ESIGN_CONSENT_VERSION,
    text: consent.canonical,
    text_sha256: consent.sha256,
    locale,
    consented_at: services.now().toISOString(),
  });
}

/**
 * The agreement step's consent (issue 26 #13): given with a signature on that page, it is
 * recorded; a rep or group leaving the signature to the text message gives none for the
 * applicant — an earlier one (given with a signature since removed) is dropped, and the applicant
 * gives theirs on the signing page (sign-by-text.ts).
 */
export async function recordStepConsent(
  services: Services,
  enrollmentId: number,
  locale: string,
  o: { signed: boolean; signLater: boolean; consent: { canonical: string; sha256: string } },
) {
  if (o.signLater && !o.signed) await deleteEsignConsent(services.db, enrollmentId);
  else await recordEsignConsent(services, enrollmentId, locale, o.consent);
}

/** Complete refuses an enrollment whose consent is missing, to an older version, or does not match its own hash. */
export async function esignConsentValid(services: Services, enrollmentId: number): Promise<boolean> {
  const row = await esignConsentOf(services.db, enrollmentId);
  return Boolean(row && row.version === ESIGN_CONSENT_VERSION && sha256Hex(row.text) === row.text_sha256);
}
