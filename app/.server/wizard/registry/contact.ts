/** The contact step (contact_info): e-mail, phone and home address.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The contact step's page (enrollment-wizard §2.5): what the page shows — the saved answers or the
 * draft as typed, whether each address is verified or flagged, the code dialog's state — and what
 * each of its buttons does (Next, save for later, send a code, verify or resend it). The route only
 * loads the wizard and hands over (issue 25: thin actions, one use case).
 */
import { afterSave, fieldRules, readStep, stepChrome, type WizardContext } from "../steps";
import { formatPhone } from "~/utils/format";
import { contactSchema, type ContactInput, contactValidator, otpValidator, CONTACT_FIELDS } from "~/forms/contact";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import type { NoData } from "../step-data";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import type { Services } from "../../services";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import { checkContact, confirmContactCode, memberSignInUrl, saveContact, sendCodeToTyped } from "../contact";
import { codeStatus, isContactHash, sendContactCode, type ContactKind } from "../contact-codes";
import { saveDraft, typedFields } from "../drafts";
import { checkEmail, checkPhone } from "../../adapters/contact-check";
import { memberOnFile } from "../../members/existing-member";
import { stateOptions } from "../state-options";
import { messageKey } from "~/forms/common";
import { isValidEmail, phoneDigits } from "~/domain/identity";

const TAB = "contact_info";

/** What it keeps: what the form posts, and which addresses were verified by a code. */
export interface ContactData extends ContactInput {
  /** keyed hashes of the e-mail and phone that were verified by a code */
  verified: { email?: string; phone?: string };
}
declare module "../step-data" {
  interface StepData {
    contact_info: ContactData;
  }
  interface StepSecret {
    contact_info: NoData;
  }
}

export const contactStep = {
  tab: TAB,
  screen: "contact-info",
  titleKey: "wizard.tabs.contact_info",
  historyLabelKey: "wizard.tabs.contact_info",
  async reviewRows(services, { enrollment, t }) {
    const d = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    const change = changeHref(TAB);
    return group(null, [
      row(t("contact.email"), d.email, change),
      row(t("contact.phone"), formatPhone(d.phone_number), change),
      row(
        t("review.address"),
        [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", "),
        change,
      ),
      row(t("contact.birthState"), d.birth_state, change),
      row(t("contact.birthCity"), d.birth_city, change),
    ]);
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const [rules, saved] = await Promise.all([fieldRules(services, ctx, TAB), readStep(services, ctx.enrollment.id, TAB)]);
    return failsSchema(contactSchema(rules), asFormValues(saved?.data ?? {}));
  },
  page: contactStepPage,
  action: contactStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/contact-info";
/** What a draft keeps: every field of the form, as typed. */
const DRAFT_FIELDS = [...CONTACT_FIELDS, "with_validation", "skip_validation_email", "skip_validation_phone"] as const;

async function saved(services: Services, ctx: WizardContext) {
  return readStep(services, ctx.enrollment.id, "contact_info");
}

/** The contact page's data: the answers (or the draft as typed), what is verified or flagged, the code dialog. */
async function contactStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [rules, step, member] = await Promise.all([
    fieldRules(services, ctx, "contact_info"),
    saved(services, ctx),
    memberOnFile(services, ctx.enrollment, ctx.session),
  ]);
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
  const draft = step?.draft ?? null;
  const values: Record<string, string> = {};
  if (draft) {
    // Saved for later: exactly as typed.
    for (const f of DRAFT_FIELDS) values[f] = String(draft[f] ?? "");
  } else {
    for (const f of CONTACT_FIELDS) values[f] = String(data[f] ?? "");
    values.phone_number = data.phone_number ? formatPhone(data.phone_number) : "";
    values.with_validation = data.with_validation === 0 ? "" : "1";
    if (data.skip_validation_email) values.skip_validation_email = "1";
    if (data.skip_validation_phone) values.skip_validation_phone = "1";
  }
  // The address and number on the page (a draft's only when well formed) are the ones checked and verified.
  const email = draft ? (isValidEmail(values.email.trim()) ? values.email.trim().toLowerCase() : "") : (data.email ?? "");
  const phone = draft
    ? /^\d{10}$/.test(phoneDigits(values.phone_number))
      ? phoneDigits(values.phone_number)
      : ""
    : (data.phone_number ?? "");
  const emailVerified = Boolean(email && isContactHash(services, "email", email, verified.email));
  const phoneVerified = Boolean(phone && isContactHash(services, "phone", phone, verified.phone));
  const url = new URL(request.url);
  const otpType = url.searchParams.get("type") === "phone" ? "phone" : "email";
  // The code dialog says what really went out to the saved address or number (never more).
  const otpTarget = (otpType === "email" ? data.email : data.phone_number) ?? "";
  const codeState =
    url.searchParams.get("dialog") === "otp" && otpTarget
      ? await codeStatus(services, ctx.enrollment.id, otpType, otpTarget)
      : { sent: false, waitSeconds: 0 };
  return json({
    // "Email Already Exists." says what to do next, with this link among them (issue 26 #14)
    memberSignIn: await memberSignInUrl(services, request),
    chrome: { ...stepChrome(ctx), draft: Boolean(draft) },
    rules,
    values,
    states: stateOptions(ctx.locale),
    verified: { email: emailVerified, phone: phoneVerified },
    flags: {
      email: Boolean(email) && !emailVerified && checkEmail(email) !== "ok",
      phone: Boolean(phone) && !phoneVerified && checkPhone(phone) !== "ok",
    },
    dialog: url.searchParams.get("dialog"),
    otp: {
      type: otpType as ContactKind,
      target: otpType === "email" ? otpTarget : formatPhone(otpTarget),
      state: url.searchParams.get("state") === "done" ? ("done" as const) : ("enter" as const),
      sent: codeState.sent,
      waitSeconds: codeState.waitSeconds,
    },
  });
}

/** A post of the contact page: one of its intents, each ending in a redirect or the form's errors. */
async function contactStepAction(services: Services, ctx: WizardContext, { form, clientIp }: StepInput) {
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
      const sent = await sendContactCode(services, ctx.enrollment.id, kind, target, ctx.locale, clientIp);
      if (!sent.ok)
        return json(
          {
            otpError: sent.reason === "locked" ? "validation.otpLocked" : "validation.otpWait",
            seconds: sent.reason === "locked" ? 0 : sent.seconds,
          },
          { status: 429 },
        );
      return redirect(`${HERE}?dialog=otp&type=${kind}`);
    }
    const result = await otpValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const outcome = await confirmContactCode(services, ctx, step, kind, target, result.data.otp, clientIp);
    if (outcome !== "ok") {
      const message = {
        wrong: "validation.otpWrong",
        expired: "validation.otpExpired",
        tooManyTries: "validation.otpTooMany",
        locked: "validation.otpLocked",
        noCode: "validation.otpNoCode",
        otherTarget: "validation.otpNoCode",
      }[outcome];
      return validationError({ fieldErrors: { otp: message }, formId: result.formId }, result.submittedData);
    }
    return redirect(`${HERE}?dialog=otp&type=${kind}&state=done`, await commit());
  }

  const result = await contactValidator(rules).validate(form);
  if (intent === "save-later") {
    // Keep the step exactly as typed; Next checks it (a draft that passes is saved, unfinished).
    const checked = result.error ? null : await checkContact(services, ctx.enrollment, result.data as ContactInput, verified, clientIp);
    await saveDraft(
      services,
      ctx.enrollment,
      "contact_info",
      typedFields(form, DRAFT_FIELDS),
      checked?.ok ? { ok: true, data: checked.data } : { ok: false },
    );
    return redirect(`${HERE}?dialog=save-later`);
  }
  if (intent === "verify-email" || intent === "verify-phone") {
    const kind: ContactKind = intent === "verify-email" ? "email" : "phone";
    if (result.error) {
      const own = kind === "email" ? "email" : "phone_number";
      if (result.error.fieldErrors[own])
        return validationError(
          { fieldErrors: { [own]: kind === "email" ? "validation.emailModal" : "validation.phoneModal" }, formId: result.formId },
          result.submittedData,
        );
      return validationError(result.error, result.submittedData);
    }
    // Keep what was typed (the code goes to it), once a code can be sent: a refused post keeps nothing.
    const sent = await sendCodeToTyped(services, ctx, step, kind, result.data, clientIp);
    const own = kind === "email" ? "email" : "phone_number";
    if (!sent.ok && sent.reason === "locked")
      return validationError({ fieldErrors: { [own]: "validation.otpLocked" }, formId: result.formId }, result.submittedData);
    // too many codes from this client, to this address or number, or on the channel today: when to try again, beside the field
    if (!sent.ok && sent.reason === "limited")
      return validationError(
        { fieldErrors: { [own]: messageKey("validation.otpSendLimit", { minutes: Math.ceil(sent.seconds / 60) }) }, formId: result.formId },
        result.submittedData,
        { status: 429 },
      );
    // Sent, or not yet (the 120 s wait of this address, the hourly cap): the dialog says which, and when.
    return redirect(`${HERE}?dialog=otp&type=${kind}`);
  }
  if (result.error) return validationError(result.error, result.submittedData);
  const checked = await saveContact(services, ctx, step, result.data as ContactInput, clientIp);
  // Flagged addresses come back as errors: the page shows the code link and the skip box for them.
  if (!checked.ok)
    return validationError({ fieldErrors: checked.fieldErrors, formId: result.formId }, result.submittedData, {
      status: checked.limited ? 429 : 422,
    });
  return afterSave(services, ctx);
}
