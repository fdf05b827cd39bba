/**
 * The agreement-signature page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { redirect } from "@remix-run/node";
import { json } from "../platform/loader-json";
import { validationError } from "remix-validated-form";
import { audit } from "../platform/audit";
import { field } from "../platform/request";
import { afterSave, stepChrome, writeStep } from "./steps";
import { commonIntent } from "./step-controls";
import { cartFingerprint, signedForThisCart } from "./signed-cart";
import {
  agreementSetup,
  esignConsentFor,
  l713NoticeFor,
  recordStepConsent,
  verificationCodesFor,
  type AgreementData,
  type AgreementSecret,
} from "./agreement";
import { agreementDraft, agreementField, agreementValidator } from "~/forms/agreement";
import { eprocessFor, VERIFICATION_FIELDS } from "~/domain/agreement";
import { L713_FEES } from "~/domain/cart-totals";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { sanitizeHtml } from "~/utils/sanitize";
import type { Services } from "../services";
import type { WizardContext } from "./steps";

const HERE = "/enrollment/agreement-signature";

export async function agreementStepPage(services: Services, ctx: WizardContext, request: Request) {
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

export async function agreementStepAction(services: Services, ctx: WizardContext, request: Request, form: FormData) {
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
