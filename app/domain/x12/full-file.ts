/**
 * The weekly full audit file (issue 29): every member the carrier should have now, each as an
 * "audit or compare" loop — INS03 030 with reason XN (notification only), one HD loop per current
 * plan with HD01 030, DTP*348 and, for a plan ending ahead, DTP*349 — in a file whose BGN08 is 4
 * (verify). The carrier compares it with its own records; it changes nothing we have sent (the
 * member snapshots stay as they are). Pure.
 */
import type { MemberChange, MemberSnapshot } from "./member-change";

/** A coverage is current on `today` (YYYY-MM-DD) while it has no end, or its end is today or later. */
const current = (end: string | undefined, today: string) => !end || end >= today;

export function fullFileChanges(members: ReadonlyMap<string, MemberSnapshot>, today: string): MemberChange[] {
  const changes: MemberChange[] = [];
  // subscribers first, each followed by their dependents, as the guide reads best
  const ordered = [...members.values()].sort(
    (a, b) =>
      a.subscriberId.localeCompare(b.subscriberId) ||
      Number(a.relationship !== "self") - Number(b.relationship !== "self") ||
      a.memberId.localeCompare(b.memberId),
  );
  for (const member of ordered) {
    const coverages = member.coverages.filter((c) => current(c.end, today));
    if (!coverages.length) continue;
    changes.push({
      kind: "audit",
      member: { ...member, coverages },
      coverages: coverages.map((coverage) => ({ maintenance: "030", coverage })),
    });
  }
  return changes;
}
