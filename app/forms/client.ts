/**
 * The validators of ~/forms as the browser gets them: the same zod schemas, loaded on first use
 * (a focus, a press or a submit in the form; ADR 013), so zod and the schemas are not in a page's
 * first load. Components take their validators from here, or — a wizard step's page — declare their
 * own with `lazyValidator`/`lazyFactory` beside the component (issue 25: a new step adds no line
 * here); actions keep using ~/forms/* directly.
 * `validate` waits for the schema the first time; `preload` starts loading it.
 */
import type { Validator } from "remix-validated-form";

export type LazyValidator<T> = Validator<T> & { preload: () => void };

export function lazyValidator<T>(load: () => Promise<Validator<T>>): LazyValidator<T> {
  let loading: Promise<Validator<T>> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // a failed download is tried again next time
      throw error;
    }));
  return {
    validate: async (data) => (await get()).validate(data),
    preload: () => void get().catch(() => undefined),
  };
}

/** A validator that depends on the page's data (`billingValidator(setup)`), loaded on first use. */
// `any` here only to accept every factory; callers get its own parameter and data types
export function lazyFactory<F extends (...args: any[]) => Validator<any>>(load: () => Promise<F>) {
  type T = ReturnType<F> extends Validator<infer D> ? D : never;
  return (...args: Parameters<F>): LazyValidator<T> => lazyValidator(() => load().then((make) => make(...args) as Validator<T>));
}

const admin = () => import("./admin");
const cart = () => import("./cart");
const entry = () => import("./entry");
const plan = () => import("./plan");
const quote = () => import("./quote");
const verify = () => import("./verify");
const wizard = () => import("./wizard");

export const saveCartValidator = lazyValidator(() => cart().then((m) => m.saveCartValidator));
export const effectiveDateValidator = lazyValidator(() => cart().then((m) => m.effectiveDateValidator));
export const repCodeValidator = lazyValidator(() => entry().then((m) => m.repCodeValidator));
export const groupCodeValidator = lazyValidator(() => entry().then((m) => m.groupCodeValidator));
export const ageChoiceValidator = lazyValidator(() => entry().then((m) => m.ageChoiceValidator));
export const newMemberValidator = lazyValidator(() => entry().then((m) => m.newMemberValidator));
export const portalOnlyValidator = lazyValidator(() => entry().then((m) => m.portalOnlyValidator));
export const over65Validator = lazyValidator(() => entry().then((m) => m.over65Validator));
export const salaryValidator = lazyFactory(() => plan().then((m) => m.salaryValidator));
export const tobaccoValidator = lazyValidator(() => plan().then((m) => m.tobaccoValidator));
export const eligibilityValidator = lazyFactory(() => plan().then((m) => m.eligibilityValidator));
export const enrollAnswersValidator = lazyFactory(() => plan().then((m) => m.enrollAnswersValidator));
export const tierChoiceValidator = lazyValidator(() => quote().then((m) => m.tierChoiceValidator));
export const dependentsInfoValidator = lazyFactory(() => quote().then((m) => m.dependentsInfoValidator));
export const quoteValidator = lazyFactory(() => quote().then((m) => m.quoteValidator));
export const slideStepOneValidator = lazyFactory(() => quote().then((m) => m.slideStepOneValidator));
export const slideStepTwoValidator = lazyValidator(() => quote().then((m) => m.slideStepTwoValidator));
export const sendCodeValidator = lazyValidator(() => verify().then((m) => m.sendCodeValidator));
export const signInCodeValidator = lazyValidator(() => verify().then((m) => m.signInCodeValidator));
export const saveLaterValidator = lazyValidator(() => wizard().then((m) => m.saveLaterValidator));
export const continueValidator = lazyValidator(() => wizard().then((m) => m.continueValidator));
const employee = () => import("./employee");
export const employeeValidator = lazyFactory(() => employee().then((m) => m.employeeValidator));
export const terminationValidator = lazyValidator(() => employee().then((m) => m.terminationValidator));
const enrollmentWindow = () => import("./enrollment-window");
export const windowValidator = lazyValidator(() => enrollmentWindow().then((m) => m.windowValidator));
const waiver = () => import("./waiver");
export const waiverValidator = lazyValidator(() => waiver().then((m) => m.waiverValidator));
export const operatorEmailValidator = lazyValidator(() => admin().then((m) => m.operatorEmailValidator));
export const newOperatorValidator = lazyValidator(() => admin().then((m) => m.newOperatorValidator));
export const operatorRoleValidator = lazyValidator(() => admin().then((m) => m.operatorRoleValidator));
export const repValidator = lazyValidator(() => admin().then((m) => m.repValidator));
export const catalogPublishValidator = lazyValidator(() => admin().then((m) => m.catalogPublishValidator));
export const groupValidator = lazyValidator(() => admin().then((m) => m.groupValidator));
const carrierProfile = () => import("./carrier-profile");
export const carrierProfileValidator = lazyValidator(() => carrierProfile().then((m) => m.carrierProfileValidator));
const planCancel = () => import("./plan-cancel");
export const planCancelValidator = lazyValidator(() => planCancel().then((m) => m.planCancelValidator));
export const groupAdminValidator = lazyValidator(() => admin().then((m) => m.groupAdminValidator));
export const referralValidator = lazyValidator(() => admin().then((m) => m.referralValidator));
export const siteLinkValidator = lazyValidator(() => admin().then((m) => m.siteLinkValidator));
export const portalNamesValidator = lazyValidator(() => admin().then((m) => m.portalNamesValidator));
export const newPortalValidator = lazyValidator(() => admin().then((m) => m.newPortalValidator));
