/** The employer step (employer_info): the employer and the job, or skipped (IHA carts only).
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The employer-info page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { afterSave, fieldRules, optionLists, readStep, stepChrome, writeStep, type WizardContext } from "../steps";
import { employerDefaults, employerSkipAllowed } from "../employer";
import { isoToUsDate, todayIso } from "~/domain/dates";
import {
  employerSchema,
  type EmployerChoices,
  type EmployerData,
  EMPLOYER_CHOICE_FIELDS,
  EMPLOYER_FIELDS,
  EMPLOYER_OPTION_LISTS,
  employerValidator,
} from "~/forms/employer";
import { formatPhone } from "~/utils/format";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import type { NoData, StepData } from "../step-data";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import { saveDraft, typedChecks, typedFields } from "../drafts";
import { zipLookup } from "../../adapters/zip";
import { stateOptions } from "../state-options";
import type { Services } from "../../services";

const TAB = "employer_info";

/** What it keeps: its fields, or the skip of an IHA cart. */
export type EmployerStepData = EmployerData & { skipped?: boolean };
declare module "../step-data" {
  interface StepData {
    employer_info: EmployerStepData;
  }
  interface StepSecret {
    employer_info: NoData;
  }
}

export const employerStep = {
  tab: TAB,
  screen: "employer-info",
  titleKey: "wizard.tabs.employer_info",
  historyLabelKey: "wizard.tabs.employer_info",
  /** Every answer, each choice by its label in the page's language. */
  async reviewRows(services, { enrollment, locale, t }) {
    const d = (await readStep(services, enrollment.id, TAB))?.data ?? {};
    const change = changeHref(TAB);
    if (d.skipped) return group(null, [row(t("review.skipped"), "✓", change)]);
    const lists = await optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), locale);
    const choice = (field: keyof typeof EMPLOYER_OPTION_LISTS) => {
      const v = d[field];
      return typeof v === "string" ? ((lists[EMPLOYER_OPTION_LISTS[field]] ?? []).find((o) => o.value === v)?.label ?? v) : "";
    };
    const holidays = Object.entries(d.holiday_policy ?? {})
      .filter(([, on]) => on === 1)
      .map(([h]) => (lists[EMPLOYER_OPTION_LISTS.holiday_policy] ?? []).find((o) => o.value === h)?.label ?? h);
    return group(null, [
      row(t("employer.name"), d.name, change),
      row(t("employer.phone"), formatPhone(d.phone), change),
      row(
        t("review.address"),
        [d.address1, d.address2, d.city, `${d.state ?? ""} ${d.zip ?? ""}`.trim()].filter(Boolean).join(", "),
        change,
      ),
      row(t("employer.averageWorkWeek"), choice("average_work_week"), change),
      row(t("employer.startDate"), isoToUsDate(d.employment_start_date ?? null), change),
      row(t("employer.occupation"), d.occupation, change),
      row(t("employer.compensationType"), choice("compensation_type"), change),
      row(t("employer.employmentStatus"), choice("employment_status"), change),
      row(t("employer.industry"), choice("emp_industry"), change),
      row(t("employer.numEmployed"), d.emp_num_employed === undefined ? "" : String(d.emp_num_employed), change),
      row(t("employer.vacationPolicy"), choice("emp_vac_policy"), change),
      row(t("employer.bargainingUnit"), choice("emp_barg_unit"), change),
      row(t("employer.holidayPolicy"), holidays.join(", "), change),
    ]);
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const [rules, saved, lists] = await Promise.all([
      fieldRules(services, ctx, TAB),
      readStep(services, ctx.enrollment.id, TAB),
      optionLists(services, Object.values(EMPLOYER_OPTION_LISTS), ctx.locale),
    ]);
    if (saved?.data.skipped) return (await employerSkipAllowed(services, ctx.planIds)) ? null : "review.problems.stepIncomplete";
    const choices = Object.fromEntries(
      Object.entries(EMPLOYER_OPTION_LISTS).map(([f, key]) => [f, (lists[key] ?? []).map((o) => o.value)]),
    ) as unknown as EmployerChoices;
    return failsSchema(employerSchema(rules, todayIso(services.now()), choices), asFormValues(saved?.data ?? {}));
  },
  page: employerStepPage,
  action: employerStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

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
async function employerStepPage(services: Services, ctx: WizardContext, request: Request) {
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

async function employerStepAction(services: Services, ctx: WizardContext, { form }: StepInput) {
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
