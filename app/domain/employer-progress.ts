/**
 * A group's enrollment progress (issue 28): where each employee stands, why one declined, and
 * which reminder is due on a day. Pure: the use cases read the rows, these rules decide.
 */
import type { IsoDate } from "./dates";
import { newHireWindowEnd, windowState, type WindowSettings } from "./enrollment-window";

/** The reasons an employee may decline coverage for (the fixed list; "other" needs a text). */
export const WAIVER_REASONS = [
  "spouse_or_parent",
  "medicare",
  "medicaid_chip",
  "other_group",
  "individual",
  "tricare_va",
  "other",
] as const;
export type WaiverReason = (typeof WAIVER_REASONS)[number];
export const WAIVER_TEXT_MAX = 200;

export const PROGRESS_STATUSES = ["enrolled", "waived", "in_progress", "not_started"] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];
/** The progress page's filters: everyone in the window's count, one status, or the terminated. */
export const PROGRESS_FILTERS = ["all", ...PROGRESS_STATUSES, "terminated"] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];

/**
 * Where one employee stands: enrolled once their invitation's enrollment is complete or their
 * member holds an active plan; waived while a waiver stands (an enrollment completed after it
 * wins); in progress while the linked enrollment is open; else not started.
 */
export function progressStatus(e: { enrollmentStatus: string | null; activePlans: number; waived: boolean }): ProgressStatus {
  if (e.enrollmentStatus === "completed" || e.activePlans > 0) return "enrolled";
  if (e.waived) return "waived";
  if (e.enrollmentStatus === "shopping" || e.enrollmentStatus === "checked_out") return "in_progress";
  return "not_started";
}

/** Counts by status and each status's share of the whole (whole per cent, for the bar). */
export function progressCounts(statuses: ProgressStatus[]) {
  const counts: Record<ProgressStatus, number> = { enrolled: 0, waived: 0, in_progress: 0, not_started: 0 };
  for (const s of statuses) counts[s]++;
  const total = statuses.length;
  const percent = Object.fromEntries(PROGRESS_STATUSES.map((s) => [s, total ? Math.round((counts[s] * 100) / total) : 0])) as Record<
    ProgressStatus,
    number
  >;
  return { total, counts, percent };
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type ReminderKind = "reminder7" | "reminder2";

/**
 * The employees' reminder due on `today` for a window whose last day is `closes`: 7 days before
 * (until the 2-day one is due), then 2 days before until it closes. A scheduler that missed a day
 * still sends the one due, never one whose time has passed.
 */
export function employeeReminderDue(closes: IsoDate, today: IsoDate): ReminderKind | null {
  if (today > closes) return null;
  if (today >= addDays(closes, -2)) return "reminder2";
  if (today >= addDays(closes, -7)) return "reminder7";
  return null;
}

/** The admin's summary: the day before the window closes (or on its last day, if that run was missed). */
export function adminSummaryDue(closes: IsoDate, today: IsoDate) {
  return today <= closes && today >= addDays(closes, -1);
}

/** "Remind now" may be pressed once in this many hours per group. */
export const REMIND_NOW_COOLDOWN_HOURS = 24;
/** An employee invited less than this long ago is not invited again by Invite (a second click sends nothing). */
export const INVITE_COOLDOWN_MINUTES = 60;

/** When an invitation expires: the end (UTC) of the last day of the employee's window. */
export function invitationExpiry(lastDay: IsoDate) {
  return new Date(`${addDays(lastDay, 1)}T00:00:00Z`);
}

/** Without open-enrollment dates (enrollment open all year) an invitation lasts this many days. */
export const INVITATION_DAYS_WITHOUT_WINDOW = 30;

/**
 * The last day an employee's invitation works: the end of the window they are in, or of the next
 * one when none is open (a link sent before open enrollment lasts through it).
 */
export function invitationLastDay(s: WindowSettings, today: IsoDate, hireDate: IsoDate | null): IsoDate {
  const state = windowState(s, today, hireDate);
  if (state.open) return state.closes ?? addDays(today, INVITATION_DAYS_WITHOUT_WINDOW - 1);
  const hireEnd = newHireWindowEnd(hireDate, s.newHireDays);
  if (hireDate && state.nextOpens === hireDate && hireEnd) return hireEnd;
  // the open-enrollment window that opens next lasts as long as the one set
  const span = Math.round((Date.parse(s.openEnrollmentEnd!) - Date.parse(s.openEnrollmentStart!)) / 86_400_000);
  return addDays(state.nextOpens, span);
}

/** Whether an employee is inside their new-hire window on `today` (and its last day). */
export function inNewHireWindow(hireDate: IsoDate, newHireDays: number, today: IsoDate) {
  const end = newHireWindowEnd(hireDate, newHireDays);
  return end && today >= hireDate && today <= end ? end : null;
}
