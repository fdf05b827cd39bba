/**
 * Enrollment reminders (issue 28): 7 and 2 days before open enrollment closes, each employee
 * neither enrolled nor waived gets one reminder (in their language, with a fresh invitation link),
 * and the group's admins a summary the day before. Each notice is claimed by a unique key in the
 * transaction that queues it, so it goes once whatever the number of runs or instances; the runs
 * themselves come from the job queue's one scheduler (jobs/workers.ts, `npm run reminders`).
 * "Remind now" sends the same reminder at once, at most once per cooldown per group.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { audit } from "../platform/audit";
import { queueMail, withMessages } from "../platform/outbox";
import { findGroup } from "../repositories/entry";
import { findEmployee } from "../repositories/employees";
import { activeAdmins, allEmployerSettings, claimNotice, claimRemindNow, hiredSince } from "../repositories/invitations";
import {
  addDays,
  adminSummaryDue,
  employeeReminderDue,
  progressCounts,
  REMIND_NOW_COOLDOWN_HOURS,
  type ReminderKind,
} from "~/domain/employer-progress";
import { windowState } from "~/domain/enrollment-window";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { queueInvitationMail } from "./invitations";
import { employeeStatuses } from "./progress";

const waiting = (s: string) => s === "not_started" || s === "in_progress";

/**
 * One reminder to one employee, once (its key claimed in the transaction that queues it):
 * `{reminder7|reminder2}:{employee}:{closes}` — the same key whichever window closes that day.
 */
async function remindOnce(services: Services, groupId: number, company: string, employeeId: number, kind: ReminderKind, closes: string) {
  return withMessages(services, async (tx) => {
    const key = `${kind}:${employeeId}:${closes}`;
    if (!(await claimNotice(tx.db, { notice_key: key, group_id: groupId, employee_id: employeeId, kind }, tx.now()))) return false;
    const row = await findEmployee(tx.db, groupId, employeeId);
    return Boolean(row && (await queueInvitationMail(tx, row, company, kind, "system")));
  });
}

/**
 * One run. Open enrollment: every group whose window closes soon reminds its employees neither
 * enrolled nor waived 7 and 2 days before (and its admins the day before). New hires: an employee
 * inside their own new-hire window (which their enrollment follows, `windowState`) is reminded 7
 * and 2 days before it closes instead. Returns what was queued.
 */
export async function runEmployerReminders(services: Services) {
  const today = todayIso(services.now());
  let reminders = 0;
  let summaries = 0;
  for (const s of await allEmployerSettings(services.db)) {
    const settings = {
      openEnrollmentStart: s.open_enrollment_start,
      openEnrollmentEnd: s.open_enrollment_end,
      newHireDays: s.new_hire_days,
    };
    const state = windowState(settings, today);
    const openEnrollment = state.open && state.why === "openEnrollment" && state.closes ? state.closes : null;
    // a new hire's window ends on their hire date + days − 1: anyone hired within the last days may be due
    const hireDue = (hire: string | null) => {
      const own = hire ? windowState(settings, today, hire) : null;
      return own?.open && own.why === "newHire" && own.closes ? own.closes : null;
    };
    const group = await findGroup(services.db, s.group_id);
    if (!group) continue;
    if (!openEnrollment) {
      // only new hires may be due: look at the roster only when one is
      if (!(await hiredSince(services.db, s.group_id, addDays(today, -s.new_hire_days)))) continue;
    }
    const all = await employeeStatuses(services, s.group_id, "en");
    const current = all.filter((e) => e.row.status !== "terminated");
    for (const e of current.filter((x) => waiting(x.status) && x.row.email)) {
      const closes = hireDue(e.row.hire_date) ?? openEnrollment;
      const kind = closes ? employeeReminderDue(closes, today) : null;
      if (closes && kind && (await remindOnce(services, s.group_id, group.company_name, e.row.id, kind, closes))) reminders++;
    }
    if (!openEnrollment) continue;
    const closes = openEnrollment;
    if (adminSummaryDue(closes, today)) {
      const { counts, total } = progressCounts(current.map((e) => e.status));
      const admins = await activeAdmins(services.db, s.group_id);
      const queued = await withMessages(services, async (tx) => {
        if (
          !(await claimNotice(
            tx.db,
            { notice_key: `summary:${s.group_id}:${closes}`, group_id: s.group_id, employee_id: null, kind: "summary" },
            tx.now(),
          ))
        )
          return false;
        const t = await tx.i18n.getFixedT("en", "common");
        const es = await tx.i18n.getFixedT("es", "common");
        const values = { company: group.company_name, date: isoToUsDate(closes), total, ...counts };
        const url = `${tx.config.publicBaseUrl}/group-progress`;
        // admins have no language on file: the summary is bilingual
        const text = [t("progress.summary.body", values), url, "", "—", "", es("progress.summary.body", values), url].join("\n");
        for (const a of admins) {
          await queueMail(tx, {
            to: a.email,
            subject: `${t("progress.summary.subject", values)} / ${es("progress.summary.subject", values)}`,
            text,
            kind: "employer_summary",
          });
        }
        return true;
      });
      if (queued) summaries++;
    }
  }
  return { reminders, summaries };
}

export type RemindNowResult = { ok: true; sent: number } | { ok: false; reason: "cooldown" };

/** "Remind now": a reminder with a fresh link to each employee neither enrolled nor waived; once per cooldown per group. */
export async function remindNow(services: Services, session: StoreSession, groupId: number): Promise<RemindNowResult> {
  const group = await findGroup(services.db, groupId);
  if (!group) throw new Response("Not Found", { status: 404 });
  const all = await employeeStatuses(services, groupId, "en");
  return withMessages(services, async (tx): Promise<RemindNowResult> => {
    if (!(await claimRemindNow(tx.db, groupId, tx.now(), REMIND_NOW_COOLDOWN_HOURS * 3600 * 1000)))
      return { ok: false, reason: "cooldown" };
    let sent = 0;
    const by = session.staff?.kind === "group_admin" ? `group_admin:${session.staff.adminId}` : "system";
    for (const e of all.filter((x) => x.row.status !== "terminated" && waiting(x.status))) {
      const row = await findEmployee(tx.db, groupId, e.row.id);
      if (row && (await queueInvitationMail(tx, row, group.company_name, "reminder", by))) sent++;
    }
    await audit(tx, session, { kind: "reminder.now" });
    return { ok: true, sent };
  });
}
