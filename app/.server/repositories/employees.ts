/**
 * A group's roster (issue 28): its employees, its rules, the census files waiting to be applied,
 * and the coverage events of its members' plans. The SSN is written sealed with its keyed hash
 * and last four; nothing here opens it.
 */
import type { DB } from "../db/connection";
import type { GroupEmployee } from "../db/schema";

export type EmployeeColumns = Omit<
  GroupEmployee,
  "id" | "group_id" | "created_at" | "updated_at" | "member_id" | "locale" | "enrollment_id" | "enrollment_email_hash" | "invited_at"
>;

const LIST_COLUMNS = [
  "id",
  "group_id",
  "employee_ref",
  "first_name",
  "last_name",
  "birthdate",
  "gender",
  "email",
  "phone",
  "ssn_last4",
  "ssn_hash",
  "hire_date",
  "status",
  "employment_class",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "termination_date",
  "coverage_end_date",
  "member_id",
  "locale",
  "enrollment_id",
  "enrollment_email_hash",
  "invited_at",
] as const;

export type RosterRow = Pick<GroupEmployee, (typeof LIST_COLUMNS)[number]>;

/** The group's employees by last name, first name, id. */
export function rosterOf(db: DB, groupId: number): Promise<RosterRow[]> {
  return db
    .selectFrom("group_employees")
    .select(LIST_COLUMNS)
    .where("group_id", "=", groupId)
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

export function findEmployee(db: DB, groupId: number, id: number): Promise<RosterRow | undefined> {
  return db.selectFrom("group_employees").select(LIST_COLUMNS).where("group_id", "=", groupId).where("id", "=", id).executeTakeFirst();
}

export function findEmployeeByRef(db: DB, groupId: number, ref: string): Promise<RosterRow | undefined> {
  return db
    .selectFrom("group_employees")
    .select(LIST_COLUMNS)
    .where("group_id", "=", groupId)
    .where((eb) => eb(eb.fn("upper", ["employee_ref"]), "=", ref.toUpperCase()))
    .executeTakeFirst();
}

/** Who in the group already holds an SSN with one of these keyed hashes (any key): employee id by hash. */
export async function ssnHolders(db: DB, groupId: number, hashes: string[]) {
  if (!hashes.length) return new Map<string, string>();
  const rows = await db
    .selectFrom("group_employees")
    .select(["ssn_hash", "employee_ref"])
    .where("group_id", "=", groupId)
    .where("ssn_hash", "in", hashes)
    .execute();
  return new Map(rows.map((r) => [r.ssn_hash!, r.employee_ref]));
}

export async function insertEmployee(db: DB, groupId: number, values: EmployeeColumns, locale: string, at: Date) {
  const row = await db
    .insertInto("group_employees")
    .values({ ...values, group_id: groupId, locale, created_at: at.toISOString(), updated_at: at.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an employee; an SSN left out (undefined) stays as it was. */
export async function updateEmployee(db: DB, groupId: number, id: number, values: Partial<EmployeeColumns>, at: Date) {
  const res = await db
    .updateTable("group_employees")
    .set({ ...values, updated_at: at.toISOString() })
    .where("group_id", "=", groupId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function linkEmployeeMember(db: DB, id: number, memberId: number) {
  await db.updateTable("group_employees").set({ member_id: memberId }).where("id", "=", id).execute();
}

/** The group's member who is this employee: the same name and date of birth (when not linked yet). */
export async function memberMatching(db: DB, groupId: number, e: Pick<RosterRow, "first_name" | "last_name" | "birthdate">) {
  const row = await db
    .selectFrom("members")
    .select("id")
    .where("group_id", "=", groupId)
    .where("birthdate", "=", e.birthdate)
    .where((eb) => eb(eb.fn("lower", ["first_name"]), "=", e.first_name.toLowerCase()))
    .where((eb) => eb(eb.fn("lower", ["last_name"]), "=", e.last_name.toLowerCase()))
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The plans a member holds: each plan of each of their policies with its status. */
export function plansOfMember(db: DB, memberId: number) {
  return db
    .selectFrom("policy_plans")
    .innerJoin("policies", "policies.id", "policy_plans.policy_id")
    .select([
      "policy_plans.id",
      "policy_plans.plan_id",
      "policy_plans.status",
      "policies.id as policy_id",
      "policies.enrollment_id",
      "policies.effective_date",
    ])
    .where("policies.member_id", "=", memberId)
    .orderBy("policy_plans.id")
    .execute();
}

export interface NewCoverageEvent {
  group_id: number | null;
  employee_id: number | null;
  member_id: number | null;
  enrollment_id: number | null;
  policy_id: number | null;
  plan_id: number;
  kind: "enrolled" | "changed" | "terminated" | "reinstated";
  effective_date: string;
  cause: string;
  actor: string;
}

export async function insertCoverageEvents(db: DB, events: NewCoverageEvent[], at: Date) {
  if (!events.length) return;
  await db
    .insertInto("coverage_events")
    .values(events.map((e) => ({ ...e, created_at: at.toISOString() })))
    .execute();
}

export function coverageEventsOfEmployee(db: DB, employeeId: number) {
  return db.selectFrom("coverage_events").selectAll().where("employee_id", "=", employeeId).orderBy("id").execute();
}

/** The group's rules, or the defaults (end of the month; no open enrollment; 30 days for new hires). */
export async function employerSettings(db: DB, groupId: number) {
  const row = await db.selectFrom("employer_settings").selectAll().where("group_id", "=", groupId).executeTakeFirst();
  return (
    row ?? {
      group_id: groupId,
      coverage_end_rule: "end_of_month",
      open_enrollment_start: null,
      open_enrollment_end: null,
      new_hire_days: 30,
      updated_at: "",
      reminded_at: null as string | null,
    }
  );
}

export async function insertCensusUpload(
  db: DB,
  v: { group_id: number; admin_id: number | null; file_name: string; file_sha256: string; row_count: number; rows_enc: string },
  at: Date,
) {
  const row = await db
    .insertInto("census_uploads")
    .values({ ...v, created_at: at.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findCensusUpload(db: DB, groupId: number, id: number) {
  return db.selectFrom("census_uploads").selectAll().where("group_id", "=", groupId).where("id", "=", id).executeTakeFirst();
}

/** Marks an upload applied, once: false when it already was (another request applied it). */
export async function markCensusApplied(db: DB, id: number, at: Date) {
  const res = await db
    .updateTable("census_uploads")
    .set({ applied_at: at.toISOString() })
    .where("id", "=", id)
    .where("applied_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function saveEmployerSettings(
  db: DB,
  groupId: number,
  v: { coverage_end_rule: string; open_enrollment_start: string | null; open_enrollment_end: string | null; new_hire_days: number },
  at: Date,
) {
  const row = { ...v, updated_at: at.toISOString() };
  await db
    .insertInto("employer_settings")
    .values({ group_id: groupId, ...row })
    .onConflict((oc) => oc.column("group_id").doUpdateSet(row))
    .execute();
}
