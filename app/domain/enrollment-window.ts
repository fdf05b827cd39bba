/**
 * A group's enrollment windows (issue 28): the open-enrollment window (start and end dates, the
 * same days each year) and the new-hire window (so many days from the hire date). Outside every
 * window an employee is told when the next one opens instead of being offered a quote. A group
 * with no open-enrollment dates set has no window: enrollment stays open (as before issue 28).
 */
import type { IsoDate } from "./dates";

export interface WindowSettings {
  openEnrollmentStart: IsoDate | null;
  openEnrollmentEnd: IsoDate | null;
  newHireDays: number;
}

export type WindowState =
  | { open: true; why: "unset" | "openEnrollment" | "newHire"; closes: IsoDate | null }
  | { open: false; nextOpens: IsoDate };

export const NEW_HIRE_DAYS_MAX = 120;

function addDays(iso: IsoDate, days: number): IsoDate {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addYears(iso: IsoDate, years: number): IsoDate {
  const [y, m, d] = iso.split("-").map(Number);
  // 29 February in a year without one: 28 February
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The last day of a new hire's window (hire date + days − 1), or null without a hire date. */
export function newHireWindowEnd(hireDate: IsoDate | null | undefined, days: number): IsoDate | null {
  return hireDate && days > 0 ? addDays(hireDate, days - 1) : null;
}

/**
 * Whether enrollment is open on `today` for an employee (hired on `hireDate`, when known), and if
 * not, when it next opens: the open-enrollment window recurs each year on the same dates.
 */
export function windowState(s: WindowSettings, today: IsoDate, hireDate?: IsoDate | null): WindowState {
  const hireEnd = newHireWindowEnd(hireDate, s.newHireDays);
  if (hireDate && hireEnd && today >= hireDate && today <= hireEnd) return { open: true, why: "newHire", closes: hireEnd };
  if (!s.openEnrollmentStart || !s.openEnrollmentEnd) return { open: true, why: "unset", closes: null };
  let start = s.openEnrollmentStart;
  let end = s.openEnrollmentEnd;
  // the window of the year that has not ended yet
  while (end < today) {
    start = addYears(start, 1);
    end = addYears(end, 1);
  }
  if (today >= start) return { open: true, why: "openEnrollment", closes: end };
  const nextOpens = hireDate && today < hireDate && hireDate < start ? hireDate : start;
  return { open: false, nextOpens };
}
