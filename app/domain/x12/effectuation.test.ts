import { describe, expect, it } from "vitest";
import { addFile, daughter, household, spouse, subscriber } from "./__golden__/fixtures";
import { type CarrierMember, carrierVerdict, parseEffectuation834, reconcile } from "./effectuation";

describe("effectuation and reconciliation", () => {
  it("reads the members an 834 holds, with their coverages", () => {
    const members = parseEffectuation834(addFile())!;
    expect(members.map((m) => [m.memberId, m.relationshipCode, m.firstName])).toEqual([
      ["M-100042-1", "18", "MARIA"],
      ["M-100042-2", "01", "DANIEL"],
      ["M-100042-3", "19", "LUCIA"],
    ]);
    expect(members[0].coverages).toEqual([
      { planCode: "BSD-PPO-1500", insuranceLine: "DEN", maintenance: "021", coverageLevel: "FAM", begin: "2027-01-01" },
      { planCode: "CLV-VIS-130", insuranceLine: "VIS", maintenance: "021", coverageLevel: "FAM", begin: "2027-01-01" },
    ]);
    expect(parseEffectuation834("nothing")).toBeNull();
  });

  it("matches everything when the carrier echoes what we sent", () => {
    const report = reconcile([...household.values()], parseEffectuation834(addFile())!);
    expect(report).toEqual({ matched: ["M-100042-1", "M-100042-2", "M-100042-3"], missingAtCarrier: [], unknownToUs: [], differences: [] });
  });

  it("lists members missing at the carrier, unknown to us, and coverage differences", () => {
    const carrier = parseEffectuation834(
      addFile().replace("REF*ZZ*M-100042-3~", "REF*ZZ*M-999~").replace("NM1*IL*1*PENA*LUCIA~", "NM1*IL*1*PENA*ROSA~"),
    )!;
    carrier[1].coverages[0].coverageLevel = "ESP";
    carrier[1].coverages.pop();
    const report = reconcile([subscriber, spouse, daughter], carrier);
    expect(report.matched).toEqual(["M-100042-1"]);
    expect(report.missingAtCarrier).toEqual(["M-100042-3"]);
    expect(report.unknownToUs).toEqual([{ subscriberId: "BS100042", memberId: "M-999", name: "ROSA PENA" }]);
    expect(report.differences).toEqual([
      { memberId: "M-100042-2", planCode: "BSD-PPO-1500", field: "coverageLevel", ours: "FAM", theirs: "ESP" },
      { memberId: "M-100042-2", planCode: "CLV-VIS-130", field: "coverage", ours: "enrolled", theirs: "absent" },
    ]);
  });
});

describe("carrierVerdict (ADR 027 addendum, effectuation)", () => {
  const ours = { planCode: "D1", insuranceLine: "DEN", coverageLevel: "EMP", begin: "2026-12-01" } as const;
  const member = (maintenance: string, coverages: CarrierMember["coverages"]): CarrierMember => ({
    subscriberId: "S1",
    memberId: "M1",
    relationshipCode: "18",
    maintenance,
    lastName: "A",
    firstName: "B",
    coverages,
  });
  it("in force only with the plan, not termed, and the same dates", () => {
    expect(carrierVerdict(member("030", [{ ...ours, maintenance: "030" }]), ours, "2026-12-15")).toBe("in-force");
    expect(carrierVerdict(member("024", [{ ...ours, maintenance: "030" }]), ours, "2026-12-15")).toBe("termed");
    expect(carrierVerdict(member("030", [{ ...ours, maintenance: "024" }]), ours, "2026-12-15")).toBe("termed");
    expect(carrierVerdict(member("030", [{ ...ours, end: "2026-12-10" }]), ours, "2026-12-15")).toBe("termed");
    expect(carrierVerdict(member("030", [{ ...ours, planCode: "D2" }]), ours, "2026-12-15")).toBe("absent");
    expect(carrierVerdict(member("030", [{ ...ours, begin: "2027-01-01" }]), ours, "2026-12-15")).toBe("dates-differ");
  });
});
