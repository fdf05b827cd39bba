/**
 * Invitations (issue 28): the admin sends each employee a personal enrollment link in their
 * language. The link's token is 32 random bytes kept only as a keyed hash, and it expires with the
 * employee's window. Opening it (a GET) writes nothing (ADR 003, ADR 018): its page's button (a
 * POST) starts the employee's enrollment in the group's store — the date of birth and gender in
 * the quote, the name and e-mail in the wizard's steps, no group code to type — linked to the
 * roster row, or continues the one it started. Each start makes this browser the enrollment's only
 * holder (a browser that opened it before loses it), and it never silently replaces another
 * unfinished enrollment of this browser. A completed enrollment's link opens nothing.
 */
import { matchesAnyHash } from "../platform/crypto";
import { rosterEmailHashInput } from "../platform/hash-inputs";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Enrollment } from "../db/schema";
import { randomToken } from "../platform/crypto";
import type { EmployeeWaiver } from "../db/schema";
import { audit } from "../platform/audit";
import { queueMail, withMessages } from "../platform/outbox";
import { zipLookup } from "../adapters/zip";
import { findGroup } from "../repositories/entry";
import { createEnrollment, findEnrollment, updateEnrollment } from "../repositories/enrollments";
import { employerSettings, findEmployee, insertCoverageEvents, linkEmployeeMember, type RosterRow } from "../repositories/employees";
import {
  claimInvite,
  employeeOfEnrollment,
  findInvitation,
  insertInvitation,
  linkEmployeeEnrollmentIf,
  setWaiverHolder,
  standingWaiver,
} from "../repositories/invitations";
import { choosablePortals } from "../store/portal-choice";
import { siteOf } from "../store/site";
import { isQuoted } from "../store/shopping";
import { enrollmentOnce } from "../store/page-reads";
import { holdEnrollment, restoreSession } from "../wizard/enrollment-session";
import { applyPatch, groupConfirmed } from "~/domain/session-mode";
import { INVITE_COOLDOWN_MINUTES, invitationExpiry, invitationLastDay } from "~/domain/employer-progress";
import { windowState } from "~/domain/enrollment-window";
import { isoToUsDate, todayIso } from "~/domain/dates";
import type { AuditActor } from "~/domain/audit";
import { employeeStatuses } from "./progress";
import { localeOf } from "~/domain/locale";

const PURPOSE = "employee-invitation";
export const tokenHashes = (services: Services, token: string) => services.cipher.hashes(`${PURPOSE}:${token}`);

/** The actor of an employee acting through their invitation. */
export function employeeActor(session: StoreSession, employeeId: number): AuditActor {
  return { actor: `employee:${employeeId}`, actingAs: "employee", requestId: session.requestId, clientKey: session.clientKey };
}

function windowOf(settings: Awaited<ReturnType<typeof employerSettings>>) {
  return {
    openEnrollmentStart: settings.open_enrollment_start,
    openEnrollmentEnd: settings.open_enrollment_end,
    newHireDays: settings.new_hire_days,
  };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * Makes a new link for an employee (inside the caller's transaction) and queues its e-mail in the
 * employee's language: the first invitation or a reminder (which carries a fresh link: only hashes
 * are kept, so the first one cannot be sent again; it still works).
 */
export async function queueInvitationMail(
  tx: Services,
  e: Pick<RosterRow, "id" | "group_id" | "first_name" | "email" | "hire_date" | "locale">,
  companyName: string,
  kind: "invitation" | "reminder7" | "reminder2" | "reminder",
  sentBy: string,
) {
  if (!e.email) return false;
  const settings = await employerSettings(tx.db, e.group_id);
  const now = tx.now();
  const lastDay = invitationLastDay(windowOf(settings), todayIso(now), e.hire_date);
  const token = randomToken();
  await insertInvitation(
    tx.db,
    {
      group_id: e.group_id,
      employee_id: e.id,
      token_hash: tx.cipher.hash(`${PURPOSE}:${token}`),
      expires_at: invitationExpiry(lastDay).toISOString(),
      sent_by: sentBy,
    },
    now,
  );
  const url = `${tx.config.publicBaseUrl}/invitation/${token}`;
  const t = await tx.i18n.getFixedT(localeOf(e.locale), "common");
  const values = { name: e.first_name, company: companyName, date: isoToUsDate(lastDay) };
  const words = kind === "invitation" ? "invitation" : "reminder";
  const subject = t(`invitation.mail.${words}.subject`, values);
  const lines = [
    t(`invitation.mail.${words}.greeting`, values),
    "",
    t(`invitation.mail.${words}.body`, values),
    "",
    url,
    "",
    t("invitation.mail.expiry", values),
  ];
  const html = `<p>${esc(lines[0]!)}</p><p>${esc(lines[2]!)}</p><p><a href="${esc(url)}">${esc(t("invitation.mail.button"))}</a></p><p>${esc(lines[6]!)}</p>`;
  await queueMail(tx, { to: e.email, subject, text: lines.join("\n"), html, kind: `employee_${kind}` });
  return true;
}

export type InviteAudience = "all" | "pending";

/**
 * Sends every employee (or those neither enrolled nor waived) an invitation; terminated employees
 * and those without an e-mail are skipped, and so is anyone invited less than the cooldown ago
 * (`recent`): a second click, or two admins at once, send each employee one invitation. Each
 * employee's place is taken by one atomic update, the first statement of the transaction that
 * queues their mail (ADR 007, ADR 023).
 */
export async function sendInvitations(services: Services, session: StoreSession, groupId: number, audience: InviteAudience) {
  const group = await findGroup(services.db, groupId);
  if (!group) throw new Response("Not Found", { status: 404 });
  const rows = await employeeStatuses(services, groupId, "en");
  const chosen = rows.filter(
    (r) => r.row.status !== "terminated" && (audience === "all" || r.status === "not_started" || r.status === "in_progress"),
  );
  const sentBy = session.staff?.kind === "group_admin" ? `group_admin:${session.staff.adminId}` : "system";
  const cooldownMs = INVITE_COOLDOWN_MINUTES * 60 * 1000;
  let sent = 0;
  let recent = 0;
  const withoutEmail = chosen.filter((r) => !r.row.email).length;
  for (const r of chosen.filter((x) => x.row.email)) {
    const done = await withMessages(services, async (tx) => {
      if (!(await claimInvite(tx.db, groupId, r.row.id, tx.now(), cooldownMs))) return false;
      const e = await findEmployee(tx.db, groupId, r.row.id);
      return Boolean(e && (await queueInvitationMail(tx, e, group.company_name, "invitation", sentBy)));
    });
    if (done) sent++;
    else recent++;
  }
  await audit(services, session, { kind: "invitation.send", detail: `${audience}:${sent}` });
  return { sent, withoutEmail, recent, cooldownMinutes: INVITE_COOLDOWN_MINUTES };
}

/**
 * What a link opens, or why not: unknown (404), expired (410), ended (410: the employee's e-mail
 * address changed or they were terminated since it was sent — ADR 023).
 */
export async function invitationOf(services: Services, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { state: "unknown" as const };
  const inv = await findInvitation(services.db, tokenHashes(services, token));
  if (!inv) return { state: "unknown" as const };
  if (inv.revoked_at) return { state: "revoked" as const };
  if (inv.expires_at <= services.now().toISOString()) return { state: "expired" as const };
  const [employee, group, settings] = await Promise.all([
    findEmployee(services.db, inv.group_id, inv.employee_id),
    findGroup(services.db, inv.group_id),
    employerSettings(services.db, inv.group_id),
  ]);
  if (!employee || !group) return { state: "unknown" as const };
  if (employee.status === "terminated") return { state: "revoked" as const };
  const [enrollment, waiver] = await Promise.all([
    employee.enrollment_id ? findEnrollment(services.db, employee.enrollment_id) : undefined,
    standingWaiver(services.db, employee.id),
  ]);
  const window = windowState(windowOf(settings), todayIso(services.now()), employee.hire_date);
  return { state: "ok" as const, invitation: inv, employee, group, enrollment: enrollment ?? null, waiver: waiver ?? null, window };
}
export type OpenInvitation = Extract<Awaited<ReturnType<typeof invitationOf>>, { state: "ok" }>;

/** This browser holds another unfinished enrollment than the employee's (ADR 003: ask before replacing it). */
export async function holdsAnother(services: Services, session: StoreSession, enrollmentId: number | null) {
  const current = session.get("tempId");
  if (!current || current === enrollmentId) return false;
  const enrollment = await enrollmentOnce(services, current);
  return Boolean(enrollment && (enrollment.status === "shopping" || enrollment.status === "checked_out"));
}

/**
 * Whether this browser holds the enrollment (ADR 003): the one that started it or continued it
 * last. Another browser continues it only with a code sent to the employee (ADR 023).
 */
export function holdsHere(session: StoreSession, enrollment: Pick<Enrollment, "id" | "holder">) {
  const mine = session.get("holder");
  return enrollment.holder ? enrollment.holder === mine : session.get("tempId") === enrollment.id;
}

/** The unfinished enrollment an invitation started, if any. */
export function liveEnrollment(inv: Pick<OpenInvitation, "enrollment">) {
  const e = inv.enrollment;
  return e && (e.status === "shopping" || e.status === "checked_out") ? e : null;
}

/** Whether this browser made the standing waiver from the link (only it takes the waiver back without a code). */
export function waiverMadeHere(services: Services, session: StoreSession, waiver: Pick<EmployeeWaiver, "holder_hash"> | null) {
  const mine = session.get("holder");
  return Boolean(waiver?.holder_hash && mine && services.cipher.hashes(`waiver-holder:${mine}`).includes(waiver.holder_hash));
}

/** The keyed hash a waiver made in this browser keeps (the browser gets a hold token if it had none). */
export function waiverHolderHash(services: Services, session: StoreSession) {
  let mine = session.get("holder");
  if (!mine) {
    mine = randomToken(16);
    session.set("holder", mine);
  }
  return services.cipher.hash(`waiver-holder:${mine}`);
}

/** This browser proved it is the employee's (the e-mailed code): the decline is now this browser's to take back. */
export async function holdWaiverHere(services: Services, session: StoreSession, employeeId: number) {
  await setWaiverHolder(services.db, employeeId, waiverHolderHash(services, session));
}

/** The roster address an enrollment began under, as kept (keyed hash; case and spaces aside). */
const rosterEmailKey = rosterEmailHashInput;
export const rosterEmailHash = (services: Services, email: string) => services.cipher.hash(rosterEmailKey(email));
/** Whether the roster's address is still the one the enrollment began with (its hash under any configured key). */
export const rosterEmailUnchanged = (services: Services, email: string, stored: string | null) =>
  matchesAnyHash(services.cipher, rosterEmailKey(email), stored);

/** Where a continued enrollment opens: the cart once checked out, the plans once a quote chose a category, else the quote. */
function openTarget(enrollment: Enrollment) {
  if (enrollment.status === "checked_out") return "/cart";
  return isQuoted(enrollment) && enrollment.category ? "/plans" : "/home";
}

/** Whether this browser proved it is the employee's (a right code sent to the roster's address): the roster's details are then its to see. */
export const provenEmployee = (session: StoreSession, employeeId: number) => session.get("inviteProven") === employeeId;

/** The quote's defaults from the roster (date of birth, gender, ZIP): only for a browser that proved it is the employee's. */
function rosterQuote(employee: OpenInvitation["employee"]) {
  const zip = employee.zip && zipLookup.stateFor(employee.zip) ? employee.zip : null;
  return { birthdate: employee.birthdate, gender: employee.gender, zip, state: zip ? zipLookup.stateFor(zip) : null };
}

export type StartResult =
  | { ok: true; to: string }
  | { ok: false; reason: "closed" | "complete" | "switch" | "alreadyWaived" | "needsCode" };

/**
 * The button: continues the enrollment this invitation started, or starts one for the employee
 * in the group's store, linked to the roster row. This browser becomes its only holder. Audited.
 * The roster's personal details (the quote's date of birth, gender and ZIP; the wizard's e-mail,
 * phone and address) go in only for a browser that proved it is the employee's (`inviteProven`,
 * a right code: ADR 023 addendum w8); whoever presses Start first on a forwarded link gets an
 * enrollment with the employee's name (the link's page shows it) and nothing else of hers.
 */
export async function startFromInvitation(
  services: Services,
  request: Request,
  session: StoreSession,
  inv: OpenInvitation,
  options: { replace: boolean; proven?: boolean },
): Promise<StartResult> {
  const { employee, group, enrollment, window } = inv;
  if (!window.open) return { ok: false, reason: "closed" };
  if (enrollment?.status === "completed") return { ok: false, reason: "complete" };
  // a standing waiver is taken back first (the page's own button), never shadowed by an enrollment beside it
  if (inv.waiver) return { ok: false, reason: "alreadyWaived" };
  const live = liveEnrollment(inv);
  const actor = employeeActor(session, employee.id);
  // works once per browser (ADR 023): another browser continues only with the code sent to the employee
  if (live && !options.proven && !holdsHere(session, live)) {
    await audit(services, actor, { kind: "invitation.refuse", enrollmentId: live.id, detail: "needs_code" });
    return { ok: false, reason: "needsCode" };
  }
  if (!options.replace && (await holdsAnother(services, session, live?.id ?? null))) return { ok: false, reason: "switch" };
  const proven = provenEmployee(session, employee.id);
  if (live) {
    await restoreSession(services, session, live);
    if (proven) {
      session.set("inviteProven", employee.id);
      // proved now, after a Start without a code: the quote not made yet starts from the roster
      if (!live.birthdate && !live.zip && live.gender === null)
        await updateEnrollment(services.db, live.id, rosterQuote(employee), services.now());
    }
    await holdEnrollment(services, session, live.id);
    await audit(services, actor, {
      kind: "invitation.start",
      enrollmentId: live.id,
      detail: options.proven ? "continue:code" : "continue",
    });
    return { ok: true, to: openTarget(live) };
  }
  const portalId = group.portal_id ?? (await choosablePortals(services, group.rep_id))[0]?.id ?? null;
  const site = await siteOf(services, request);
  const lng = await services.i18n.getLocale(request);
  const raced = new Error("invitation started twice at once");
  const made = services.db.transaction().execute(async (trx) => {
    const id = await createEnrollment(
      trx,
      {
        tier: "IO",
        ...(proven ? rosterQuote(employee) : { birthdate: null, gender: null, zip: null, state: null }),
        locale: localeOf(lng),
        site_id: site.id,
        eprocess: "group",
        open_type: "group",
        enroll_type: "new-group-member",
        type: "new-user",
        agent_id: group.rep_id,
        group_id: group.id,
        portal_id: portalId,
        member_id: null,
        referral_id: null,
      },
      services.now(),
    );
    // another Start (another browser) made the employee's enrollment first: this one is undone, and
    // this browser is asked for the code like any other browser
    const emailHash = employee.email ? rosterEmailHash(services, employee.email) : null;
    if (!(await linkEmployeeEnrollmentIf(trx, employee.id, employee.enrollment_id ?? null, id, emailHash))) throw raced;
    await audit({ ...services, db: trx }, actor, { kind: "invitation.start", enrollmentId: id, detail: "new" });
    return id;
  });
  const id = await made.catch((error) => {
    if (error === raced) return null;
    throw error;
  });
  if (id === null) return { ok: false, reason: "needsCode" };
  const over65 = session.get("over65");
  session.clear();
  if (over65 !== undefined) session.set("over65", over65);
  if (proven) session.set("inviteProven", employee.id);
  applyPatch(session, groupConfirmed(session.all(), { id: group.id, repId: group.rep_id, portalId }, "enroll"));
  session.set("tempId", id);
  await holdEnrollment(services, session, id);
  return { ok: true, to: "/home" };
}

/**
 * The name, e-mail, phone and address an invited employee's wizard starts with: their roster row
 * (never the SSN: it is asked in the wizard like anyone's). The name only (the link's page shows
 * it to anyone), unless this browser proved it is the employee's (ADR 023 addendum w8).
 */
export async function employeeOnFile(services: Services, enrollmentId: number, session: StoreSession) {
  const e = await employeeOfEnrollment(services.db, enrollmentId);
  if (!e) return null;
  const proven = provenEmployee(session, e.id);
  return {
    firstName: e.first_name,
    lastName: e.last_name,
    ssn: null as string | null,
    ssnUnreadable: false,
    email: proven ? e.email : null,
    phone: proven ? e.phone : null,
    address1: proven ? e.address1 : null,
    address2: proven ? e.address2 : null,
    city: proven ? e.city : null,
    state: proven ? e.state : null,
    zip: proven ? e.zip : null,
  };
}

/**
 * Inside Complete's transaction, before anything is made: why an enrollment an invitation started
 * may no longer be completed — its employee was terminated, or the group's enrollment window (or
 * their new-hire window) has closed since it began (ADR 026 addendum: the link checked them only
 * when it was pressed). Null when it may, or when no roster employee is linked to it.
 */
export async function invitedEnrollmentRefusal(tx: Services, enrollmentId: number) {
  const e = await employeeOfEnrollment(tx.db, enrollmentId);
  if (!e) return null;
  if (e.status === "terminated") return "review.problems.employeeTerminated" as const;
  const settings = await employerSettings(tx.db, e.group_id);
  if (!windowState(windowOf(settings), todayIso(tx.now()), e.hire_date).open) return "review.problems.windowClosed" as const;
  return null;
}

/**
 * Inside Complete's transaction: an enrollment an invitation started makes its employee enrolled —
 * the roster row is linked to the new member and an `enrolled` coverage event is written for each
 * plan of the policy (ADR 026: the carrier feed reads these, never the wizard's rows).
 */
export async function recordInvitedEnrollment(tx: Services, enrollmentId: number, memberId: number, policyId: number, actor: string) {
  const e = await employeeOfEnrollment(tx.db, enrollmentId);
  if (!e) return;
  if (!e.member_id) await linkEmployeeMember(tx.db, e.id, memberId);
  const plans = await tx.db
    .selectFrom("policy_plans")
    .innerJoin("policies", "policies.id", "policy_plans.policy_id")
    .select(["policy_plans.plan_id", "policies.effective_date"])
    .where("policy_plans.policy_id", "=", policyId)
    .execute();
  await insertCoverageEvents(
    tx.db,
    plans.map((p) => ({
      group_id: e.group_id,
      employee_id: e.id,
      member_id: memberId,
      enrollment_id: enrollmentId,
      policy_id: policyId,
      plan_id: p.plan_id,
      kind: "enrolled" as const,
      effective_date: p.effective_date,
      cause: "enrollment.complete",
      actor,
    })),
    tx.now(),
  );
}
