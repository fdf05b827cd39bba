/**
 * The wizard's personal information (enrollment-wizard §2.4) page: what the page shows and what each of its buttons does. The route only
 * loads the wizard and hands over (issue 25: a thin route, one use case per page).
 */
import { json } from "../platform/loader-json";
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { field } from "../platform/request";
import { afterSave, fieldRules, optionLists, readStep, stepChrome, writeStep } from "./steps";
import { commonIntent } from "./step-controls";
import { saveEnrollerCode } from "./enroller-code";
import { saveDraft, typedFields } from "./drafts";
import { memberOnFile } from "../members/existing-member";
import { personalValidator, enrollerCodeValidator, PERSONAL_FIELDS } from "~/forms/personal";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { isValidSsn } from "~/domain/identity";
import type { StepData } from "./step-data";
import type { Services } from "../services";
import type { WizardContext } from "./steps";

/** Personal information: fields from the server's definitions, prefilled from what is known. */
export async function personalStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [rules, saved, options, member] = await Promise.all([
    fieldRules(services, ctx, "primary_info"),
    readStep(services, ctx.enrollment.id, "primary_info"),
    optionLists(services, ["marital_status"], ctx.locale),
    memberOnFile(services, ctx.enrollment),
  ]);
  const data: Partial<StepData["primary_info"]> & Record<string, unknown> = saved?.data ?? {};
  const ssn = saved?.secret.ssn ?? member?.ssn ?? "";
  const values: Record<string, string> = {};
  if (saved?.draft) {
    // Saved for later: exactly as typed (a mistyped SSN too; a valid one is on file, masked).
    for (const f of PERSONAL_FIELDS) values[f] = String(saved.draft[f] ?? "");
  } else {
    for (const f of PERSONAL_FIELDS) if (data[f] !== undefined && data[f] !== null) values[f] = String(data[f]);
    if (!values.first_name && member) values.first_name = member.firstName;
    if (!values.last_name && member) values.last_name = member.lastName;
    values.prior_effective_date = isoToUsDate(data.prior_effective_date);
    values.prior_term_date = isoToUsDate(data.prior_term_date);
  }
  // An SSN on file is shown masked, never sent back in the page.
  const url = new URL(request.url);
  return json({
    chrome: { ...stepChrome(ctx), draft: Boolean(saved?.draft) },
    rules,
    values,
    ssnLast4: ssn ? ssn.slice(-4) : null,
    birthdate: isoToUsDate(ctx.enrollment.birthdate),
    gender: ctx.enrollment.gender,
    maritalOptions: options.marital_status,
    enrollerCode: ctx.enrollment.enroller_code,
    dialog: url.searchParams.get("dialog"),
    defaultEmail: null as string | null,
    today: todayIso(services.now()),
  });
}

export async function personalStepAction(services: Services, ctx: WizardContext, form: FormData, reads: Services) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const rules = await fieldRules(services, ctx, "primary_info");

  if (intent === "enroller-code") {
    const result = await enrollerCodeValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    if (!(await saveEnrollerCode(services, ctx.enrollment, result.data.enrollerCode))) {
      return validationError(
        { fieldErrors: { enrollerCode: "validation.unknownEnrollerCode" }, formId: result.formId },
        result.submittedData,
      );
    }
    return redirect("/enrollment/personal-info");
  }

  const saved = await readStep(reads, ctx.enrollment.id, "primary_info");
  const member = await memberOnFile(services, ctx.enrollment);
  const ssnOnFile = saved?.secret.ssn ?? member?.ssn ?? null;
  const result = await personalValidator(rules, todayIso(services.now()), { ssnOnFile: Boolean(ssnOnFile) }).validate(form);
  if (intent === "save-later" || intent === "enroller-dialog") {
    // Keep the step exactly as typed, then ask for the e-mail (or, without JavaScript, open the
    // enroller-code dialog by URL without losing the typing). Next checks it.
    const typed = typedFields(
      form,
      PERSONAL_FIELDS.filter((f) => rules[f]?.shown && !rules[f]?.readOnly),
    );
    const typedSsn = (typed.ssn as string | undefined)?.replace(/[\s-]/g, "") ?? "";
    // A valid SSN goes on file (encrypted, shown masked); a mistyped one stays in the (encrypted) draft.
    if (isValidSsn(typedSsn)) typed.ssn = "";
    const ssn = isValidSsn(typedSsn) ? typedSsn : ssnOnFile;
    await saveDraft(
      services,
      ctx.enrollment,
      "primary_info",
      typed,
      result.error
        ? { ok: false, secret: isValidSsn(typedSsn) ? { ssn: typedSsn } : undefined }
        : { ok: true, data: result.data.data, secret: ssn ? { ssn } : null },
    );
    return redirect(`/enrollment/personal-info?dialog=${intent === "save-later" ? "save-later" : "enroller"}`);
  }
  if (result.error) return validationError(result.error, result.submittedData);
  // The enroller code is checked after the form, when the server requires it.
  if (rules.enroller_code?.required && !ctx.enrollment.enroller_code) {
    return validationError({ fieldErrors: { enroller_code: "validation.enrollerCode" }, formId: result.formId }, result.submittedData);
  }
  const ssn = result.data.ssn ?? ssnOnFile;
  await writeStep(services, ctx.enrollment, "primary_info", {
    data: result.data.data,
    secret: ssn ? { ssn } : null,
    completed: true,
    draft: null,
  });
  return afterSave(services, ctx);
}
