/**
 * A group's enrollment windows (issue 28): the admin sets open enrollment (start, end), the
 * new-hire window (days) and how coverage ends after a termination; an employee who comes to the
 * group's store outside every window is told when the next one opens instead of getting a quote.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { audit } from "../platform/audit";
import { employerSettings, saveEmployerSettings } from "../repositories/employees";
import { employeeOfEnrollment } from "../repositories/invitations";
import { isoToUsDate, parseUsDate, todayIso } from "~/domain/dates";
import { windowState, type WindowState } from "~/domain/enrollment-window";
import type { CoverageEndRule } from "~/domain/roster";

export async function windowSettingsView(services: Services, groupId: number) {
  const s = await employerSettings(services.db, groupId);
  const state = windowState(
    { openEnrollmentStart: s.open_enrollment_start, openEnrollmentEnd: s.open_enrollment_end, newHireDays: s.new_hire_days },
    todayIso(services.now()),
  );
  return {
    openEnrollmentStart: isoToUsDate(s.open_enrollment_start),
    openEnrollmentEnd: isoToUsDate(s.open_enrollment_end),
    newHireDays: String(s.new_hire_days),
    coverageEndRule: s.coverage_end_rule as CoverageEndRule,
    state: stateView(state),
  };
}

export async function saveWindowSettings(
  services: Services,
  session: StoreSession,
  groupId: number,
  v: { openEnrollmentStart: string; openEnrollmentEnd: string; newHireDays: number; coverageEndRule: CoverageEndRule },
) {
  await services.db.transaction().execute(async (trx) => {
    await saveEmployerSettings(
      trx,
      groupId,
      {
        open_enrollment_start: v.openEnrollmentStart ? parseUsDate(v.openEnrollmentStart) : null,
        open_enrollment_end: v.openEnrollmentEnd ? parseUsDate(v.openEnrollmentEnd) : null,
        new_hire_days: v.newHireDays,
        coverage_end_rule: v.coverageEndRule,
      },
      services.now(),
    );
    await audit({ ...services, db: trx }, session, { kind: "employer.settings" });
  });
}

function stateView(state: WindowState) {
  return state.open
    ? { open: true as const, why: state.why, closes: isoToUsDate(state.closes) }
    : { open: false as const, nextOpens: isoToUsDate(state.nextOpens) };
}

/**
 * For the group's store: null while an employee may enroll (or when the visitor is not an employee
 * of a group: a rep, the group's admin, an applicant), else when the next window opens (mm/dd/yyyy).
 */
export async function closedWindowFor(services: Services, session: StoreSession): Promise<{ nextOpens: string } | null> {
  const groupId = session.get("groupId");
  if (session.get("eprocess") !== "group" || !groupId || session.staff) return null;
  const s = await employerSettings(services.db, groupId);
  // an employee who came by their invitation: their own new-hire window counts too
  const tempId = session.get("tempId");
  const employee = tempId ? await employeeOfEnrollment(services.db, tempId) : undefined;
  const state = windowState(
    { openEnrollmentStart: s.open_enrollment_start, openEnrollmentEnd: s.open_enrollment_end, newHireDays: s.new_hire_days },
    todayIso(services.now()),
    employee?.group_id === groupId ? employee.hire_date : null,
  );
  return state.open ? null : { nextOpens: isoToUsDate(state.nextOpens) };
}
