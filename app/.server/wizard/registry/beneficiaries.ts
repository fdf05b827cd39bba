/** The beneficiary step (beneficiary_info): who receives a life plan's benefit, adding up to 100%.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The beneficiary-info page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { afterSave, contactEmail, fieldRules, idParam, optionLists, stepChrome, type WizardContext } from "../steps";
import {
  beneficiaryProblem,
  addBeneficiary,
  beneficiaries,
  beneficiaryViews,
  editBeneficiary,
  finishBeneficiaries,
  prefetchExistingBeneficiaries,
  removeBeneficiary,
} from "../beneficiaries";
import { listBeneficiaries } from "../../repositories/beneficiaries";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import type { NoData } from "../step-data";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { typedBackWithoutSsn } from "~/forms/rules";
import { field } from "../../platform/request";
import { commonIntent, listDialog } from "../step-controls";
import { beneficiaryTotal, canAdd, canContinue, totalMessage, MAX_BENEFICIARIES } from "~/domain/beneficiaries";
import { beneficiaryValidator } from "~/forms/beneficiary";
import type { Services } from "../../services";

const TAB = "beneficiary_info";

/** What it keeps: the list itself is in `beneficiaries`. */
export interface BeneficiaryStepData {
  /** the existing member's beneficiaries were looked up (once) */
  prefetched?: boolean;
  count?: number;
}
declare module "../step-data" {
  interface StepData {
    beneficiary_info: BeneficiaryStepData;
  }
  interface StepSecret {
    beneficiary_info: NoData;
  }
}

export const beneficiaryStep = {
  tab: TAB,
  screen: "beneficiary-info",
  titleKey: "wizard.tabs.beneficiary_info",
  historyLabelKey: "wizard.tabs.beneficiary_info",
  /** One group per beneficiary: name, birth date, relationship, SSN masked, percentage. */
  async reviewRows(services, { enrollment, locale, t }) {
    const [rows, options] = await Promise.all([
      listBeneficiaries(services.db, enrollment.id),
      optionLists(services, ["beneficiary_relationship"], locale),
    ]);
    return rows.flatMap((b, i) => {
      const change = changeHref(TAB, { dialog: "edit", b: String(b.id) });
      const name = [b.first_name, b.middle_name, b.last_name].filter(Boolean).join(" ");
      return group(t("beneficiary.item", { n: i + 1, name }), [
        row(t("review.name"), name, change),
        row(t("beneficiary.birthdate"), isoToUsDate(b.birthdate), change),
        row(
          t("beneficiary.relationship"),
          options.beneficiary_relationship.find((o) => o.value === b.relationship)?.label ?? b.relationship,
          change,
        ),
        row(t("beneficiary.ssn"), maskSsn(b.ssn_last4), change),
        row(t("beneficiary.percentage"), `${b.percentage}%`, change),
      ]);
    });
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const [rules, options] = await Promise.all([
      fieldRules(services, ctx, TAB),
      optionLists(services, ["beneficiary_relationship"], ctx.locale),
    ]);
    return beneficiaryProblem(services, ctx.enrollment.id, {
      rules,
      relationshipValues: options.beneficiary_relationship.map((o) => o.value),
      today: todayIso(services.now()),
    });
  },
  page: beneficiaryStepPage,
  action: beneficiaryStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/beneficiary-info";
const RELATIONSHIPS = "beneficiary_relationship";

/** Beneficiary information: the list, the add / edit / delete popups (addressable by URL), the total. */
async function beneficiaryStepPage(services: Services, ctx: WizardContext, request: Request) {
  await prefetchExistingBeneficiaries(services, ctx.enrollment);
  const [rules, options, rows, defaultEmail] = await Promise.all([
    fieldRules(services, ctx, "beneficiary_info"),
    optionLists(services, [RELATIONSHIPS], ctx.locale),
    beneficiaries(services, ctx.enrollment.id),
    contactEmail(services, ctx.enrollment.id),
  ]);
  const list = beneficiaryViews(rows);
  const total = beneficiaryTotal(rows);
  const url = new URL(request.url);
  const requested = url.searchParams.get("dialog");
  const target = idParam(url.searchParams.get("b"));
  const picked = target ? (list.find((b) => b.id === target) ?? null) : null;
  const dialog = listDialog(requested, canAdd(rows), picked);
  const editing =
    dialog === "edit" && picked
      ? {
          id: picked.id,
          number: picked.number,
          ssnLast4: picked.ssnLast4,
          values: {
            first_name: picked.firstName,
            middle_name: picked.middleName ?? "",
            last_name: picked.lastName,
            birthdate: picked.birthdate,
            relationship: picked.relationship,
            ssn: "",
            beneficiary_percentage: String(picked.percentage),
          },
        }
      : null;
  return json({
    chrome: stepChrome(ctx),
    rules,
    relationships: options[RELATIONSHIPS],
    beneficiaries: list,
    total,
    totalMessage: list.length ? totalMessage(total) : null,
    canAdd: canAdd(rows),
    canContinue: canContinue(rows),
    max: MAX_BENEFICIARIES,
    dialog,
    editing,
    deleting:
      dialog === "delete" && picked ? { id: picked.id, number: picked.number, name: `${picked.firstName} ${picked.lastName}` } : null,
    defaultEmail,
    today: todayIso(services.now()),
  });
}

async function beneficiaryStepAction(services: Services, ctx: WizardContext, { form }: StepInput) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const mainError = (message: string, status = 422) => json({ mainError: message }, { status });

  if (intent === "save-later") {
    // Beneficiaries are saved one by one: there is no draft to keep, only the e-mail to ask.
    return redirect(`${HERE}?dialog=save-later`);
  }

  const [rules, options] = await Promise.all([
    fieldRules(services, ctx, "beneficiary_info"),
    optionLists(services, [RELATIONSHIPS], ctx.locale),
  ]);
  const relationshipValues = options[RELATIONSHIPS].map((o) => o.value);
  const today = todayIso(services.now());

  if (intent === "add" || intent === "edit") {
    const id = intent === "edit" ? idParam(field(form, "id", 12)) : null;
    if (intent === "edit" && !id) return mainError("validation.beneficiaryNotFound", 404);
    const rows = await beneficiaries(services, ctx.enrollment.id);
    const current = id ? rows.find((b) => b.id === id) : undefined;
    if (intent === "edit" && !current) return mainError("validation.beneficiaryNotFound", 404);
    const result = await beneficiaryValidator(rules, relationshipValues, today, { ssnOnFile: Boolean(current?.ssn_last4) }).validate(form);
    if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
    const saved = id
      ? await editBeneficiary(services, ctx.enrollment, id, result.data)
      : await addBeneficiary(services, ctx.enrollment, result.data);
    if (!saved.ok) {
      if (saved.reason === "total") {
        // Over 100: shown in the popup's error area, next to the percentage.
        return validationError(
          { fieldErrors: { beneficiary_percentage: saved.message }, formId: result.formId },
          typedBackWithoutSsn(result.submittedData),
        );
      }
      return mainError(saved.message, saved.reason === "not-found" ? 404 : 422);
    }
    return redirect(HERE);
  }

  if (intent === "delete") {
    const id = idParam(field(form, "id", 12));
    const removed = id ? await removeBeneficiary(services, ctx.enrollment, id) : null;
    if (!removed || !removed.ok) return mainError("validation.beneficiaryNotFound", 404);
    return redirect(HERE);
  }

  if (intent === "next") {
    const finished = await finishBeneficiaries(services, ctx.enrollment, { rules, relationshipValues, today });
    if (!finished.ok) return mainError(finished.message);
    return afterSave(services, ctx);
  }

  return redirect(HERE);
}
