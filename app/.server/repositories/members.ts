/**
 * Current members (storefront §2 "Current-member screens", §6): reps list their own members
 * (members.rep_id), group users list their group's members (members.group_id). The clear SSN
 * is never read here: only the stored last four digits leave the database.
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { DB } from "../db/connection";
import type { Database } from "../db/schema";

export interface MemberScope {
  repId?: number;
  groupId?: number;
}

export interface MemberPlan {
  policyId: number;
  planId: number;
  name: string;
  /** ACTIVE or INACTIVE (policy_plans.status) */
  status: string;
  /** the policy waits for the applicant's signature from a text message */
  awaitingSignature: boolean;
}

export interface MemberRow {
  id: number;
  first_name: string;
  last_name: string;
  /** ISO YYYY-MM-DD */
  birthdate: string;
  email: string | null;
  ssn_last4: string | null;
  group_id: number | null;
  group_name: string | null;
  plans: MemberPlan[];
}

export interface MemberSearchResult {
  rows: MemberRow[];
  total: number;
  /** the page actually returned (clamped to 1…last page) */
  page: number;
}

/** A scope with neither a rep nor a group lists nobody: never every member. */
function hasScope(scope: MemberScope) {
  return Boolean(scope.repId) || Boolean(scope.groupId);
}

function inScope(scope: MemberScope) {
  return (eb: ExpressionBuilder<Database, "members">) => {
    const parts = [];
    if (scope.repId) parts.push(eb("members.rep_id", "=", scope.repId));
    if (scope.groupId) parts.push(eb("members.group_id", "=", scope.groupId));
    return eb.and(parts);
  };
}

/** `%text%` for LIKE with %, _ and the escape character itself taken literally (escape '!'). */
function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** The normalised search text: trimmed, inner spaces collapsed, at most 100 characters. */
export function normaliseMemberQuery(query: string) {
  return query.trim().replace(/\s+/g, " ").slice(0, 100);
}

/**
 * One page of the members in scope matching `query` (case-insensitive, anywhere in the first
 * name, last name, "first last", e-mail or group name; a 4-digit query also matches the SSN's
 * last four), ordered by last name, first name, id. Plans come in one more query, named in
 * `locale` (English when that text is missing).
 */
export async function searchMembers(
  db: DB,
  scope: MemberScope,
  query: string,
  page: number,
  pageSize = 5,
  locale = "en",
): Promise<MemberSearchResult> {
  if (!hasScope(scope)) return { rows: [], total: 0, page: 1 };
  const q = normaliseMemberQuery(query);
  const base = db
    .selectFrom("members")
    .leftJoin("groups", "groups.id", "members.group_id")
    .where(inScope(scope))
    .$if(q !== "", (qb) =>
      qb.where((eb) => {
        const pattern = containsPattern(q);
        const like = (expr: RawBuilder<unknown>) => sql<SqlBool>`lower(${expr}) like ${pattern} escape '!'`;
        const matches: Expression<SqlBool>[] = [
          like(sql`members.first_name`),
          like(sql`members.last_name`),
          like(sql`members.first_name || ' ' || members.last_name`),
          like(sql`coalesce(members.email, '')`),
          like(sql`coalesce(groups.company_name, '')`),
        ];
        if (/^\d{4}$/.test(q)) matches.push(eb("members.ssn_last4", "=", q));
        return eb.or(matches);
      }),
    );

  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const size = Math.max(1, Math.floor(pageSize));
  const lastPage = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), lastPage);
  if (total === 0) return { rows: [], total, page: 1 };

  const members = await base
    .select([
      "members.id",
      "members.first_name",
      "members.last_name",
      "members.birthdate",
      "members.email",
      "members.ssn_last4",
      "members.group_id",
      "groups.company_name as group_name",
    ])
    .orderBy(sql`lower(members.last_name)`)
    .orderBy(sql`lower(members.first_name)`)
    .orderBy("members.id")
    .limit(size)
    .offset((current - 1) * size)
    .execute();

  const plans = await memberPlans(
    db,
    members.map((m) => m.id),
    locale,
  );
  return {
    rows: members.map((m) => ({ ...m, plans: plans.get(m.id) ?? [] })),
    total,
    page: current,
  };
}

/** The plans on the members' policies, in one query, grouped by member. */
async function memberPlans(db: DB, memberIds: number[], locale: string) {
  const byMember = new Map<number, MemberPlan[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom("policy_plans")
    .innerJoin("policies", "policies.id", "policy_plans.policy_id")
    .innerJoin("plans", "plans.id", "policy_plans.plan_id")
    .leftJoin("plan_texts as local", (join) => join.onRef("local.plan_id", "=", "policy_plans.plan_id").on("local.locale", "=", locale))
    .leftJoin("plan_texts as english", (join) => join.onRef("english.plan_id", "=", "policy_plans.plan_id").on("english.locale", "=", "en"))
    .select([
      "policies.member_id",
      "policies.signature_status",
      "policy_plans.policy_id",
      "policy_plans.plan_id",
      "policy_plans.status",
      "plans.code",
      "local.name as local_name",
      "english.name as english_name",
    ])
    .where("policies.member_id", "in", memberIds)
    .orderBy("policies.member_id")
    .orderBy("policies.created_at")
    .orderBy("policy_plans.id")
    .execute();
  for (const r of rows) {
    const list = byMember.get(r.member_id) ?? [];
    list.push({
      policyId: r.policy_id,
      planId: r.plan_id,
      name: r.local_name ?? r.english_name ?? r.code,
      status: r.status === "INACTIVE" ? "INACTIVE" : "ACTIVE",
      awaitingSignature: r.signature_status === "awaiting",
    });
    byMember.set(r.member_id, list);
  }
  return byMember;
}

/**
 * A member when they are in the visitor's scope (for starting their enrollment), with the
 * facts an existing-member enrollment needs; undefined for anyone else.
 */
export function findMemberInScope(db: DB, memberId: number, scope: MemberScope) {
  if (!hasScope(scope) || !Number.isSafeInteger(memberId) || memberId <= 0) return Promise.resolve(undefined);
  return db
    .selectFrom("members")
    .select(["id", "first_name", "last_name", "rep_id", "group_id", "portal_id", "birthdate", "gender", "zip", "state"])
    .where("id", "=", memberId)
    .where(inScope(scope))
    .executeTakeFirst();
}

/** Is this e-mail (or phone) already another member's? Existing members may keep their own. */
export async function contactTakenByOtherMember(db: DB, column: "email" | "phone", value: string, memberId: number | null) {
  let q = db.selectFrom("members").select("id");
  q = column === "email" ? q.where((eb) => eb(eb.fn("lower", ["email"]), "=", value.toLowerCase())) : q.where("phone", "=", value);
  if (memberId) q = q.where("id", "!=", memberId);
  return Boolean(await q.limit(1).executeTakeFirst());
}
