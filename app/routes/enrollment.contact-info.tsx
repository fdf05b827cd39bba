import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useActionData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/request";
import { afterSave, fieldRules, loadWizard, readStep, stepChrome, writeStep, type WizardContext } from "~/.server/wizard";
import { commonIntent } from "~/.server/wizard-common";
import { checkContact, keepVerified, type ContactData } from "~/.server/contact";
import { contactHash, resendWait, sendContactCode, verifyContactCode, type ContactKind } from "~/.server/contact-codes";
import { checkEmail, checkPhone } from "~/.server/adapters/contact-check";
import { memberIdentity } from "~/.server/repositories/members-identity";
import { US_STATES } from "~/.server/adapters/data/zip3-states";
import type { Services } from "~/.server/services";
import { contactValidator, otpValidator, CONTACT_FIELDS, type ContactInput } from "~/forms/contact";
import { formatPhone } from "~/utils/format";
import { ContactInfoStep } from "~/components/wizard/ContactInfoStep";

export const meta: MetaFunction = () => [{ title: "Contact information" }];
const HERE = "/enrollment/contact-info";

async function saved(services: Services, ctx: WizardContext) {
  return readStep<ContactData>(services, ctx.enrollment.id, "contact_info");
}

/** Contact information, with verification by one-time code for addresses we cannot reach. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const ctx = await loadWizard(services, request, "contact_info");
  const [rules, step, member] = await Promise.all([fieldRules(services, ctx, "contact_info"), saved(services, ctx), ctx.enrollment.member_id ? memberIdentity(services, ctx.enrollment.member_id) : null]);
  const data: Partial<ContactData> = step?.data ?? {
    email: member?.email ?? "",
    phone_number: member?.phone ?? "",
    address1: member?.address1 ?? "",
    address2: member?.address2 ?? "",
    city: member?.city ?? "",
    zip: member?.zip ?? ctx.enrollment.zip ?? "",
    state: member?.state ?? ctx.enrollment.state ?? "",
  };
  const verified = data.verified ?? {};
  const emailVerified = Boolean(data.email && verified.email === contactHash(services, "email", data.email));
  const phoneVerified = Boolean(data.phone_number && verified.phone === contactHash(services, "phone", data.phone_number));
  const url = new URL(request.url);
  const otpType = url.searchParams.get("type") === "phone" ? "phone" : "email";
  const values: Record<string, string> = {};
  for (const f of CONTACT_FIELDS) values[f] = String(data[f] ?? "");
  values.phone_number = data.phone_number ? formatPhone(data.phone_number) : "";
  values.with_validation = data.with_validation === 0 ? "" : "1";
  if (data.skip_validation_email) values.skip_validation_email = "1";
  if (data.skip_validation_phone) values.skip_validation_phone = "1";
  return json({
    chrome: stepChrome(ctx),
    rules,
    values,
    states: US_STATES.map((s) => ({ value: s.abbrev, label: s.name })),
    verified: { email: emailVerified, phone: phoneVerified },
    flags: {
      email: Boolean(data.email) && !emailVerified && checkEmail(data.email ?? "") !== "ok",
      phone: Boolean(data.phone_number) && !phoneVerified && checkPhone(data.phone_number ?? "") !== "ok",
    },
    dialog: url.searchParams.get("dialog"),
    otp: {
      type: otpType as ContactKind,
      target: otpType === "email" ? (data.email ?? "") : formatPhone(data.phone_number ?? ""),
      state: url.searchParams.get("state") === "done" ? ("done" as const) : ("enter" as const),
      waitSeconds: url.searchParams.get("dialog") === "otp" ? await resendWait(services, ctx.enrollment.id, otpType) : 0,
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const ctx = await loadWizard(services, request, "contact_info");
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const rules = await fieldRules(services, ctx, "contact_info");
  const step = await saved(services, ctx);
  const verified = step?.data.verified ?? {};
  const commit = async () => ({ headers: { "Set-Cookie": await services.sessions.commit(ctx.session) } });

  if (intent === "otp-verify" || intent === "otp-resend") {
    const kind: ContactKind = field(form, "type", 10) === "phone" ? "phone" : "email";
    const target = kind === "email" ? step?.data.email : step?.data.phone_number;
    if (!target) return redirect(HERE);
    if (intent === "otp-resend") {
      const sent = await sendContactCode(services, ctx.enrollment.id, kind, target, ctx.locale);
      if (!sent.ok) return json({ otpError: sent.reason === "wait" ? "validation.otpWait" : "validation.otpLocked", seconds: sent.ok ? 0 : sent.reason === "wait" ? sent.seconds : 0 }, { status: 429 });
      return redirect(`${HERE}?dialog=otp&type=${kind}`);
    }
    const result = await otpValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const outcome = await verifyContactCode(services, ctx.enrollment.id, kind, target, result.data.otp);
    if (outcome !== "ok") {
      const message = { wrong: "validation.otpWrong", expired: "validation.otpExpired", tooManyTries: "validation.otpTooMany", locked: "validation.otpLocked", noCode: "validation.otpNoCode", otherTarget: "validation.otpNoCode" }[outcome];
      return validationError({ fieldErrors: { otp: message }, formId: result.formId }, result.submittedData);
    }
    await writeStep(services, ctx.enrollment, "contact_info", {
      data: { ...step!.data, verified: { ...verified, [kind]: contactHash(services, kind, target) } },
      completed: Boolean(step?.completed),
    });
    return redirect(`${HERE}?dialog=otp&type=${kind}&state=done`, await commit());
  }

  const result = await contactValidator(rules).validate(form);
  if (intent === "save-later" || intent === "verify-email" || intent === "verify-phone") {
    const kind: ContactKind | null = intent === "verify-email" ? "email" : intent === "verify-phone" ? "phone" : null;
    if (kind && result.error) {
      const own = kind === "email" ? "email" : "phone_number";
      if (result.error.fieldErrors[own]) return validationError({ fieldErrors: { [own]: kind === "email" ? "validation.emailModal" : "validation.phoneModal" }, formId: result.formId }, result.submittedData);
    }
    // Keep what was typed as a draft: the code is sent to it, and nothing typed is lost.
    const draft = result.error ? null : result.data;
    if (draft) await writeStep(services, ctx.enrollment, "contact_info", { data: { ...draft, verified: keepVerified(services, draft, verified) }, completed: Boolean(step?.completed) });
    if (!kind) return redirect(`${HERE}?dialog=save-later`);
    if (!draft) return validationError(result.error!, result.submittedData);
    const target = kind === "email" ? draft.email : draft.phone_number;
    const sent = await sendContactCode(services, ctx.enrollment.id, kind, target, ctx.locale);
    if (!sent.ok && sent.reason === "locked") return validationError({ fieldErrors: { [kind === "email" ? "email" : "phone_number"]: "validation.otpLocked" }, formId: result.formId }, result.submittedData);
    // A code sent less than 120 s ago is still the one to type.
    return redirect(`${HERE}?dialog=otp&type=${kind}`);
  }
  if (result.error) return validationError(result.error, result.submittedData);
  const checked = await checkContact(services, ctx.enrollment, result.data as ContactInput, verified);
  // Flagged addresses come back as errors: the page shows the code link and the skip box for them.
  if (!checked.ok) return validationError({ fieldErrors: checked.fieldErrors, formId: result.formId }, result.submittedData);
  await writeStep(services, ctx.enrollment, "contact_info", { data: checked.data, completed: true });
  return afterSave(services, ctx);
}

export default function ContactInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { otpError?: string; seconds?: number } | undefined;
  return <ContactInfoStep data={data} otpError={actionData?.otpError ?? null} otpWait={actionData?.seconds ?? null} />;
}
