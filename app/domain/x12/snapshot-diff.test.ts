import { describe, expect, it } from "vitest";
import { daughter, household, subscriber } from "./__golden__/fixtures";
import type { MemberSnapshot } from "./member-change";
import { diffFeed, diffMember } from "./snapshot-diff";

const TODAY = "2026-11-27";
const sentOnce = () => diffFeed(new Map(), household, TODAY).snapshots;
const summary = (changes: ReturnType<typeof diffFeed>["changes"]) =>
  changes.map((c) => `${c.member.memberId}:${c.kind}:${c.coverages.map((x) => `${x.maintenance}/${x.coverage.planCode}`).join(",")}`);

describe("the member-snapshot diff", () => {
  it("adds the subscriber and each dependent on a completed enrollment, subscriber first", () => {
    const { changes } = diffFeed(new Map(), household, TODAY);
    expect(changes.map((c) => [c.member.memberId, c.kind, c.eligibilityBegin])).toEqual([
      ["M-100042-1", "add", "2027-01-01"],
      ["M-100042-2", "add", "2027-01-01"],
      ["M-100042-3", "add", "2027-01-01"],
    ]);
    expect(changes[0].coverages.map((c) => c.maintenance)).toEqual(["021", "021"]);
  });

  it("sends nothing the second time, with the updated snapshot", () => {
    const first = diffFeed(new Map(), household, TODAY);
    const second = diffFeed(first.snapshots, household, TODAY);
    expect(second.changes).toEqual([]);
    expect(diffFeed(second.snapshots, household, "2027-06-01").changes).toEqual([]);
  });

  it("terminates (024, DTP*349 end) when every plan ends, and only once", () => {
    const sent = sentOnce();
    const now = new Map([...sent].map(([id, m]) => [id, { ...m, coverages: m.coverages.map((c) => ({ ...c, end: "2027-03-31" })) }]));
    const run = diffFeed(sent, now, TODAY);
    expect(run.changes.map((c) => c.kind)).toEqual(["terminate", "terminate", "terminate"]);
    expect(run.changes[0].eligibilityEnd).toBe("2027-03-31");
    expect(run.changes[0].coverages.every((c) => c.maintenance === "024" && c.coverage.end === "2027-03-31")).toBe(true);
    expect(diffFeed(run.snapshots, now, TODAY).changes).toEqual([]);
  });

  it("terminates a member who left the enrollment as of the feed's day", () => {
    const sent = sentOnce();
    const now = new Map(household);
    now.delete(daughter.memberId);
    const run = diffFeed(sent, now, TODAY);
    expect(summary(run.changes)).toEqual(["M-100042-3:terminate:024/BSD-PPO-1500,024/CLV-VIS-130"]);
    expect(run.changes[0].eligibilityEnd).toBe(TODAY);
    expect(diffFeed(run.snapshots, now, TODAY).changes).toEqual([]);
  });

  it("sends a change (001) for a new address, with no coverage loop", () => {
    const sent = sentOnce();
    const moved: MemberSnapshot = { ...subscriber, address: { line1: "9 Elm St", city: "Plano", state: "TX", postalCode: "75023" } };
    const run = diffFeed(sent, new Map(household).set(moved.memberId, moved), TODAY);
    expect(summary(run.changes)).toEqual(["M-100042-1:change:"]);
    expect(diffFeed(run.snapshots, new Map(household).set(moved.memberId, moved), TODAY).changes).toEqual([]);
  });

  it("sends a change with HD 021 for a plan added and HD 024 for a plan dropped", () => {
    const sent = sentOnce();
    const swapped: MemberSnapshot = {
      ...subscriber,
      coverages: [subscriber.coverages[0], { planCode: "MED-1", insuranceLine: "HLT", coverageLevel: "FAM", begin: "2027-02-01" }],
    };
    const run = diffFeed(
      sent,
      new Map([[subscriber.memberId, swapped]]).set(daughter.memberId, daughter).set("M-100042-2", household.get("M-100042-2")!),
      TODAY,
    );
    expect(summary(run.changes)).toEqual(["M-100042-1:change:021/MED-1,024/CLV-VIS-130"]);
    expect(run.changes[0].coverages[1].coverage.end).toBe(TODAY);
  });

  it("sends a change (001) for a new coverage level", () => {
    const sent = sentOnce();
    const level: MemberSnapshot = { ...subscriber, coverages: subscriber.coverages.map((c) => ({ ...c, coverageLevel: "ESP" })) };
    const change = diffMember(sent.get(subscriber.memberId), level, TODAY)!;
    expect(change.kind).toBe("change");
    expect(change.coverages.map((c) => c.maintenance)).toEqual(["001", "001"]);
  });

  it("reinstates (025) a terminated member whose plans are open again, then stays quiet", () => {
    const ended: MemberSnapshot = { ...subscriber, coverages: subscriber.coverages.map((c) => ({ ...c, end: "2027-03-31" })) };
    const change = diffMember(ended, subscriber, TODAY)!;
    expect(change.kind).toBe("reinstate");
    expect(change.coverages.map((c) => c.maintenance)).toEqual(["025", "025"]);
    expect(diffMember(subscriber, subscriber, TODAY)).toBeNull();
  });

  it("sends nothing for a member never sent and not enrolled, or ended and still ended", () => {
    const ended: MemberSnapshot = { ...subscriber, coverages: subscriber.coverages.map((c) => ({ ...c, end: "2027-03-31" })) };
    expect(diffMember(undefined, ended, TODAY)).toBeNull();
    expect(diffMember(undefined, undefined, TODAY)).toBeNull();
    expect(diffMember(ended, ended, TODAY)).toBeNull();
  });

  it("treats an absent optional field and an empty one alike (no spurious change)", () => {
    expect(diffMember({ ...daughter, middleName: undefined }, { ...daughter, middleName: "" }, TODAY)).toBeNull();
  });
});
