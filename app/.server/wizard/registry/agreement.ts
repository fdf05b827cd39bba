/** The agreement step (agreement_info): the texts accepted, the ESIGN consent and the signature.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The agreement-signature page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { openSealed } from "../../platform/respond";
import { esignConsentOf } from "../../repositories/enrollment-record";
import { readStep, type WizardContext, afterSave, stepChrome, writeStep } from "../steps";
import {
  agreementTextsFor,
  esignConsentValid,
  agreementSetup,
  esignConsentFor,
  l713NoticeFor,
  recordStepConsent,
  verificationCodesFor,
} from "../agreement";
import { cartFingerprint, signedForThisCart } from "../signed-cart";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { parseEsignConsent } from "~/domain/esign-consent";
import type { RecordFacts } from "~/domain/enrollment-record";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import { type SignatureMethod, type VerificationField, eprocessFor, VERIFICATION_FIELDS } from "~/domain/agreement";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { audit } from "../../platform/audit";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import { AGREEMENT_FORM_MAX_BYTES, agreementDraft, agreementField, agreementValidator } from "~/forms/agreement";
import { L713_FEES } from "~/domain/cart-totals";
import { sanitizeHtml } from "~/utils/sanitize";
import type { Services } from "../../services";

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
  page: agreementStepPage,
  action: agreementStepAction,
  formMaxBytes: AGREEMENT_FORM_MAX_BYTES,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/agreement-signature";

async function agreementStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [setup, l713, esign] = await Promise.all([
    agreementSetup(services, ctx),
    l713NoticeFor(services, ctx),
    esignConsentFor(services, request, ctx.locale),
  ]);
  const data = setup.saved?.data ?? {};
  const values: Record<string, string> = {};
  for (const id of data.agreements ?? []) if (setup.texts.some((t) => t.id === id)) values[agreementField(id)] = "1";
  // Plain verification answers come back; codes, answers and the signature never do.
  for (const f of VERIFICATION_FIELDS) {
    const v = data[f];
    if (typeof v === "string" && v) values[f] = f === "date" ? isoToUsDate(v) : v;
  }
  const url = new URL(request.url);
  return json({
    chrome: stepChrome(ctx),
    rules: setup.rules,
    signLater: setup.signLater,
    agreements: setup.texts.map((t) => ({ id: t.id, head: t.head, bodyHtml: sanitizeHtml(t.body), required: t.required })),
    l713: l713
      ? {
          planName: l713.planName,
          specialMessageHtml: sanitizeHtml(l713.specialMessage),
          netPriceCents: l713.netPriceCents,
          fees: L713_FEES,
        }
      : null,
    esign: esign.text,
    values,
    applicantName: setup.applicantName,
    today: setup.today,
    eprocess: eprocessFor(setup.rules) ?? ctx.enrollment.eprocess ?? "applicant",
    // Group Verification's hint speaks to whoever fills it: the group's administrator, or an employee enrolling themselves (issue 26 #14)
    groupEnroller: ctx.session.staff?.kind === "group_admin" ? ("admin" as const) : ("employee" as const),
    signed:
      setup.saved?.completed && data.method && data.signed_at
        ? {
            method: data.method,
            on: isoToUsDate(todayIso(new Date(data.signed_at))),
            // signed for another cart: the earlier signature no longer applies
            stale: !(await signedForThisCart(services, ctx.enrollment, data.cart_sha256)),
          }
        : null,
    dialog: url.searchParams.get("dialog"),
    defaultEmail: null as string | null,
  });
}

async function agreementStepAction(services: Services, ctx: WizardContext, { request, form }: StepInput) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const setup = await agreementSetup(services, ctx);
  const eprocess = eprocessFor(setup.rules) ?? ctx.enrollment.eprocess ?? "applicant";

  if (intent === "save-later") {
    // A draft keeps the ticks and plain answers, never a signature. A step already signed keeps
    // its signed record: replacing it by an unsigned draft would leave a finished step unsigned.
    if (!setup.saved?.completed) {
      const draft = agreementDraft(form, setup);
      await writeStep(services, ctx.enrollment, "agreement_info", {
        data: { ...draft.verification, method: null, signed_at: null, eprocess, agreements: draft.accepted } satisfies AgreementData,
        secret: null,
        completed: false,
      });
    }
    return redirect(`${HERE}?dialog=save-later`);
  }

  const codes = await verificationCodesFor(services, ctx.enrollment);
  const result = await agreementValidator({ ...setup, codes }).validate(form);
  if (result.error) {
    // The drawn PNG is not echoed back: the pad in the page still holds it.
    const { signature: _png, ...submitted } = result.submittedData;
    return validationError(result.error, submitted);
  }
  const input = result.data;
  const secret: Partial<AgreementSecret> = { ...input.secretVerification };
  if (input.signature?.method === "drawn") secret.signature = input.signature.png;
  if (input.signature?.method === "typed") secret.signature_name = input.signature.name;
  const data: AgreementData = {
    ...input.verification,
    method: input.signature?.method ?? null,
    signed_at: input.signature ? services.now().toISOString() : null,
    eprocess,
    agreements: input.accepted,
    // what was signed: a change to the cart's plans or prices afterwards voids this signature
    cart_sha256: await cartFingerprint(services, ctx.enrollment),
  };
  await writeStep(services, ctx.enrollment, "agreement_info", { data, secret, completed: true });
  // The consent is recorded as it was shown (this page's text, in this language, with its hash),
  // by whoever signs here; left to the text message, the applicant gives it there (issue 26 #13).
  await recordStepConsent(services, ctx.enrollment.id, ctx.locale, {
    signed: Boolean(input.signature),
    signLater: setup.signLater,
    consent: await esignConsentFor(services, request, ctx.locale),
  });
  if (input.signature)
    await audit(services, ctx.session, {
      kind: "signature.given",
      enrollmentId: ctx.enrollment.id,
      memberId: ctx.enrollment.member_id,
      detail: input.signature.method,
    });
  return afterSave(services, ctx);
}
