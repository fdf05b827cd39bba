/**
 * Checkout: the effective date, the hand-off to the wizard (its step list built from the
 * dynamic tabs of the cart's plans) and Cancel Enrollment.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { cartLines, clearCart } from "../repositories/cart";
import { updateEnrollment } from "../repositories/enrollments";
import { stepListFor } from "../wizard/steps";
import { catalogFor, effectiveDateRule } from "./shopping";
import { effectiveDateOptions } from "~/domain/effective-dates";
import { todayIso } from "~/domain/dates";
import { screenOf } from "~/domain/wizard-steps";

export async function effectiveDateChoices(services: Services, enrollment: Enrollment) {
  return effectiveDateOptions(await effectiveDateRule(services, enrollment.group_id), todayIso(services.now()));
}

export async function chooseEffectiveDate(services: Services, enrollment: Enrollment, date: string) {
  const options = await effectiveDateChoices(services, enrollment);
  if (!options.includes(date)) return false;
  await updateEnrollment(services.db, enrollment.id, { effective_date: date }, services.now());
  return true;
}

export type ProceedResult = { ok: true; screen: string } | { ok: false; reason: "emptyCart" | "noEffectiveDate" | "withdrawnPlan" };

/**
 * Proceed: marks the cart checked out and opens the first step of the list derived from the
 * cart (it is derived again on every step, so a cart changed later changes the steps). The
 * list is recorded as it is now; a second click lands on the same first step. A cart holding a
 * plan withdrawn for its coverage date is refused (the cart says which).
 */
export async function proceedToEnrollment(services: Services, enrollment: Enrollment): Promise<ProceedResult> {
  const options = await effectiveDateChoices(services, enrollment);
  if (!enrollment.effective_date || !options.includes(enrollment.effective_date)) return { ok: false, reason: "noEffectiveDate" };
  const lines = await cartLines(services.db, enrollment.id);
  if (!lines.length) return { ok: false, reason: "emptyCart" };
  // a plan the catalog in force on the coverage date withdrew is not enrolled in: the cart names it (ADR 022)
  const catalog = await catalogFor(services, enrollment);
  if (lines.some((l) => catalog.plans.get(l.plan_id)?.withdrawn === true)) return { ok: false, reason: "withdrawnPlan" };
  const steps = await stepListFor(
    services,
    enrollment,
    lines.map((l) => l.plan_id),
  );
  if (!steps.length) return { ok: false, reason: "emptyCart" };
  await updateEnrollment(
    services.db,
    enrollment.id,
    { step_list: JSON.stringify(steps), status: "checked_out", ...(enrollment.status === "checked_out" ? {} : { saved_tab: steps[0] }) },
    services.now(),
  );
  return { ok: true, screen: screenOf(steps[0]) };
}

/** Cancel Enrollment: the cart is emptied and forgotten; the visitor starts again at /plans. */
export async function cancelEnrollment(services: Services, session: StoreSession, enrollment: Enrollment | null) {
  if (enrollment && enrollment.status !== "completed") {
    await clearCart(services.db, enrollment.id);
    await updateEnrollment(services.db, enrollment.id, { status: "cancelled" }, services.now());
  }
  session.unset("tempId", "navto");
}
