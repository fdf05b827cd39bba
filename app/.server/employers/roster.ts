/**
 * A group's roster, kept by its verified admin (issue 28): the list, one employee added or
 * edited, a termination with its date (coverage ends by the group's rule, a coverage event per
 * plan) and its reversal, and the roster as CSV. The SSN is sealed, found by its keyed hash, shown
 * only as XXX-XX-1234 and never in a download. Every read and change is on the audit trail.
 */
import { stringify } from "csv-stringify/sync";
import type { Services } from "../services";
import { employeeSsnHashInput } from "../platform/hash-inputs";
import type { StoreSession } from "../platform/session";
import { actorOf, audit } from "../platform/audit";
import { revokeInvitations } from "../repositories/invitations";
import type { AuditActor } from "~/domain/audit";
import {
  employerSettings,
  findEmployee,
  findEmployeeByRef,
  insertCoverageEvents,
  insertEmployee,
  linkEmployeeMember,
  memberMatching,
  plansOfMember,
  rosterOf,
  ssnHolders,
  updateEmployee,
  coverageEventsOfEmployee,
  type EmployeeColumns,
  type RosterRow,
} from "../repositories/employees";
import { coverageEndDate, type CoverageEndRule, type EmployeeRecord, type RosterFilter } from "~/domain/roster";
import { CENSUS_HEADINGS } from "~/domain/census";
import { formulaSafe } from "~/domain/spreadsheet-cell";
import { isoToUsDate } from "~/domain/dates";
import { maskSsn } from "~/domain/identity";

/** The keyed hash the roster keeps of an SSN (under the newest key). */
export const ssnHashOf = (services: Services, ssn: string) => services.cipher.hash(employeeSsnHashInput(ssn));
/** The same under every configured key (an SSN hashed before a key rotation is still found). */
export const ssnHashesOf = (services: Services, ssn: string) => services.cipher.hashes(employeeSsnHashInput(ssn));

/** The roster's columns for a record (the SSN sealed; left out when the record has none, so the one on file stays). */
export function employeeColumns(
  services: Services,
  r: EmployeeRecord,
): Partial<EmployeeColumns> & Omit<EmployeeColumns, "ssn_enc" | "ssn_last4" | "ssn_hash"> {
  const base = {
    employee_ref: r.employeeRef,
    first_name: r.firstName,
    last_name: r.lastName,
    birthdate: r.birthdate,
    gender: r.gender,
    email: r.email,
    phone: r.phone,
    hire_date: r.hireDate,
    status: r.status,
    employment_class: r.employmentClass,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    termination_date: r.terminationDate,
    coverage_end_date: null as string | null,
  };
  if (!r.ssn) return base;
  return { ...base, ssn_enc: services.cipher.encrypt(r.ssn), ssn_last4: r.ssn.slice(-4), ssn_hash: ssnHashOf(services, r.ssn) };
}

/** One employee as the pages show them: the SSN masked, dates mm/dd/yyyy. */
export interface EmployeeView {
  id: number;
  employeeRef: string;
  name: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  gender: number;
  email: string;
  phone: string;
  ssnMasked: string;
  hireDate: string;
  status: string;
  employmentClass: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  terminationDate: string;
  coverageEndDate: string;
}

export function employeeView(e: RosterRow): EmployeeView {
  return {
    id: e.id,
    employeeRef: e.employee_ref,
    name: `${e.first_name} ${e.last_name}`,
    firstName: e.first_name,
    lastName: e.last_name,
    birthdate: isoToUsDate(e.birthdate),
    gender: e.gender,
    email: e.email ?? "",
    phone: e.phone ?? "",
    ssnMasked: maskSsn(e.ssn_last4),
    hireDate: isoToUsDate(e.hire_date),
    status: e.status,
    employmentClass: e.employment_class,
    address1: e.address1 ?? "",
    address2: e.address2 ?? "",
    city: e.city ?? "",
    state: e.state ?? "",
    zip: e.zip ?? "",
    terminationDate: isoToUsDate(e.termination_date),
    coverageEndDate: isoToUsDate(e.coverage_end_date),
  };
}

/** The roster page: the employees (by status when asked), counts by status. Viewing it is audited. */
export async function rosterPage(services: Services, session: StoreSession, groupId: number, filter: RosterFilter) {
  const all = await rosterOf(services.db, groupId);
  await audit(services, session, { kind: "roster.view" });
  const counts = { all: all.length, active: 0, leave: 0, terminated: 0 };
  for (const e of all) counts[e.status as "active" | "leave" | "terminated"]++;
  return { counts, employees: all.filter((e) => filter === "all" || e.status === filter).map(employeeView) };
}

export async function employeeOfGroup(services: Services, groupId: number, id: number) {
  const e = await findEmployee(services.db, groupId, id);
  if (!e) throw new Response("Not Found", { status: 404, statusText: "employee-not-found" });
  return e;
}

/** One employee's record opened by the group's admin (date of birth, address, masked SSN): on the trail, as the list is. */
export async function viewEmployee(services: Services, session: StoreSession, groupId: number, id: number) {
  const e = await employeeOfGroup(services, groupId, id);
  await audit(services, session, { kind: "roster.view", detail: `employee:${id}` });
  return e;
}

export type SaveEmployeeResult = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Adds (id null) or changes one employee. Refused, changing nothing: an employee id another
 * employee of the group has, an SSN another employee of the group has.
 */
export async function saveEmployee(
  services: Services,
  session: StoreSession,
  groupId: number,
  id: number | null,
  record: EmployeeRecord,
  locale: string,
): Promise<SaveEmployeeResult> {
  return services.db.transaction().execute(async (trx): Promise<SaveEmployeeResult> => {
    const tx = { ...services, db: trx };
    const current = id === null ? null : await employeeOfGroup(tx, groupId, id);
    const sameRef = await findEmployeeByRef(trx, groupId, record.employeeRef);
    if (sameRef && sameRef.id !== id) return { ok: false, fieldErrors: { employeeRef: "employees.refTaken" } };
    if (record.ssn) {
      const holders = await ssnHolders(trx, groupId, ssnHashesOf(services, record.ssn));
      const other = [...holders.values()].find((ref) => ref.toUpperCase() !== (current?.employee_ref ?? record.employeeRef).toUpperCase());
      if (other) return { ok: false, fieldErrors: { ssn: "employees.ssnTaken" } };
    }
    const columns = employeeColumns(services, record);
    let savedId: number;
    if (current) {
      // the form keeps the termination as it is (its own form changes it)
      const { termination_date: _t, coverage_end_date: _c, ...rest } = columns;
      const status = current.status === "terminated" ? "terminated" : rest.status;
      await updateEmployee(trx, groupId, current.id, { ...rest, status }, services.now());
      savedId = current.id;
      // links sent to the old address stop working (ADR 023)
      if (sameAddress(current.email, rest.email) === false) await endInvitationLinks(tx, session, current.id, "email");
    } else {
      savedId = await insertEmployee(trx, groupId, { ssn_enc: null, ssn_last4: null, ssn_hash: null, ...columns }, locale, services.now());
    }
    await audit(tx, session, { kind: current ? "roster.edit" : "roster.add", detail: `employee:${savedId}` });
    return { ok: true as const, id: savedId };
  });
}

/** Whether two e-mail addresses are the same one (case and spaces aside); false when they differ. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * Ends the employee's invitation links (inside the caller's transaction): their e-mail address
 * changed, or they were terminated (ADR 023). Audited when a link was ended.
 */
export async function endInvitationLinks(tx: Services, who: StoreSession | AuditActor, employeeId: number, reason: "email" | "terminated") {
  const ended = await revokeInvitations(tx.db, employeeId, reason, tx.now());
  if (ended) await audit(tx, who, { kind: "invitation.revoke", detail: `employee:${employeeId}:${reason}` });
}

/** The store's member who is this employee (linked the first time they are found). */
async function memberOf(services: Services, e: RosterRow) {
  if (e.member_id) return e.member_id;
  const found = await memberMatching(services.db, e.group_id, e);
  if (found) await linkEmployeeMember(services.db, e.id, found);
  return found;
}

/**
 * Ends an employee's coverage (inside the caller's transaction): the termination date, the last
 * day of coverage by the group's rule, and a `terminated` coverage event for each plan the
 * employee's member holds active. Returns the coverage end and the member (null: none found).
 */
export async function endCoverage(tx: Services, e: RosterRow, terminationDate: string, cause: string, who: AuditActor) {
  const actor = who.actor;
  const settings = await employerSettings(tx.db, e.group_id);
  const end = coverageEndDate(terminationDate, settings.coverage_end_rule as CoverageEndRule);
  await updateEmployee(
    tx.db,
    e.group_id,
    e.id,
    { status: "terminated", termination_date: terminationDate, coverage_end_date: end },
    tx.now(),
  );
  await endInvitationLinks(tx, who, e.id, "terminated");
  const memberId = await memberOf(tx, e);
  if (memberId) {
    const plans = (await plansOfMember(tx.db, memberId)).filter((p) => p.status === "ACTIVE");
    await insertCoverageEvents(
      tx.db,
      plans.map((p) => ({
        group_id: e.group_id,
        employee_id: e.id,
        member_id: memberId,
        enrollment_id: p.enrollment_id,
        policy_id: p.policy_id,
        plan_id: p.plan_id,
        kind: "terminated" as const,
        effective_date: end,
        cause,
        actor,
      })),
      tx.now(),
    );
  }
  return { end, memberId };
}

/**
 * Reverses a termination (inside the caller's transaction): the employee active again, and a
 * `reinstated` event for each plan whose last event was its termination.
 */
export async function restoreCoverage(tx: Services, e: RosterRow, cause: string, actor: string) {
  await updateEmployee(tx.db, e.group_id, e.id, { status: "active", termination_date: null, coverage_end_date: null }, tx.now());
  const events = await coverageEventsOfEmployee(tx.db, e.id);
  const last = new Map<string, (typeof events)[number]>();
  for (const ev of events) last.set(`${ev.policy_id}:${ev.plan_id}`, ev);
  const terminated = [...last.values()].filter((ev) => ev.kind === "terminated");
  await insertCoverageEvents(
    tx.db,
    terminated.map((ev) => ({
      group_id: e.group_id,
      employee_id: e.id,
      member_id: ev.member_id,
      enrollment_id: ev.enrollment_id,
      policy_id: ev.policy_id,
      plan_id: ev.plan_id,
      kind: "reinstated" as const,
      // coverage goes on without a gap: from the day after the end the termination had set
      effective_date: dayAfter(ev.effective_date),
      cause,
      actor,
    })),
    tx.now(),
  );
}

/** Terminates one employee by hand; refused (false) when already terminated. */
export async function terminateEmployee(services: Services, session: StoreSession, groupId: number, id: number, terminationDate: string) {
  return services.db.transaction().execute(async (trx) => {
    const tx = { ...services, db: trx };
    const e = await employeeOfGroup(tx, groupId, id);
    if (e.status === "terminated") return { ok: false as const, reason: "alreadyTerminated" as const };
    if (terminationDate < e.hire_date) return { ok: false as const, reason: "beforeHire" as const };
    const { end, memberId } = await endCoverage(tx, e, terminationDate, "roster.terminate", actorOf(session));
    await audit(tx, session, { kind: "roster.terminate", memberId, detail: `employee:${e.id}` });
    return { ok: true as const, coverageEnd: end };
  });
}

export async function reinstateEmployee(services: Services, session: StoreSession, groupId: number, id: number) {
  return services.db.transaction().execute(async (trx) => {
    const tx = { ...services, db: trx };
    const e = await employeeOfGroup(tx, groupId, id);
    if (e.status !== "terminated") return false;
    await restoreCoverage(tx, e, "roster.reinstate", actorOf(session).actor);
    await audit(tx, session, { kind: "roster.reinstate", memberId: e.member_id, detail: `employee:${e.id}` });
    return true;
  });
}

/** The roster as CSV in the census template's columns: the SSN masked (XXX-XX-1234), never whole. Audited. */
export async function rosterCsv(services: Services, session: StoreSession, groupId: number) {
  const rows = await rosterOf(services.db, groupId);
  await audit(services, session, { kind: "roster.download" });
  const gender = (g: number) => (g === 1 ? "F" : "M");
  const cls = (c: string) => (c === "part_time" ? "Part time" : "Full time");
  const status = (s: string) => (s === "leave" ? "Leave" : s === "terminated" ? "Terminated" : "Active");
  return stringify(
    [
      [...CENSUS_HEADINGS, "Coverage End Date"],
      ...rows.map((e) => [
        e.employee_ref,
        "Employee",
        e.first_name,
        e.last_name,
        isoToUsDate(e.birthdate),
        gender(e.gender),
        e.email ?? "",
        e.phone ?? "",
        maskSsn(e.ssn_last4),
        isoToUsDate(e.hire_date),
        isoToUsDate(e.termination_date),
        status(e.status),
        cls(e.employment_class),
        e.address1 ?? "",
        e.address2 ?? "",
        e.city ?? "",
        e.state ?? "",
        e.zip ?? "",
        isoToUsDate(e.coverage_end_date),
      ]),
    ].map((r) => r.map(formulaSafe)),
  );
}

function dayAfter(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
