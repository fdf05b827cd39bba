/**
 * The wizard on the server: which enrollment (the session's own, checked out), which steps,
 * which are done, may this step open, and where a save goes next.
 */
import { redirect } from "@remix-run/node";
import type { Services } from "./services";
import type { StoreSession } from "./session";
import type { Enrollment } from "./db/schema";
import { findEnrollment, updateEnrollment } from "./repositories/enrollments";
import { cartLines } from "./repositories/cart";
import { fieldDefinitionRows, optionRows, saveStepRow, stepRows } from "./repositories/steps";
import { hostOf, siteForHost } from "./repositories/sites";
import { isTabName, screenOf, type TabName } from "~/domain/wizard-steps";
import { backTarget, nextAfter, progress, stepAccess, type WizardState } from "~/domain/wizard";
import { resolveFields } from "~/domain/field-definitions";

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

function parseSteps(enrollment: Enrollment): TabName[] {
  try {
    const list = JSON.parse(enrollment.step_list ?? "[]");
    return Array.isArray(list) ? list.filter(isTabName) : [];
  } catch {
    return [];
  }
}

/** The session's enrollment in the wizard, or a redirect to where the visitor belongs. */
export async function wizardEnrollment(services: Services, session: StoreSession) {
  const id = session.get("tempId");
  const enrollment = id ? await findEnrollment(services.db, id) : undefined;
  // Once completed, a reload or a second tab lands on the receipt, never on a step.
  if (!enrollment) throw redirect(session.get("receiptId") ? "/enrollment/receipt" : "/cart");
  if (enrollment.status === "completed") {
    // Done already (a second tab, a reload): show its receipt.
    session.unset("tempId", "navto");
    session.set("receiptId", enrollment.id);
    throw redirect("/enrollment/receipt", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  }
  if (enrollment.status !== "checked_out" || !parseSteps(enrollment).length) throw redirect("/cart");
  return enrollment;
}

export async function loadWizard(services: Services, request: Request, tab: TabName, options: { checkAccess?: boolean } = {}): Promise<WizardContext> {
  const session = await services.sessions.read(request);
  const enrollment = await wizardEnrollment(services, session);
  const steps = parseSteps(enrollment);
  const [rows, lines, site, lng] = await Promise.all([stepRows(services.db, enrollment.id), cartLines(services.db, enrollment.id), siteForHost(services.db, hostOf(request)), services.i18n.getLocale(request)]);
  const completed = new Set(rows.filter((r) => r.completed_at && isTabName(r.tab_name)).map((r) => r.tab_name as TabName));
  const state: WizardState = { steps, completed };
  if (options.checkAccess !== false) {
    const access = stepAccess(state, tab);
    if (!access.ok) throw redirect(`/enrollment/${screenOf(access.redirectTo)}`);
  }
  return {
    session,
    enrollment,
    state,
    tab,
    returnToReview: session.get("navto") === "review",
    planIds: lines.map((l) => l.plan_id),
    locale: lng === "es" ? "es" : "en",
    hideSaveLater: site.redirection === "usag",
  };
}

/** What every step page shows around its form. */
export function stepChrome(ctx: WizardContext) {
  return {
    progress: progress(ctx.state, ctx.tab),
    back: backTarget(ctx.tab, ctx.returnToReview),
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

/** A step's saved data: the plain part and the decrypted sensitive part. */
export async function readStep<T extends object, S extends object = Record<string, never>>(services: Services, enrollmentId: number, tab: TabName) {
  const row = (await stepRows(services.db, enrollmentId)).find((r) => r.tab_name === tab);
  if (!row) return null;
  return {
    data: JSON.parse(row.data) as Partial<T>,
    secret: (row.secret_enc ? services.cipher.decryptJson<S>(row.secret_enc) : {}) as Partial<S>,
    completed: Boolean(row.completed_at),
  };
}

/** The e-mail entered on the contact step: the default for a beneficiary's or dependent's e-mail. */
export async function contactEmail(services: Services, enrollmentId: number) {
  const contact = await readStep<{ email: string }>(services, enrollmentId, "contact_info");
  return contact?.data.email ?? null;
}

/** A posted row id (a beneficiary, a dependent): a positive integer, or null. */
export function idParam(value: string | null) {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function writeStep(services: Services, enrollment: Enrollment, tab: TabName, values: { data: object; secret?: object | null; completed: boolean }) {
  await saveStepRow(services.db, {
    enrollmentId: enrollment.id,
    tab,
    data: JSON.stringify(values.data),
    secretEnc: values.secret && Object.keys(values.secret).length ? services.cipher.encryptJson(values.secret) : null,
    completed: values.completed,
    now: services.now(),
  });
}

/** After a successful save: the review (and forget the marker) or the next step. */
export async function afterSave(services: Services, ctx: WizardContext) {
  const completed = new Set(ctx.state.completed);
  completed.add(ctx.tab);
  const next = nextAfter({ steps: ctx.state.steps, completed }, ctx.tab, ctx.returnToReview);
  const target = next ?? "review_info";
  await updateEnrollment(services.db, ctx.enrollment.id, { saved_tab: target }, services.now());
  if (ctx.returnToReview && target === "review_info") ctx.session.unset("navto");
  return redirect(`/enrollment/${screenOf(target)}`, { headers: { "Set-Cookie": await services.sessions.commit(ctx.session) } });
}
