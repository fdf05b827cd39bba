/** The agreement step (agreement_info): the texts accepted, the ESIGN consent and the signature. */
import { openSealed } from "../../platform/respond";
import { esignConsentOf } from "../../repositories/enrollment-record";
import { readStep, type WizardContext } from "../steps";
import { agreementSetup, agreementTextsFor, esignConsentValid } from "../agreement";
import { signedForThisCart } from "../signed-cart";
import { isoToUsDate } from "~/domain/dates";
import { parseEsignConsent } from "~/domain/esign-consent";
import type { RecordFacts } from "~/domain/enrollment-record";
import { changeHref, group, row } from "./rows";
import type { StepDefinition } from "./types";
import type { SignatureMethod, VerificationField } from "~/domain/agreement";

const TAB = "agreement_info";

/** What it keeps in clear. The signature itself (PNG or typed name) lives in the sealed part. */
export interface AgreementData extends Partial<Record<VerificationField, string>> {
  method: SignatureMethod | null;
  signed_at: string | null;
  eprocess: string;
  agreements: number[];
  /** SHA-256 of the cart signed for (signed-cart.ts): a change to the plans or prices voids the signature */
  cart_sha256?: string | null;
}
export interface AgreementSecret extends Partial<Record<VerificationField, string>> {
  signature: string;
  signature_name: string;
}
declare module "../step-data" {
  interface StepData {
    agreement_info: AgreementData;
  }
  interface StepSecret {
    agreement_info: AgreementSecret;
  }
}

/** The signature given on the text message's page, as the policy keeps it (sealed): text-signature.ts. */
interface TextSignature {
  method: "drawn" | "typed";
  png?: string;
  name?: string;
  agreements: number[];
}

export const agreementStep = {
  tab: TAB,
  screen: "agreement-signature",
  titleKey: "wizard.tabs.agreement_info",
  historyLabelKey: "wizard.tabs.agreement_info",
  async reviewRows(services, { enrollment, t }) {
    const d = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    if (!d.signed_at) return [];
    const change = changeHref(TAB);
    return group(null, [
      row(t("review.signedOn"), isoToUsDate(d.signed_at.slice(0, 10)), change),
      row(
        t("review.signatureHow"),
        d.method === "drawn" ? t("review.signatureDrawn") : d.method === "typed" ? t("review.signatureTyped") : "",
        change,
      ),
    ]);
  },
  async record(services, { enrollment, policy, planIds, locale }): Promise<Pick<RecordFacts, "agreements" | "consent" | "signature">> {
    const enrollmentId = enrollment.id;
    const [agreement, texts, consent] = await Promise.all([
      readStep(services, enrollmentId, TAB),
      agreementTextsFor(services, { planIds, locale }),
      esignConsentOf(services.db, enrollmentId),
    ]);
    // Signed later from the text message's link (ADR 005): that signature, and the agreements
    // accepted on that page, are the policy's (sealed), not the agreement step's.
    const signatureEnc = policy.signature_status === "signed" ? policy.signature_enc : null;
    const byText = signatureEnc
      ? openSealed(services, () => services.cipher.decryptJson<TextSignature>(signatureEnc), { enrollmentId, what: "policy signature" })
      : null;
    const accepted = new Set(byText ? byText.agreements : (agreement?.data.agreements ?? []));
    const consentText = consent ? parseEsignConsent(consent.text) : null;
    const method = byText ? byText.method : (agreement?.data.method ?? null);
    return {
      agreements: texts.map((x) => ({ head: x.head, bodyHtml: x.body, accepted: accepted.has(x.id) })),
      consent: consent && consentText ? { text: consentText, sha256: consent.text_sha256, consentedAt: consent.consented_at } : null,
      signature: byText
        ? {
            method,
            signedAt: policy.signed_at,
            typedName: byText.method === "typed" ? byText.name : null,
            pngDataUrl: byText.method === "drawn" ? byText.png : null,
            awaitingText: false,
            byText: true,
          }
        : {
            method,
            signedAt: agreement?.data.signed_at ?? null,
            typedName: method === "typed" ? (agreement?.secret.signature_name ?? null) : null,
            pngDataUrl: method === "drawn" ? (agreement?.secret.signature ?? null) : null,
            awaitingText: policy.signature_status === "awaiting",
          },
    };
  },
  async recheck(services, ctx, { sendSms }) {
    const setup = await agreementSetup(services, ctx as WizardContext);
    const data = setup.saved?.data;
    const accepted = new Set(data?.agreements ?? []);
    if (setup.agreements.some((a) => a.required && !accepted.has(a.id))) return "review.problems.agreements";
    const signed = Boolean(data?.method && setup.saved?.completed);
    // ESIGN Act §7001(c): no electronic record or signature without the recorded consent — the
    // signer's. Left to the text message, the applicant gives it when they sign (issue 26 #13).
    const byTextLater = !signed && setup.signLater;
    if (!byTextLater && !(await esignConsentValid(services, ctx.enrollment.id))) return "review.problems.esignConsent";
    // A signature covers the cart it was given for: a change to its plans or prices since voids it.
    if (signed && !(await signedForThisCart(services, ctx.enrollment, data?.cart_sha256))) return "review.problems.signatureCartChanged";
    if (!signed && setup.signLater) return sendSms ? null : "validation.signatureByText";
    if (!signed && setup.rules.signature?.shown && setup.rules.signature.required) return "validation.signatureRequired";
    return null;
  },
} satisfies StepDefinition<typeof TAB>;
