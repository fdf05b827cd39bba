/** The personal step (primary_info): the applicant's name, body, marital status and SSN.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The wizard's personal information (enrollment-wizard §2.4) page: what the page shows and what each of its buttons does. The route only
 * loads the wizard and hands over (issue 25: a thin route, one use case per page).
 */
import { findMember } from "../../repositories/entry";
import { afterSave, fieldRules, optionLists, readStep, stepChrome, writeStep, type WizardContext } from "../steps";
import { type IsoDate, isoToUsDate, todayIso } from "~/domain/dates";
import { personalSchema, personalValidator, enrollerCodeValidator, PERSONAL_FIELDS } from "~/forms/personal";
import type { RecordFacts } from "~/domain/enrollment-record";
import { maskSsn, isValidSsn } from "~/domain/identity";
import { genderLabelKey } from "~/utils/format";
import { asFormValues, failsSchema } from "./checks";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import { json } from "../../platform/loader-json";
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { typedBackWithoutSsn } from "~/forms/rules";
import { field } from "../../platform/request";
import { commonIntent } from "../step-controls";
import { saveEnrollerCode } from "../enroller-code";
import { saveDraft, typedFields } from "../drafts";
import { memberOnFile } from "../../members/existing-member";
import type { StepData } from "../step-data";
import type { Services } from "../../services";

const TAB = "primary_info";

/** What it keeps: only shown, editable fields; numbers as numbers, dates ISO. The SSN is sealed. */
export type PersonalData = {
  first_name: string;
  middle_name: string;
  last_name: string;
  height_feet: number;
  height_inch: number;
  weight: number;
  marital_status: number;
  prior_coverage_flag: number;
  prior_carrier_name: string;
  prior_effective_date: IsoDate;
  prior_term_date: IsoDate;
};
export interface PersonalSecret {
  ssn: string;
}
declare module "../step-data" {
  interface StepData {
    primary_info: PersonalData;
  }
  interface StepSecret {
    primary_info: PersonalSecret;
  }
}

export const personalStep = {
  tab: TAB,
  screen: "personal-info",
  titleKey: "wizard.tabs.primary_info",
  historyLabelKey: "wizard.tabs.primary_info",
  /** Every answer, the quote's birth date and gender included; the SSN masked. */
  async reviewRows(services, { enrollment, locale, t }) {
    const [step, lists] = await Promise.all([readStep(services, enrollment.id, TAB), optionLists(services, ["marital_status"], locale)]);
    const d = step?.data ?? {};
    const change = changeHref(TAB);
    const gender = genderLabelKey(enrollment.gender);
    const hasHeight = d.height_feet !== undefined || d.height_inch !== undefined;
    const prior =
      d.prior_coverage_flag === 1 ? "personal.hadPriorCoverage" : d.prior_coverage_flag === 0 ? "personal.noPriorCoverage" : null;
    return group(null, [
      row(t("review.name"), [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" "), change),
      // from the quote: not changed on this step
      row(t("quote.dob"), isoToUsDate(enrollment.birthdate), null),
      row(t("quote.gender"), gender ? t(gender) : "", null),
      row(t("personal.height"), hasHeight ? t("review.heightValue", { feet: d.height_feet ?? 0, inches: d.height_inch ?? 0 }) : "", change),
      row(t("personal.weight"), d.weight === undefined ? "" : String(d.weight), change),
      row(t("personal.maritalStatus"), lists.marital_status.find((o) => o.value === String(d.marital_status))?.label, change),
      row(t("personal.ssn"), maskSsn(step?.secret.ssn), change),
      row(t("personal.priorCoverage"), prior ? t(prior) : "", change),
      ...(d.prior_coverage_flag === 1
        ? [
            row(t("personal.priorCarrier"), d.prior_carrier_name, change),
            row(t("personal.priorEffective"), isoToUsDate(d.prior_effective_date ?? null), change),
            row(t("personal.priorTerm"), isoToUsDate(d.prior_term_date ?? null), change),
          ]
        : []),
    ]);
  },
  /** The applicant's name for the record's header (the answers are its review rows). */
  async record(services, { enrollment }): Promise<Pick<RecordFacts, "applicant">> {
    const [personal, member] = await Promise.all([
      readStep(services, enrollment.id, TAB),
      enrollment.member_id ? findMember(services.db, enrollment.member_id) : Promise.resolve(undefined),
    ]);
    const p = personal?.data ?? {};
    return {
      applicant: {
        first: p.first_name ?? member?.first_name ?? "",
        middle: p.middle_name ?? null,
        last: p.last_name ?? member?.last_name ?? "",
      },
    };
  },
  async recheck(services, ctx) {
    const { enrollment } = ctx;
    const [rules, saved] = await Promise.all([fieldRules(services, ctx, TAB), readStep(services, enrollment.id, TAB)]);
    // The SSN is kept encrypted (or is on file for an existing member); the enroller code has its own check.
    const ssnOnFile = Boolean(saved?.secret.ssn || enrollment.member_id);
    const withoutCode = { ...rules, enroller_code: { shown: false, required: false, readOnly: false } };
    return failsSchema(personalSchema(withoutCode, todayIso(services.now()), { ssnOnFile }), {
      ...asFormValues(saved?.data ?? {}),
      ssn: "",
    });
  },
  page: personalStepPage,
  action: personalStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

/** Personal information: fields from the server's definitions, prefilled from what is known. */
async function personalStepPage(services: Services, ctx: WizardContext, request: Request) {
  const [rules, saved, options, member] = await Promise.all([
    fieldRules(services, ctx, "primary_info"),
    readStep(services, ctx.enrollment.id, "primary_info"),
    optionLists(services, ["marital_status"], ctx.locale),
    memberOnFile(services, ctx.enrollment, ctx.session),
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

async function personalStepAction(services: Services, ctx: WizardContext, { form, reads, clientIp }: StepInput) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const rules = await fieldRules(services, ctx, "primary_info");

  if (intent === "enroller-code") {
    const result = await enrollerCodeValidator.validate(form);
    if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
    const saved = await saveEnrollerCode(services, ctx.enrollment, result.data.enrollerCode, clientIp);
    if (saved !== "saved") {
      return validationError(
        {
          fieldErrors: { enrollerCode: saved === "throttled" ? "validation.tooManyCodes" : "validation.unknownEnrollerCode" },
          formId: result.formId,
        },
        typedBackWithoutSsn(result.submittedData),
        { status: saved === "throttled" ? 429 : 422 },
      );
    }
    return redirect("/enrollment/personal-info");
  }

  const saved = await readStep(reads, ctx.enrollment.id, "primary_info");
  const member = await memberOnFile(services, ctx.enrollment, ctx.session);
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
  if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
  // The enroller code is checked after the form, when the server requires it.
  if (rules.enroller_code?.required && !ctx.enrollment.enroller_code) {
    return validationError(
      { fieldErrors: { enroller_code: "validation.enrollerCode" }, formId: result.formId },
      typedBackWithoutSsn(result.submittedData),
    );
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
