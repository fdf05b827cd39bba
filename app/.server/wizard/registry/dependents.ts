/** The dependent step (dependent_info): the spouse and children the tier covers.
 *
 * Its page (the route hands it the request: `step-route.ts`):
 * The dependent-information page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { type WizardContext, afterSave, contactEmail, idParam, stepChrome } from "../steps";
import {
  dependentDisabilityCondition,
  addDependent,
  answerSpouse,
  dependentFlags,
  dependentViews,
  editDependent,
  finishDependents,
  firstInvalidDependent,
  formOptions,
  formValues,
  loadDependentStep,
  newDependentValues,
  offerFor,
  prefetchExistingDependents,
  removeDependent,
} from "../dependents";
import { listDependents } from "../../repositories/dependents";
import {
  type SpouseAnswer,
  MAX_DEPENDENTS,
  headingKey,
  hasSpouse,
  nextProblem,
  spouseAnswerPending,
  spouseQuestionShown,
} from "~/domain/dependents";
import { isoToUsDate } from "~/domain/dates";
import { messageKey } from "~/forms/common";
import { maskSsn } from "~/domain/identity";
import { genderLabelKey } from "~/utils/format";
import { changeHref, group, row } from "./rows";
import type { StepDefinition, StepInput } from "./types";
import type { NoData } from "../step-data";
import { redirect } from "@remix-run/node";
import { json } from "../../platform/loader-json";
import { validationError } from "remix-validated-form";
import { typedBackWithoutSsn } from "~/forms/rules";
import { field } from "../../platform/request";
import { commonIntent, listDialog } from "../step-controls";
import { dependentValidator, spouseAnswerValidator } from "~/forms/dependent";
import type { Services } from "../../services";

const TAB = "dependent_info";

/** What it keeps: the list itself is in `dependents`. */
export interface DependentStepData {
  /** the existing member's dependents were looked up (once) */
  prefetched?: boolean;
  count?: number;
  spouses?: number;
  children?: number;
  spouse_enroll_accept?: SpouseAnswer;
}
declare module "../step-data" {
  interface StepData {
    dependent_info: DependentStepData;
  }
  interface StepSecret {
    dependent_info: NoData;
  }
}

export const dependentStep = {
  tab: TAB,
  screen: "dependent-information",
  titleKey: "wizard.tabs.dependent_info",
  historyLabelKey: "wizard.tabs.dependent_info",
  /** One group per dependent: every answer of the popup, the SSN masked (the health answers are the health step's rows). */
  async reviewRows(services, { enrollment, planIds, t }) {
    const [rows, flags] = await Promise.all([listDependents(services.db, enrollment.id), dependentFlags(services, planIds)]);
    // the legal-disability question is asked only where a cart plan asks it
    const disabled = (d: (typeof rows)[number]) =>
      flags.asksLegalDisability || d.is_legally_disabled === 1 ? (d.is_legally_disabled === 1 ? t("common.yes") : t("common.no")) : "";
    return rows.flatMap((d, i) => {
      const change = changeHref(TAB, { dialog: "edit", d: String(d.id) });
      const name = [d.first_name, d.middle_name, d.last_name].filter(Boolean).join(" ");
      const gender = genderLabelKey(d.gender);
      const hasHeight = d.height_feet !== null || d.height_inch !== null;
      return group(t("dependent.item", { n: i + 1, name }), [
        row(t("review.name"), name, change),
        row(t("dependent.relationship"), d.relationship === "spouse" ? t("review.spouse") : t("review.child"), change),
        row(t("dependent.birthdate"), isoToUsDate(d.birthdate), change),
        row(t("dependent.gender"), gender ? t(gender) : "", change),
        row(t("dependent.ssn"), maskSsn(d.ssn_last4), change),
        row(
          t("dependent.height"),
          hasHeight ? t("review.heightValue", { feet: d.height_feet ?? 0, inches: d.height_inch ?? 0 }) : "",
          change,
        ),
        row(t("dependent.weight"), d.weight === null ? "" : String(d.weight), change),
        row(t("dependent.legallyDisabled"), disabled(d), change),
        row(t("dependent.disabilityCondition"), d.is_legally_disabled === 1 ? dependentDisabilityCondition(services, d) : "", change),
      ]);
    });
  },
  /** Its answers are its review rows. */
  async record() {
    return {};
  },
  async recheck(services, ctx) {
    const step = await loadDependentStep(services, ctx as WizardContext);
    const count = nextProblem(step.tier, step.list, step.flags, step.answer);
    if (count) return count;
    const invalid = firstInvalidDependent(services, step);
    return invalid ? messageKey("dependent.numbered", { n: invalid.n, message: invalid.message }) : null;
  },
  page: dependentsStepPage,
  action: dependentsStepAction,
} satisfies StepDefinition<typeof TAB>;

// ---------------------------------------------------------------- its page

const HERE = "/enrollment/dependent-information";

/** Dependent information: the list, the add / edit / delete popups (addressable by URL), the spouse question. */
async function dependentsStepPage(services: Services, ctx: WizardContext, request: Request) {
  await prefetchExistingDependents(services, ctx.enrollment, await dependentFlags(services, ctx.planIds));
  const [step, defaultEmail] = await Promise.all([loadDependentStep(services, ctx), contactEmail(services, ctx.enrollment.id)]);
  const list = dependentViews(step.list);
  const offer = offerFor(step);
  const url = new URL(request.url);
  const requested = url.searchParams.get("dialog");
  const target = idParam(url.searchParams.get("d"));
  const pickedIndex = target ? step.list.findIndex((d) => d.id === target) : -1;
  const picked = pickedIndex >= 0 ? step.list[pickedIndex] : null;
  const dialog = listDialog(requested, offer.ok, picked);
  const next = nextProblem(step.tier, step.list, step.flags, step.answer);
  return json({
    chrome: stepChrome(ctx),
    rules: step.rules,
    tier: step.tier,
    heading: headingKey(step.tier),
    dependents: list,
    max: MAX_DEPENDENTS,
    add: offer.ok ? { relationship: offer.relationship, number: list.length + 1 } : null,
    addBlocked: offer.ok ? null : offer.reason,
    spouseQuestion: {
      shown: spouseQuestionShown(step.tier, step.list, step.flags, { answer: step.answer, heldSpouse: hasSpouse(step.held) }),
      answer: step.answer,
      pending: spouseAnswerPending(step.tier, step.list, step.flags, step.answer),
      heldSpouse: hasSpouse(step.held),
    },
    next: { allowed: next === null, message: next },
    asksLegalDisability: step.flags.asksLegalDisability,
    health: step.health,
    dialog,
    adding:
      dialog === "add" && offer.ok
        ? { number: list.length + 1, relationship: offer.relationship, values: newDependentValues(step, offer.relationship) }
        : null,
    editing:
      dialog === "edit" && picked
        ? {
            id: picked.id,
            number: pickedIndex + 1,
            relationship: picked.relationship,
            ssnLast4: picked.ssn_last4,
            values: formValues(services, step, picked),
          }
        : null,
    deleting:
      dialog === "delete" && picked
        ? { id: picked.id, number: pickedIndex + 1, name: `${picked.first_name} ${picked.last_name}`, relationship: picked.relationship }
        : null,
    defaultEmail,
    today: step.today,
  });
}

async function dependentsStepAction(services: Services, ctx: WizardContext, { form }: StepInput) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const mainError = (message: string, status = 422, n?: number) => json({ mainError: message, dependentNumber: n ?? null }, { status });
  const step = await loadDependentStep(services, ctx);

  if (intent === "add") {
    const offer = offerFor(step);
    if (!offer.ok) return mainError(offer.reason ?? "validation.dependentNotAllowed");
    const result = await dependentValidator(step.rules, formOptions(step, offer.relationship)).validate(form);
    if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
    const saved = await addDependent(services, step, result.data);
    if (!saved.ok && saved.reason === "field")
      return validationError({ fieldErrors: { [saved.field]: saved.message } }, typedBackWithoutSsn(result.submittedData));
    if (!saved.ok) return mainError(saved.message, saved.reason === "not-found" ? 404 : 422);
    return redirect(HERE);
  }

  if (intent === "edit") {
    const id = idParam(field(form, "id", 12));
    const current = id ? step.list.find((d) => d.id === id) : undefined;
    if (!id || !current) return mainError("validation.dependentNotFound", 404);
    const result = await dependentValidator(step.rules, formOptions(step, current.relationship, Boolean(current.ssn_last4))).validate(form);
    if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
    const saved = await editDependent(services, step, id, result.data);
    if (!saved.ok && saved.reason === "field")
      return validationError({ fieldErrors: { [saved.field]: saved.message } }, typedBackWithoutSsn(result.submittedData));
    if (!saved.ok) return mainError(saved.message, 404);
    return redirect(HERE);
  }

  if (intent === "delete") {
    const id = idParam(field(form, "id", 12));
    const removed = id ? await removeDependent(services, step, id) : null;
    if (!removed || !removed.ok) return mainError("validation.dependentNotFound", 404);
    return redirect(HERE);
  }

  if (intent === "spouse-answer") {
    const result = await spouseAnswerValidator.validate(form);
    if (result.error) return validationError(result.error, typedBackWithoutSsn(result.submittedData));
    const answered = await answerSpouse(services, step, result.data.spouse_enroll_accept === "1" ? 1 : 0);
    if (!answered.ok) return mainError(answered.message);
    return redirect(HERE);
  }

  if (intent === "save-later") {
    // Every saved dependent is checked first: a failing one is named and the e-mail dialog waits.
    const invalid = firstInvalidDependent(services, step);
    if (invalid) return mainError(invalid.message, 422, invalid.n);
    return redirect(`${HERE}?dialog=save-later`);
  }

  if (intent === "next") {
    const finished = await finishDependents(services, ctx, step);
    if (!finished.ok) return mainError(finished.message, 422, finished.n);
    return afterSave(services, ctx);
  }

  return redirect(HERE);
}
