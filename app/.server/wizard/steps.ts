/**
 * The wizard on the server: which enrollment (the session's own, checked out), which steps,
 * which are done, may this step open, and where a save goes next.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { requestContext } from "../platform/request-context";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { openSealed } from "../platform/respond";
import type { Enrollment } from "../db/schema";
import { updateEnrollment, wizardTabRows } from "../repositories/enrollments";
import { fieldDefinitionRows, optionRows, saveStepRow } from "../repositories/steps";
import { siteOf } from "../store/site";
import { audit } from "../platform/audit";
import { buildStepList, isTabName, screenOf, type TabName } from "~/domain/wizard-steps";
import { backTarget, nextAfter, progress, RETURN_TO_REVIEW, stepAccess, type WizardState } from "~/domain/wizard";
import { resolveFields } from "~/domain/field-definitions";
import { cartLinesOnce, enrollmentOnce, stepRowsOnce } from "../store/page-reads";
import { openReceipt } from "./enrollment-session";
import type { StepData, StepSecret } from "./step-data";

export interface WizardContext {
  session: StoreSession;
  enrollment: Enrollment;
  state: WizardState;
  tab: TabName;
  returnToReview: boolean;
  planIds: number[];
  locale: string;
  /** site redirection "usag" hides Save & Continue Later */
  hideSaveLater: boolean;
}

/**
 * The step list, derived from the cart every time it is read (enrollment-wizard §2.2): the
 * dynamic tabs of the cart's plans, the enroll type and the tier. A cart changed after
 * checkout adds or removes steps; a step whose data no longer applies is neither shown nor
 * required. (`enrollments.step_list` only records the list as it was at checkout or resume.)
 */
export async function stepListFor(
  services: Services,
  enrollment: Pick<Enrollment, "enroll_type" | "tier">,
  planIds: readonly number[],
): Promise<TabName[]> {
  if (!planIds.length) return [];
  return buildStepList(await wizardTabRows(services.db), { planIds, enrollType: enrollment.enroll_type, tier: enrollment.tier });
}

/** The session's enrollment in the wizard, or a redirect to where the visitor belongs. */
export async function wizardEnrollment(services: Services, session: StoreSession) {
  const id = session.get("tempId");
  const enrollment = id ? await enrollmentOnce(services, id) : undefined;
  // Once completed, a reload or a second tab lands on the receipt, never on a step.
  if (!enrollment) throw redirect(session.get("receiptId") ? "/enrollment/receipt" : "/cart");
  if (enrollment.status === "completed") {
    // Done already (a second tab, a reload): show its receipt.
    openReceipt(services, session, enrollment.id);
    throw redirect("/enrollment/receipt", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  }
  if (enrollment.status !== "checked_out") throw redirect("/cart");
  return enrollment;
}

/** The cart's plans and the step list derived from them, with the steps already done. */
export async function wizardState(
  services: Services,
  enrollment: Pick<Enrollment, "id" | "enroll_type" | "tier">,
): Promise<{ planIds: number[]; state: WizardState }> {
  const [rows, lines, tabRows] = await Promise.all([
    stepRowsOnce(services, enrollment.id),
    cartLinesOnce(services, enrollment.id),
    wizardTabRows(services.db),
  ]);
  const planIds = lines.map((l) => l.plan_id);
  const steps = planIds.length ? buildStepList(tabRows, { planIds, enrollType: enrollment.enroll_type, tier: enrollment.tier }) : [];
  const completed = new Set(rows.filter((r) => r.completed_at && isTabName(r.tab_name)).map((r) => r.tab_name as TabName));
  return { planIds, state: { steps, completed } };
}

/** What a loader or an action is handed (the request and Remix's load context). */
export type RouteArgs = { request: Request; context: AppLoadContext };

export async function loadWizard(
  services: Services,
  args: RouteArgs,
  tab: TabName,
  options: { checkAccess?: boolean } = {},
): Promise<WizardContext> {
  const { request } = args;
  // the request's session and language, read once for the action and every loader (issue 25)
  const rc = requestContext(args);
  const session = await rc.session;
  const enrollment = await wizardEnrollment(services, session);
  const [{ planIds, state }, site, locale] = await Promise.all([wizardState(services, enrollment), siteOf(services, request), rc.locale]);
  // An emptied cart has nothing to enroll in: back to the cart, which says so.
  if (!planIds.length) {
    session.flash({ kind: "error", key: "cart.emptyCheckout" });
    throw redirect("/cart", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  }
  if (options.checkAccess !== false) {
    const access = stepAccess(state, tab);
    if (!access.ok) throw redirect(`/enrollment/${screenOf(access.redirectTo)}`);
  }
  // A Change link on the review (a plain link, no JavaScript needed): the step opens with the
  // return marker set, so its save comes back to the review; the marker leaves the address.
  const url = new URL(request.url);
  if (request.method === "GET" && url.searchParams.get(RETURN_TO_REVIEW.param) === RETURN_TO_REVIEW.value) {
    url.searchParams.delete(RETURN_TO_REVIEW.param);
    if (tab !== "review_info" && state.steps.includes("review_info")) session.set("navto", "review");
    throw redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  }
  return {
    session,
    enrollment,
    state,
    tab,
    returnToReview: session.get("navto") === "review",
    planIds,
    locale,
    hideSaveLater: site.redirection === "usag",
  };
}

/** What every step page shows around its form. */
export function stepChrome(ctx: WizardContext) {
  return {
    progress: progress(ctx.state, ctx.tab),
    back: backTarget(ctx.state, ctx.tab, ctx.returnToReview),
    hideSaveLater: ctx.hideSaveLater,
    tab: ctx.tab,
  };
}

export async function fieldRules(services: Services, ctx: Pick<WizardContext, "planIds" | "enrollment">, tab: TabName) {
  return resolveFields(await fieldDefinitionRows(services.db, tab), { planIds: ctx.planIds, enrollType: ctx.enrollment.enroll_type });
}

export async function optionLists(services: Services, keys: string[], locale: string) {
  const rows = await optionRows(services.db, keys);
  const out: Record<string, Array<{ value: string; label: string }>> = Object.fromEntries(keys.map((k) => [k, []]));
  for (const r of rows) out[r.list_key].push({ value: r.value, label: locale === "es" ? r.label_es : r.label_en });
  return out;
}

/** A step's fields as typed (a group of checkboxes as one record), kept by Save & Continue Later. */
export type TypedDraft = Record<string, string | Record<string, string>>;

/**
 * A step's saved data: the plain part, the sensitive part and the draft saved for later (as
 * typed), each decrypted when first read (a page that shows only the plain part works even when
 * no configured key opens the sealed ones; one that needs them answers the "cannot be opened"
 * page, see openSealed).
 */
export async function readStep<K extends TabName>(services: Services, enrollmentId: number, tab: K) {
  type S = StepSecret[K];
  const row = (await stepRowsOnce(services, enrollmentId)).find((r) => r.tab_name === tab);
  if (!row) return null;
  const sealed = row.secret_enc;
  const sealedDraft = row.draft_enc;
  let secret: Partial<S> | undefined;
  let draft: TypedDraft | null | undefined;
  return {
    data: JSON.parse(row.data) as Partial<StepData[K]>,
    get secret(): Partial<S> {
      secret ??= (sealed ? openSealed(services, () => services.cipher.decryptJson<S>(sealed), { enrollmentId, tab }) : {}) as Partial<S>;
      return secret;
    },
    completed: Boolean(row.completed_at),
    get draft(): TypedDraft | null {
      if (draft === undefined)
        draft = sealedDraft
          ? openSealed(services, () => services.cipher.decryptJson<TypedDraft>(sealedDraft), { enrollmentId, tab })
          : null;
      return draft;
    },
  };
}

/** The e-mail entered on the contact step: the default for a beneficiary's or dependent's e-mail. */
export async function contactEmail(services: Services, enrollmentId: number) {
  const contact = await readStep(services, enrollmentId, "contact_info");
  return contact?.data.email ?? null;
}

/** A posted row id (a beneficiary, a dependent): a positive integer, or null. */
export function idParam(value: string | null) {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** `draft`: what was typed, kept as typed (null drops it; left out, it stays as it is). */
export async function writeStep<K extends TabName>(
  services: Services,
  enrollment: Enrollment,
  tab: K,
  values: { data: Partial<StepData[K]>; secret?: Partial<StepSecret[K]> | null; completed: boolean; draft?: TypedDraft | null },
) {
  await saveStepRow(services.db, {
    enrollmentId: enrollment.id,
    tab,
    data: JSON.stringify(values.data),
    secretEnc: values.secret && Object.keys(values.secret).length ? services.cipher.encryptJson(values.secret) : null,
    completed: values.completed,
    draftEnc: values.draft === undefined ? undefined : values.draft === null ? null : services.cipher.encryptJson(values.draft),
    now: services.now(),
  });
}

/** After a successful save: the review (and forget the marker) or the next step. */
export async function afterSave(services: Services, ctx: WizardContext) {
  // The audit trail: an edit after the review, and every step saved for someone else (issue 15).
  if (ctx.returnToReview)
    await audit(services, ctx.session, {
      kind: "review.edit",
      enrollmentId: ctx.enrollment.id,
      memberId: ctx.enrollment.member_id,
      detail: ctx.tab,
    });
  else if (ctx.session.staff)
    await audit(services, ctx.session, {
      kind: "step.save",
      enrollmentId: ctx.enrollment.id,
      memberId: ctx.enrollment.member_id,
      detail: ctx.tab,
    });
  const completed = new Set(ctx.state.completed);
  completed.add(ctx.tab);
  const next = nextAfter({ steps: ctx.state.steps, completed }, ctx.tab, ctx.returnToReview);
  const target = next ?? "review_info";
  await updateEnrollment(services.db, ctx.enrollment.id, { saved_tab: target }, services.now());
  if (ctx.returnToReview && target === "review_info") ctx.session.unset("navto");
  return redirect(`/enrollment/${screenOf(target)}`, { headers: { "Set-Cookie": await services.sessions.commit(ctx.session) } });
}
