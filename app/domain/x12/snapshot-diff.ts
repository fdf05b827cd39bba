/**
 * The carrier feed is a diff, not a log: per member, the snapshot last sent against the state now.
 * Adds (021/28), terminations (024 with DTP*349), changes (001) and reinstatements (025); a member
 * whose state equals what was sent yields nothing, so a second run with the updated snapshots sends
 * nothing twice.
 */
import type { CoverageChange, MemberChange, MemberCoverage, MemberSnapshot } from "./member-change";

/**
 * A member is active while one coverage has no end date. A termination is sent as soon as it is
 * known, with its end date (DTP*349), even when that day is still ahead.
 */
export const isActive = (m: MemberSnapshot | undefined) => !!m && m.coverages.some((c) => !c.end);
const open = (m: MemberSnapshot) => m.coverages.filter((c) => !c.end);

const byPlan = (m: MemberSnapshot | undefined) => new Map((m?.coverages ?? []).map((c) => [c.planCode, c]));
const sameCoverage = (a: MemberCoverage, b: MemberCoverage) =>
  a.insuranceLine === b.insuranceLine && a.coverageLevel === b.coverageLevel && a.begin === b.begin && (a.end ?? "") === (b.end ?? "");

/** The member fields a carrier keeps (everything but the coverages) are the same. */
const sameDemographics = (a: MemberSnapshot, b: MemberSnapshot) => sameSnapshot({ ...a, coverages: [] }, { ...b, coverages: [] });

/** A value with object keys sorted and undefined dropped, so {a:1,b:undefined} equals {a:1}. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined && (value as Record<string, unknown>)[k] !== "")
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Whether two snapshots say the same thing to a carrier. */
export const sameSnapshot = (a: MemberSnapshot, b: MemberSnapshot) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The change one member needs, or null when the carrier already has the state now. */
export function diffMember(lastSent: MemberSnapshot | undefined, now: MemberSnapshot | undefined, today: string): MemberChange | null {
  const wasActive = isActive(lastSent);
  const activeNow = isActive(now);

  if (!lastSent) {
    if (!now || !activeNow) return null; // never sent and nothing to send
    const live = open(now);
    return {
      kind: "add",
      member: now,
      coverages: live.map((coverage) => ({ maintenance: "021", coverage })),
      eligibilityBegin: earliest(live.map((c) => c.begin)),
    };
  }

  if (!now || (wasActive && !activeNow)) {
    // gone from the enrollment, or every plan ended: terminate what the carrier has open
    const ended = now ?? lastSent;
    const endOf = (c: MemberCoverage) => byPlan(ended).get(c.planCode)?.end ?? c.end ?? today;
    const coverages = lastSent.coverages
      .filter((c) => !c.end || endOf(c) !== c.end)
      .map((c): CoverageChange => ({ maintenance: "024", coverage: { ...c, end: endOf(c) } }));
    if (coverages.length === 0) return null;
    return {
      kind: "terminate",
      member: ended,
      coverages,
      eligibilityEnd: latest(coverages.map((c) => c.coverage.end!)),
    };
  }

  if (!wasActive && activeNow) {
    const live = open(now);
    return {
      kind: "reinstate",
      member: now,
      coverages: live.map((coverage) => ({ maintenance: "025", coverage })),
      eligibilityBegin: earliest(live.map((c) => c.begin)),
    };
  }

  if (!wasActive && !activeNow) {
    // terminated then, terminated now: only a corrected end date would need telling
    return null;
  }

  if (sameSnapshot(lastSent, now)) return null;

  // active then and now: what changed, coverage by coverage
  const before = byPlan(lastSent);
  const after = byPlan(now);
  const coverages: CoverageChange[] = [];
  for (const [plan, c] of after) {
    const old = before.get(plan);
    if (!old) coverages.push({ maintenance: "021", coverage: c });
    else if (!sameCoverage(old, c)) coverages.push({ maintenance: c.end && c.end !== old.end ? "024" : "001", coverage: c });
  }
  for (const [plan, old] of before) {
    if (!after.has(plan) && !old.end) coverages.push({ maintenance: "024", coverage: { ...old, end: old.end ?? today } });
  }
  if (coverages.length === 0 && sameDemographics(lastSent, now)) return null;
  return { kind: "change", member: now, coverages };
}

/** What the carrier will know once a change is accepted: the next snapshot to keep for the member. */
export function snapshotAfter(lastSent: MemberSnapshot | undefined, change: MemberChange | null): MemberSnapshot | undefined {
  if (!change) return lastSent;
  if (change.kind !== "terminate") return change.member;
  // a termination keeps every coverage the carrier had, with its end
  const ends = new Map(change.coverages.map((c) => [c.coverage.planCode, c.coverage.end]));
  const base = lastSent ?? change.member;
  return { ...change.member, coverages: base.coverages.map((c) => (ends.has(c.planCode) ? { ...c, end: ends.get(c.planCode) } : c)) };
}

export interface FeedDiff {
  /** Member loops to send, subscribers before their dependents, grouped by subscriber. */
  changes: MemberChange[];
  /** The snapshot per member id to keep once the file is accepted (unchanged members included). */
  snapshots: Map<string, MemberSnapshot>;
}

/**
 * The whole feed for one carrier: last-sent snapshots against the state now (both keyed by
 * member id). Pure; running it again with `snapshots` as the new last-sent yields no change.
 */
export function diffFeed(lastSent: ReadonlyMap<string, MemberSnapshot>, now: ReadonlyMap<string, MemberSnapshot>, today: string): FeedDiff {
  const ids = [...new Set([...lastSent.keys(), ...now.keys()])];
  const changes: MemberChange[] = [];
  const snapshots = new Map<string, MemberSnapshot>();
  for (const id of ids) {
    const before = lastSent.get(id);
    const change = diffMember(before, now.get(id), today);
    if (change) changes.push(change);
    const next = snapshotAfter(before, change);
    if (next) snapshots.set(id, next);
  }
  const rank = { self: 0, spouse: 1, child: 2 } as const;
  changes.sort(
    (a, b) =>
      cmp(a.member.subscriberId, b.member.subscriberId) ||
      rank[a.member.relationship] - rank[b.member.relationship] ||
      cmp(a.member.birthDate, b.member.birthDate) ||
      cmp(a.member.memberId, b.member.memberId),
  );
  return { changes, snapshots };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const earliest = (dates: string[]) => [...dates].sort()[0];
const latest = (dates: string[]) => [...dates].sort().at(-1);
