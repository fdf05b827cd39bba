/**
 * The state now, per carrier and member, as the feed compares it with what was last sent (issue
 * 29): the members holding a plan of the carrier (policies made by completed enrollments), their
 * covered dependents, and each plan's coverage — begun on the policy's effective date, ended by
 * the latest coverage event when that is a termination (an employer's, or a cancellation),
 * open again after a reinstatement. It reads policies and coverage events, never the wizard's steps.
 */
import type { DB } from "../db/connection";
import { coverageLevelOf, insuranceLineOf } from "~/domain/x12/codes";
import type { MemberCoverage, MemberSnapshot } from "~/domain/x12/member-change";
import type { Tier } from "~/domain/tiers";

/** Where a coverage of the snapshot comes from (for the per-plan status of a change). */
export interface CoverageSource {
  policyId: number;
  planId: number;
  memberId: number;
}

export interface MembersNow {
  members: Map<string, MemberSnapshot>;
  /** member key → plan code → its policy plan */
  sources: Map<string, Map<string, CoverageSource>>;
  /**
   * member key → the member's SSN as stored, SEALED. Never in a snapshot (what was sent is kept
   * without it); the file's build opens it for NM109 (send.ts).
   */
  ssns: Map<string, string>;
}

export const subscriberKey = (memberId: number) => `BS${String(memberId).padStart(6, "0")}`;
const GENDER = (g: number | null) => (g === 0 ? "M" : g === 1 ? "F" : "U");
const TIER_COVERS: Record<string, Array<"spouse" | "child">> = { IO: [], IS: ["spouse"], IC: ["child"], IF: ["spouse", "child"] };

/**
 * @param format "834" keeps the plans an 834 can carry (a category with an insurance line); "csv" keeps all.
 */
export async function membersNow(db: DB, carrierId: number, format: "834" | "csv"): Promise<MembersNow> {
  const rows = await db
    .selectFrom("policy_plans as pp")
    .innerJoin("policies as p", "p.id", "pp.policy_id")
    .innerJoin("plans as pl", "pl.id", "pp.plan_id")
    .innerJoin("plan_categories as cat", "cat.id", "pl.category_id")
    .innerJoin("members as m", "m.id", "p.member_id")
    .select([
      "pp.plan_id",
      "pp.status",
      "p.id as policy_id",
      "p.enrollment_id",
      "p.tier",
      "p.effective_date",
      "pl.code as plan_code",
      "cat.key as category",
      "m.id as member_id",
      "m.first_name",
      "m.last_name",
      "m.birthdate",
      "m.gender",
      "m.email",
      "m.phone",
      "m.address1",
      "m.address2",
      "m.city",
      "m.state",
      "m.zip",
      "m.ssn_enc",
    ])
    .where("pl.carrier_id", "=", carrierId)
    .orderBy("p.id")
    .orderBy("pp.id")
    .execute();
  const policyIds = [...new Set(rows.map((r) => r.policy_id))];
  const enrollmentIds = [...new Set(rows.flatMap((r) => (r.enrollment_id ? [r.enrollment_id] : [])))];
  const [events, dependents] = await Promise.all([
    policyIds.length
      ? db
          .selectFrom("coverage_events")
          .select(["policy_id", "plan_id", "kind", "effective_date"])
          .where("policy_id", "in", policyIds)
          .orderBy("id")
          .execute()
      : [],
    enrollmentIds.length
      ? db
          .selectFrom("dependents")
          .select(["enrollment_id", "position", "relationship", "first_name", "middle_name", "last_name", "birthdate", "gender", "ssn_enc"])
          .where("enrollment_id", "in", enrollmentIds)
          .where("held", "=", 0)
          .orderBy("enrollment_id")
          .orderBy("position")
          .execute()
      : [],
  ]);
  // the latest event of each policy plan decides whether it has ended
  const lastEvent = new Map<string, (typeof events)[number]>();
  for (const e of events) lastEvent.set(`${e.policy_id}:${e.plan_id}`, e);

  const members = new Map<string, MemberSnapshot>();
  const sources = new Map<string, Map<string, CoverageSource>>();
  const ssns = new Map<string, string>();
  const put = (key: string, snapshot: MemberSnapshot, coverage: MemberCoverage, source: CoverageSource) => {
    const m = members.get(key) ?? snapshot;
    // a later policy for the same plan replaces the earlier one; demographics follow the latest policy
    const coverages = m.coverages.filter((c) => c.planCode !== coverage.planCode);
    members.set(key, { ...snapshot, coverages: [...coverages, coverage] });
    const s = sources.get(key) ?? new Map<string, CoverageSource>();
    s.set(coverage.planCode, source);
    sources.set(key, s);
  };

  for (const r of rows) {
    const line = insuranceLineOf(r.category);
    if (format === "834" && !line) continue;
    const event = lastEvent.get(`${r.policy_id}:${r.plan_id}`);
    // a plan made inactive with no termination recorded is not sent; a termination event ends it
    if (r.status === "INACTIVE" && event?.kind !== "terminated") continue;
    const coverage: MemberCoverage = {
      planCode: r.plan_code,
      insuranceLine: line ?? "AG",
      coverageLevel: coverageLevelOf((r.tier in TIER_COVERS ? r.tier : "IO") as Tier),
      begin: r.effective_date,
      ...(event?.kind === "terminated" ? { end: event.effective_date } : {}),
    };
    const subscriberId = subscriberKey(r.member_id);
    const subscriber: MemberSnapshot = {
      memberId: subscriberId,
      subscriberId,
      relationship: "self",
      firstName: r.first_name,
      lastName: r.last_name,
      birthDate: r.birthdate,
      gender: GENDER(r.gender),
      ...(r.address1 && r.city && r.state && r.zip
        ? { address: { line1: r.address1, line2: r.address2 ?? undefined, city: r.city, state: r.state, postalCode: r.zip } }
        : {}),
      phone: r.phone ?? undefined,
      email: r.email ?? undefined,
      coverages: [],
    };
    const source = { policyId: r.policy_id, planId: r.plan_id, memberId: r.member_id };
    put(subscriberId, subscriber, coverage, source);
    if (r.ssn_enc) ssns.set(subscriberId, r.ssn_enc);
    const covers = TIER_COVERS[r.tier] ?? [];
    for (const d of dependents) {
      if (d.enrollment_id !== r.enrollment_id || !covers.includes(d.relationship)) continue;
      const key = `${subscriberId}-${d.relationship === "spouse" ? "S" : "C"}${d.position}`;
      put(
        key,
        {
          memberId: key,
          subscriberId,
          relationship: d.relationship,
          firstName: d.first_name,
          middleName: d.middle_name ?? undefined,
          lastName: d.last_name,
          birthDate: d.birthdate,
          gender: GENDER(d.gender),
          coverages: [],
        },
        coverage,
        source,
      );
      if (d.ssn_enc) ssns.set(key, d.ssn_enc);
    }
  }
  return { members, sources, ssns };
}
