/**
 * The admin's progress page (issue 28): where each employee stands — enrolled, waived, in
 * progress, not started — from the enrollment their invitation started and the plans their member
 * holds; their plans with effective dates; who is inside the new-hire window; the CSV of the same.
 * And the waivers: an employee (from their invitation) or the admin for them declines coverage with
 * a reason from the fixed list, reversible while the window is open, confirmed by e-mail, audited.
 */
import { stringify } from "csv-stringify/sync";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { actorOf, audit } from "../platform/audit";
import { queueMail, withMessages } from "../platform/outbox";
import { employerSettings, findEmployee } from "../repositories/employees";
import { insertWaiver, plansOfMembers, progressRows, reverseWaiver, standingWaiver, type ProgressRow } from "../repositories/invitations";
import { formulaSafe } from "~/domain/spreadsheet-cell";
import {
  inNewHireWindow,
  progressCounts,
  progressStatus,
  type ProgressFilter,
  type ProgressStatus,
  type WaiverReason,
} from "~/domain/employer-progress";
import { windowState } from "~/domain/enrollment-window";
import { isoToUsDate, todayIso } from "~/domain/dates";
import type { AuditActor } from "~/domain/audit";
import { localeOf } from "~/domain/locale";

export interface EmployeeProgress {
  row: ProgressRow;
  status: ProgressStatus;
  plans: Array<{ name: string; effectiveDate: string; active: boolean }>;
  newHireUntil: string | null;
}

/** Every employee of the group with where they stand (terminated ones included: the page shows them apart). */
export async function employeeStatuses(services: Services, groupId: number, locale: string): Promise<EmployeeProgress[]> {
  const [rows, settings] = await Promise.all([progressRows(services.db, groupId), employerSettings(services.db, groupId)]);
  const memberIds = [...new Set(rows.map((r) => r.member_id).filter((m): m is number => m !== null))];
  const plans = await plansOfMembers(services.db, memberIds, locale);
  const today = todayIso(services.now());
  return rows.map((row) => {
    const own = row.member_id ? plans.filter((p) => p.member_id === row.member_id) : [];
    const active = own.filter((p) => p.status === "ACTIVE").length;
    const status = progressStatus({ enrollmentStatus: row.enrollment_status, activePlans: active, waived: row.waiver_reason !== null });
    const until = row.status === "terminated" ? null : inNewHireWindow(row.hire_date, settings.new_hire_days, today);
    return {
      row,
      status,
      plans: own.map((p) => ({
        name: p.name ?? `#${p.plan_id}`,
        effectiveDate: isoToUsDate(p.effective_date),
        active: p.status === "ACTIVE",
      })),
      newHireUntil: until ? isoToUsDate(until) : null,
    };
  });
}

function matches(e: EmployeeProgress, filter: ProgressFilter) {
  if (filter === "terminated") return e.row.status === "terminated";
  if (e.row.status === "terminated") return false;
  return filter === "all" || e.status === filter;
}

export async function progressPage(services: Services, session: StoreSession, groupId: number, filter: ProgressFilter, locale: string) {
  const all = await employeeStatuses(services, groupId, locale);
  await audit(services, session, { kind: "progress.view", detail: filter });
  const current = all.filter((e) => e.row.status !== "terminated");
  const settings = await employerSettings(services.db, groupId);
  const window = windowState(
    {
      openEnrollmentStart: settings.open_enrollment_start,
      openEnrollmentEnd: settings.open_enrollment_end,
      newHireDays: settings.new_hire_days,
    },
    todayIso(services.now()),
  );
  return {
    ...progressCounts(current.map((e) => e.status)),
    terminated: all.length - current.length,
    window: window.open
      ? { open: true as const, closes: isoToUsDate(window.closes) }
      : { open: false as const, nextOpens: isoToUsDate(window.nextOpens) },
    employees: all.filter((e) => matches(e, filter)).map(view),
  };
}

function view(e: EmployeeProgress) {
  const r = e.row;
  return {
    id: r.id,
    employeeRef: r.employee_ref,
    name: `${r.first_name} ${r.last_name}`,
    status: e.status,
    terminated: r.status === "terminated",
    coverageEnd: isoToUsDate(r.coverage_end_date),
    invitedAt: r.invited_at ? isoToUsDate(r.invited_at.slice(0, 10)) : "",
    hasEmail: Boolean(r.email),
    waiver: r.waiver_reason ? { reason: r.waiver_reason, text: r.waiver_text ?? "", at: isoToUsDate(r.waived_at!.slice(0, 10)) } : null,
    plans: e.plans,
    newHireUntil: e.newHireUntil,
  };
}
export type ProgressView = ReturnType<typeof view>;

/** One employee's progress (the admin's page for them: plans, waiver). */
export async function employeeProgress(services: Services, session: StoreSession, groupId: number, id: number, locale: string) {
  const all = await employeeStatuses(services, groupId, locale);
  const e = all.find((x) => x.row.id === id);
  if (!e) throw new Response("Not Found", { status: 404, statusText: "employee-not-found" });
  await audit(services, session, { kind: "progress.view", detail: `employee:${id}` });
  return view(e);
}

/** The progress list as CSV (no SSN, no date of birth: who, where they stand, plans, dates). Audited. */
export async function progressCsv(services: Services, session: StoreSession, groupId: number, locale: string) {
  const all = await employeeStatuses(services, groupId, locale);
  await audit(services, session, { kind: "progress.download" });
  const t = await services.i18n.getFixedT(localeOf(locale), "common");
  const rows = all
    .map(view)
    .map((e) => [
      e.employeeRef,
      e.name,
      e.terminated ? t("progress.terminated") : t(`progress.statuses.${e.status}`),
      e.waiver ? t(`waiver.reasons.${e.waiver.reason}`) + (e.waiver.text ? `: ${e.waiver.text}` : "") : "",
      e.waiver?.at ?? "",
      e.plans.map((p) => `${p.name} (${p.effectiveDate})`).join("; "),
      e.newHireUntil ?? "",
      e.invitedAt,
      e.coverageEnd,
    ]);
  const headings = ["employeeRef", "name", "status", "waiver", "waivedOn", "plans", "newHireUntil", "invited", "coverageEnd"].map((k) =>
    t(`progress.csv.${k}`),
  );
  return stringify([headings, ...rows].map((r) => r.map(formulaSafe)));
}

export type WaiveResult = { ok: true } | { ok: false; reason: "closed" | "enrolled" | "alreadyWaived" | "notWaived" | "terminated" };

async function windowOpenFor(services: Services, groupId: number, hireDate: string) {
  const s = await employerSettings(services.db, groupId);
  return windowState(
    { openEnrollmentStart: s.open_enrollment_start, openEnrollmentEnd: s.open_enrollment_end, newHireDays: s.new_hire_days },
    todayIso(services.now()),
    hireDate,
  ).open;
}

/**
 * Records an employee's decline of coverage (one transaction with its audit event and the
 * confirmation e-mail to the employee). Refused while enrolled, outside the window, twice.
 */
export async function waiveCoverage(
  services: Services,
  who: AuditActor,
  groupId: number,
  employeeId: number,
  waiver: { reason: WaiverReason; otherText: string | null; holderHash?: string | null },
): Promise<WaiveResult> {
  return withMessages(services, async (tx) => {
    const e = await findEmployee(tx.db, groupId, employeeId);
    if (!e) throw new Response("Not Found", { status: 404, statusText: "employee-not-found" });
    if (e.status === "terminated") return { ok: false, reason: "terminated" };
    if (!(await windowOpenFor(tx, groupId, e.hire_date))) return { ok: false, reason: "closed" };
    const [status] = (await employeeStatuses(tx, groupId, "en")).filter((x) => x.row.id === e.id).map((x) => x.status);
    if (status === "enrolled") return { ok: false, reason: "enrolled" };
    if (await standingWaiver(tx.db, e.id)) return { ok: false, reason: "alreadyWaived" };
    await insertWaiver(
      tx.db,
      {
        group_id: groupId,
        employee_id: e.id,
        reason: waiver.reason,
        other_text: waiver.reason === "other" ? waiver.otherText : null,
        waived_by: who.actor,
        holder_hash: waiver.holderHash ?? null,
      },
      tx.now(),
    );
    await audit(tx, who, { kind: "waiver.record", memberId: e.member_id, detail: `employee:${e.id}` });
    if (e.email) {
      const t = await tx.i18n.getFixedT(localeOf(e.locale), "common");
      const values = { name: e.first_name, reason: t(`waiver.reasons.${waiver.reason}`), date: isoToUsDate(todayIso(tx.now())) };
      const text = [t("waiver.mail.greeting", values), "", t("waiver.mail.body", values), "", t("waiver.mail.undo")].join("\n");
      await queueMail(tx, { to: e.email, subject: t("waiver.mail.subject"), text, kind: "employee_waiver" });
    }
    return { ok: true };
  });
}

/** Takes a waiver back (while the window is open): the employee may enroll again. Audited. */
export async function reverseCoverageWaiver(
  services: Services,
  who: AuditActor,
  groupId: number,
  employeeId: number,
): Promise<WaiveResult> {
  return services.db.transaction().execute(async (trx): Promise<WaiveResult> => {
    const tx = { ...services, db: trx };
    const e = await findEmployee(trx, groupId, employeeId);
    if (!e) throw new Response("Not Found", { status: 404, statusText: "employee-not-found" });
    if (!(await windowOpenFor(tx, groupId, e.hire_date))) return { ok: false, reason: "closed" };
    if (!(await reverseWaiver(trx, e.id, who.actor, tx.now()))) return { ok: false, reason: "notWaived" };
    await audit(tx, who, { kind: "waiver.reverse", memberId: e.member_id, detail: `employee:${e.id}` });
    return { ok: true };
  });
}

/** The admin's actor for a waiver entered on an employee's behalf. */
export const adminActor = (session: StoreSession) => actorOf(session);
