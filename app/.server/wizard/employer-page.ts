/**
 * The employer-info page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { redirect } from "@remix-run/node";
import { json } from "../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../platform/request";
import { afterSave, fieldRules, optionLists, readStep, stepChrome, writeStep, type WizardContext } from "./steps";
import { commonIntent } from "./step-controls";
import { employerDefaults, employerSkipAllowed } from "./employer";
import { saveDraft, typedChecks, typedFields } from "./drafts";
import { zipLookup } from "../adapters/zip";
import { stateOptions } from "./state-options";
import type { Services } from "../services";
import {
  EMPLOYER_CHOICE_FIELDS,
  EMPLOYER_FIELDS,
  EMPLOYER_OPTION_LISTS,
  employerValidator,
  type EmployerChoices,
  type EmployerData,
} from "~/forms/employer";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { formatPhone } from "~/utils/format";
import type { StepData } from "./step-data";

const HERE = "/enrollment/employer-info";

/** The rules, the option lists (and so the allowed values), and whether Skip is offered. */
async function stepSetup(services: Services, ctx: WizardContext) {
  const [rules, lists, canSkip] = await Promise.all([
    fieldRules(services, ctx, "employer_info"),
    optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), ctx.locale),
    employerSkipAllowed(services, ctx.planIds),
  ]);
  const options = Object.fromEntries(Object.entries(EMPLOYER_OPTION_LISTS).map(([f, key]) => [f, lists[key] ?? []])) as Record<
    keyof EmployerChoices,
    Array<{ value: string; label: string }>
  >;
  const choices = Object.fromEntries(
    Object.entries(options).map(([f, list]) => [f, list.map((o) => o.value)]),
  ) as unknown as EmployerChoices;
  return { rules, options, choices, canSkip };
}

/** Employer information: saved answers, else the group's employer details as defaults. */
export async function employerStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [setup, step, contact] = await Promise.all([
    stepSetup(services, ctx),
    readStep(services, ctx.enrollment.id, "employer_info"),
    readStep(services, ctx.enrollment.id, "contact_info"),
  ]);
  const draft = step?.draft ?? null;
  const answered = step && !step.data.skipped ? step.data : null;
  const defaults = answered || draft ? null : await employerDefaults(services, ctx.enrollment);
  const data: Partial<StepData["employer_info"]> = answered ?? (defaults ? { ...defaults } : {});
  const values: Record<string, string | Record<string, string>> = {};
  if (draft) {
    // Saved for later: exactly as typed.
    for (const f of [...EMPLOYER_FIELDS, "with_validation"]) values[f] = String(draft[f] ?? "");
    values.holiday_policy = typeof draft.holiday_policy === "object" ? draft.holiday_policy : {};
  } else {
    for (const f of ["name", "address1", "address2", "city", "zip", "state", "occupation", ...EMPLOYER_CHOICE_FIELDS] as const)
      values[f] = String(data[f] ?? "");
    values.phone = data.phone ? formatPhone(data.phone) : "";
    values.employment_start_date = isoToUsDate(data.employment_start_date);
    values.emp_num_employed = data.emp_num_employed ? String(data.emp_num_employed) : "";
    values.with_validation = data.with_validation === 0 ? "" : "1";
    values.holiday_policy = Object.fromEntries(
      Object.entries(data.holiday_policy ?? {})
        .filter(([, on]) => on === 1)
        .map(([h]) => [h, "1"]),
    );
  }
  const url = new URL(request.url);
  return json({
    chrome: { ...stepChrome(ctx), draft: Boolean(draft) },
    rules: setup.rules,
    values,
    options: setup.options,
    choices: setup.choices,
    states: stateOptions(ctx.locale),
    canSkip: setup.canSkip,
    skipped: Boolean(step?.data.skipped) && !draft,
    fromGroup: Boolean(defaults && defaults.name),
    dialog: url.searchParams.get("dialog"),
    defaultEmail: contact?.data.email ?? null,
    today: todayIso(services.now()),
  });
}

export async function employerStepAction(services: Services, ctx: WizardContext, form: FormData) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const { rules, choices, canSkip } = await stepSetup(services, ctx);

  if (intent === "skip") {
    // Only IHA carts may leave the employer's details out; the button is not even shown otherwise.
    if (!canSkip) return json({ formError: "validation.skipNotAllowed" }, { status: 403 });
    await writeStep(services, ctx.enrollment, "employer_info", { data: { skipped: true }, completed: true, draft: null });
    return afterSave(services, ctx);
  }

  const result = await employerValidator(rules, todayIso(services.now()), choices).validate(form);
  // The state follows the ZIP (filled and locked with JavaScript; set here without it).
  const zip = rules.zip?.shown ? field(form, "zip", 10) : "";
  const zipState = /^\d{5}$/.test(zip) ? zipLookup.stateFor(zip) : null;
  const zipError = /^\d{5}$/.test(zip) && !zipState ? { zip: "validation.zipInvalid" } : null;
  const data: EmployerData | null = result.error || zipError ? null : { ...result.data, ...(zipState ? { state: zipState } : {}) };
  if (intent === "save-later") {
    // Keep the step exactly as typed; Next checks it (a draft that passes is saved, unfinished).
    const editable = (f: string) => Boolean(rules[f]?.shown && !rules[f]?.readOnly);
    const typed = typedFields(form, [...EMPLOYER_FIELDS, "with_validation"].filter(editable));
    if (editable("holiday_policy")) typed.holiday_policy = typedChecks(form, "holiday_policy", choices.holiday_policy);
    await saveDraft(services, ctx.enrollment, "employer_info", typed, data ? { ok: true, data } : { ok: false });
    return redirect(`${HERE}?dialog=save-later`);
  }
  if (!data) {
    const fieldErrors = { ...(result.error?.fieldErrors ?? {}), ...(result.error?.fieldErrors.zip ? {} : zipError) };
    return validationError({ fieldErrors, formId: result.formId }, result.submittedData);
  }
  await writeStep(services, ctx.enrollment, "employer_info", { data, completed: true, draft: null });
  return afterSave(services, ctx);
}
