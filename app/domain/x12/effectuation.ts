/**
 * What the carrier says back: an effectuation or audit 834 read into the members it has in force,
 * and the reconciliation of that list against what we sent (the snapshots last sent).
 */
import type { MemberCoverage, MemberSnapshot } from "./member-change";
import { el, isoFromCcyymmdd, readSegments } from "./segments";

export interface CarrierMember {
  subscriberId: string;
  memberId?: string;
  relationshipCode: string;
  lastName: string;
  firstName: string;
  /** INS03: 024 = the carrier has the member cancelled or terminated. */
  maintenance?: string;
  coverages: CarrierCoverage[];
}

/** A coverage as the carrier lists it, with its HD01 (024 = cancelled or terminated). */
export interface CarrierCoverage extends MemberCoverage {
  maintenance?: string;
}

/** Reads an effectuation 834 (loops 2000/2100A/2300); null when it is not an 834. */
export function parseEffectuation834(text: string): CarrierMember[] | null {
  const read = readSegments(text);
  if (!read || !read.segments.some((s) => s.tag === "ST" && el(s, 1) === "834")) return null;
  const members: CarrierMember[] = [];
  let m: CarrierMember | null = null;
  let cov: CarrierCoverage | null = null;
  for (const s of read.segments) {
    if (s.tag === "INS") {
      m = { subscriberId: "", relationshipCode: el(s, 2), maintenance: el(s, 3), lastName: "", firstName: "", coverages: [] };
      members.push(m);
      cov = null;
    } else if (!m) continue;
    else if (s.tag === "REF" && el(s, 1) === "0F") m.subscriberId = el(s, 2);
    else if (s.tag === "REF" && el(s, 1) === "ZZ") m.memberId = el(s, 2);
    else if (s.tag === "NM1" && el(s, 1) === "IL") {
      m.lastName = el(s, 3);
      m.firstName = el(s, 4);
    } else if (s.tag === "HD") {
      cov = {
        planCode: el(s, 4),
        insuranceLine: el(s, 3) as MemberCoverage["insuranceLine"],
        coverageLevel: el(s, 5) as MemberCoverage["coverageLevel"],
        begin: "",
        maintenance: el(s, 1),
      };
      m.coverages.push(cov);
    } else if (s.tag === "DTP" && cov && el(s, 1) === "348") cov.begin = isoFromCcyymmdd(el(s, 3)) ?? el(s, 3);
    else if (s.tag === "DTP" && cov && el(s, 1) === "349") cov.end = isoFromCcyymmdd(el(s, 3)) ?? el(s, 3);
    else if (s.tag === "SE") m = null;
  }
  return members;
}

export interface ReconciliationReport {
  matched: string[];
  /** Sent and in force on our side, absent at the carrier. */
  missingAtCarrier: string[];
  /** At the carrier, never sent by us (or terminated on our side); the name is not kept (masked.ts keptReport). */
  unknownToUs: Array<{ subscriberId: string; memberId?: string; name?: string }>;
  differences: Array<{
    memberId: string;
    planCode: string;
    field: "coverage" | "coverageLevel" | "begin" | "end";
    ours: string;
    theirs: string;
  }>;
}

/**
 * Whether the carrier shows a coverage as ended: the member's INS03 or the coverage's HD01 is 024
 * (cancellation or termination), or its end date (DTP*349) is before `asOf` (ISO date).
 */
export function termedAtCarrier(member: CarrierMember, coverage: CarrierCoverage, asOf?: string): boolean {
  if (member.maintenance === "024" || coverage.maintenance === "024") return true;
  return !!(asOf && coverage.end && coverage.end < asOf);
}

/**
 * What the carrier's record says of one coverage we sent (ADR 027 addendum, effectuation):
 * `in-force` only when the carrier lists the member with that plan (HD04, as we send it), not
 * termed, and with the same begin and end dates; otherwise why not.
 */
export function carrierVerdict(
  member: CarrierMember,
  ours: MemberCoverage,
  asOf: string,
): "in-force" | "absent" | "termed" | "dates-differ" {
  const theirs = member.coverages.filter((t) => t.planCode.toUpperCase() === ours.planCode.toUpperCase());
  if (theirs.length === 0) return "absent";
  if (theirs.every((t) => termedAtCarrier(member, t, asOf))) return "termed";
  const live = theirs.filter((t) => !termedAtCarrier(member, t, asOf));
  return live.some((t) => t.begin === ours.begin && (t.end ?? "") === (ours.end ?? "")) ? "in-force" : "dates-differ";
}

/**
 * What we sent against what the carrier says, member by member (by REF*ZZ, else subscriber id + name).
 * `asOf` (ISO date): a carrier's end date before it counts as termed.
 */
export function reconcile(sent: readonly MemberSnapshot[], carrier: readonly CarrierMember[], asOf?: string): ReconciliationReport {
  const keyOf = (subscriberId: string, first: string, last: string) => `${subscriberId}|${first}|${last}`.toUpperCase();
  const ours = new Map(sent.map((m) => [m.memberId.toUpperCase(), m]));
  const oursByName = new Map(sent.map((m) => [keyOf(m.subscriberId, fold(m.firstName), fold(m.lastName)), m]));
  const report: ReconciliationReport = { matched: [], missingAtCarrier: [], unknownToUs: [], differences: [] };
  const seen = new Set<string>();
  for (const c of carrier) {
    const m = (c.memberId && ours.get(c.memberId.toUpperCase())) || oursByName.get(keyOf(c.subscriberId, c.firstName, c.lastName));
    if (!m) {
      report.unknownToUs.push({ subscriberId: c.subscriberId, memberId: c.memberId, name: `${c.firstName} ${c.lastName}` });
      continue;
    }
    seen.add(m.memberId);
    const theirs = new Map(c.coverages.map((x) => [x.planCode.toUpperCase(), x]));
    let same = true;
    for (const cov of m.coverages) {
      const t = theirs.get(cov.planCode.toUpperCase());
      const diff = (field: ReconciliationReport["differences"][number]["field"], a: string, b: string) => {
        if (a !== b) {
          same = false;
          report.differences.push({ memberId: m.memberId, planCode: cov.planCode, field, ours: a, theirs: b });
        }
      };
      if (!t) diff("coverage", "enrolled", "absent");
      else {
        // in force on our side, ended at the carrier: the operator sees it as a discrepancy
        if (!cov.end && termedAtCarrier(c, t, asOf)) diff("coverage", "enrolled", "termed");
        diff("coverageLevel", cov.coverageLevel, t.coverageLevel);
        diff("begin", cov.begin, t.begin);
        diff("end", cov.end ?? "", t.end ?? "");
      }
      theirs.delete(cov.planCode.toUpperCase());
    }
    for (const t of theirs.values()) {
      same = false;
      report.differences.push({ memberId: m.memberId, planCode: t.planCode, field: "coverage", ours: "absent", theirs: "enrolled" });
    }
    if (same) report.matched.push(m.memberId);
  }
  for (const m of sent) if (!seen.has(m.memberId) && m.coverages.some((c) => !c.end)) report.missingAtCarrier.push(m.memberId);
  return report;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
