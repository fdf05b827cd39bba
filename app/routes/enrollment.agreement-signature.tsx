import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/request";
import { afterSave, fieldRules, loadWizard, readStep, stepChrome, writeStep, type WizardContext } from "~/.server/wizard";
import { commonIntent } from "~/.server/wizard-common";
import { agreementTexts, cartL713, verificationCodes } from "~/.server/repositories/agreements";
import type { Services } from "~/.server/services";
import { AGREEMENT_FORM_MAX_BYTES, agreementDraft, agreementField, agreementValidator } from "~/forms/agreement";
import { textSignatureOffered } from "~/.server/text-signature";
import { eprocessFor, signatureLater, verificationRules, VERIFICATION_FIELDS, type ApplicantName, type SignatureMethod, type VerificationField } from "~/domain/agreement";
import { L713_FEES } from "~/domain/cart-totals";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { sanitizeHtml } from "~/utils/sanitize";
import { AgreementStep } from "~/components/wizard/AgreementStep";

export const meta: MetaFunction = () => [{ title: "Agreement and signature" }];
const HERE = "/enrollment/agreement-signature";

/** The step's plain data. The signature itself (PNG or typed name) lives in the encrypted secret. */
interface AgreementData extends Partial<Record<VerificationField, string>> {
  method: SignatureMethod | null;
  signed_at: string | null;
  eprocess: string;
  agreements: number[];
}
interface AgreementSecret extends Partial<Record<VerificationField, string>> {
  signature: string;
  signature_name: string;
}

/** What loader and action both need: the rules (with the enrolling person's block), the texts, the applicant. */
async function agreementSetup(services: Services, ctx: WizardContext) {
  const [definitions, texts, saved, personal, signLater] = await Promise.all([
    fieldRules(services, ctx, "agreement_info"),
    agreementTexts(services.db, ctx.planIds, ctx.locale),
    readStep<AgreementData, AgreementSecret>(services, ctx.enrollment.id, "agreement_info"),
    readStep<{ first_name: string; last_name: string }>(services, ctx.enrollment.id, "primary_info"),
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
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const ctx = await loadWizard(services, request, "agreement_info");
  const [setup, l713] = await Promise.all([agreementSetup(services, ctx), cartL713(services.db, ctx.planIds, ctx.locale)]);
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
    l713: l713 ? { planName: l713.planName, specialMessageHtml: sanitizeHtml(l713.specialMessage), netPriceCents: l713.netPriceCents, fees: L713_FEES } : null,
    values,
    applicantName: setup.applicantName,
    today: setup.today,
    eprocess: eprocessFor(setup.rules) ?? ctx.enrollment.eprocess ?? "applicant",
    signed: setup.saved?.completed && data.method && data.signed_at ? { method: data.method, on: isoToUsDate(todayIso(new Date(data.signed_at))) } : null,
    dialog: url.searchParams.get("dialog"),
    defaultEmail: null as string | null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services, { maxBytes: AGREEMENT_FORM_MAX_BYTES });
  const ctx = await loadWizard(services, request, "agreement_info");
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

  const codes = await verificationCodes(services.db, ctx.enrollment);
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
  };
  await writeStep(services, ctx.enrollment, "agreement_info", { data, secret, completed: true });
  return afterSave(services, ctx);
}

export default function AgreementSignature() {
  return <AgreementStep data={useLoaderData<typeof loader>()} />;
}
