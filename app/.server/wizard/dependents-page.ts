/**
 * The dependent-information page of the wizard: what it shows and what each of its buttons does (the route
 * only loads the wizard and hands over: issue 25, thin routes).
 */
import { redirect } from "@remix-run/node";
import { json } from "../platform/loader-json";
import { validationError } from "remix-validated-form";
import { field } from "../platform/request";
import { afterSave, contactEmail, idParam, stepChrome } from "./steps";
import { commonIntent } from "./step-controls";
import {
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
} from "./dependents";
import { MAX_DEPENDENTS, headingKey, hasSpouse, nextProblem, spouseAnswerPending, spouseQuestionShown } from "~/domain/dependents";
import { dependentValidator, spouseAnswerValidator } from "~/forms/dependent";
import type { Services } from "../services";
import type { WizardContext } from "./steps";

const HERE = "/enrollment/dependent-information";

/** Dependent information: the list, the add / edit / delete popups (addressable by URL), the spouse question. */
export async function dependentsStepPage(services: Services, ctx: WizardContext, request: Request) {
  await prefetchExistingDependents(services, ctx.enrollment, await dependentFlags(services, ctx.planIds));
  const [step, defaultEmail] = await Promise.all([loadDependentStep(services, ctx), contactEmail(services, ctx.enrollment.id)]);
  const list = dependentViews(step.list);
  const offer = offerFor(step);
  const url = new URL(request.url);
  const requested = url.searchParams.get("dialog");
  const target = idParam(url.searchParams.get("d"));
  const pickedIndex = target ? step.list.findIndex((d) => d.id === target) : -1;
  const picked = pickedIndex >= 0 ? step.list[pickedIndex] : null;
  // A dialog opens only when it makes sense: add while allowed, edit/delete for one of ours.
  const dialog =
    requested === "add"
      ? offer.ok
        ? "add"
        : null
      : requested === "edit" || requested === "delete"
        ? picked
          ? requested
          : null
        : requested;
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

export async function dependentsStepAction(services: Services, ctx: WizardContext, form: FormData) {
  const common = await commonIntent(services, ctx, form);
  if (common) return common;
  const intent = field(form, "intent", 20);
  const mainError = (message: string, status = 422, n?: number) => json({ mainError: message, dependentNumber: n ?? null }, { status });
  const step = await loadDependentStep(services, ctx);

  if (intent === "add") {
    const offer = offerFor(step);
    if (!offer.ok) return mainError(offer.reason ?? "validation.dependentNotAllowed");
    const result = await dependentValidator(step.rules, formOptions(step, offer.relationship)).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const saved = await addDependent(services, step, result.data);
    if (!saved.ok && saved.reason === "field")
      return validationError({ fieldErrors: { [saved.field]: saved.message } }, result.submittedData);
    if (!saved.ok) return mainError(saved.message, saved.reason === "not-found" ? 404 : 422);
    return redirect(HERE);
  }

  if (intent === "edit") {
    const id = idParam(field(form, "id", 12));
    const current = id ? step.list.find((d) => d.id === id) : undefined;
    if (!id || !current) return mainError("validation.dependentNotFound", 404);
    const result = await dependentValidator(step.rules, formOptions(step, current.relationship, Boolean(current.ssn_last4))).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const saved = await editDependent(services, step, id, result.data);
    if (!saved.ok && saved.reason === "field")
      return validationError({ fieldErrors: { [saved.field]: saved.message } }, result.submittedData);
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
    if (result.error) return validationError(result.error, result.submittedData);
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
