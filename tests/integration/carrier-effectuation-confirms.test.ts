/**
 * Correctness review (ADR 027 addendum, effectuation): an effectuation 834 confirms a change only
 * where the carrier lists the member with an active coverage of the change's plan (HD04, as we send
 * it) and the same dates. A member the carrier shows as termed (INS03 or HD01 024, or an end date
 * past) or without the plan stays as it was and is a discrepancy in the reconciliation report. A
 * change still only "sent" may be confirmed, and a later 999 rejecting its transaction still
 * rejects it: the carrier's latest word wins.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { receiveFeeds } from "~/.server/carriers/receive";
import { carrierFileDetail } from "~/.server/carriers/console";
import { carrierProfiles } from "~/.server/repositories/carrier-feed";
import type { MemberSnapshot } from "~/domain/x12/member-change";

const CARRIER = "brightsmile";

function x12(gs: string, st: string, body: string[], n: number) {
  return [
    `ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*${String(n).padStart(9, "0")}*0*T*:`,
    `GS*${gs}*BRIGHTSMILE*BENEFITSTORE*20261120*1600*${n}*X*005010X220A1`,
    `ST*${st}*0001*005010X220A1`,
    ...body,
    `SE*${body.length + 2}*0001`,
    `GE*1*${n}`,
    `IEA*1*${String(n).padStart(9, "0")}`,
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

/** An effectuation 834 listing one member (REF*ZZ) with the given INS03 and coverage lines. */
function effectuation(memberKey: string, ins03: string, coverages: string[][], n: number) {
  return x12(
    "BE",
    "834",
    [
      "BGN*00*EFF*20261120*1600****4",
      `INS*Y*18*${ins03}*28*A***FT`,
      "REF*0F*S1",
      `REF*ZZ*${memberKey}`,
      "NM1*IL*1*GARCIA*ANA",
      ...coverages.flat(),
    ],
    n,
  );
}

const hd = (hd01: string, plan: string, begin: string, end?: string) => [
  `HD*${hd01}**DEN*${plan}*EMP`,
  `DTP*348*D8*${begin.replaceAll("-", "")}`,
  ...(end ? [`DTP*349*D8*${end.replaceAll("-", "")}`] : []),
];

const reject999 = (group: number, n: number) =>
  x12("FA", "999", [`AK1*BE*${group}*005010X220A1`, "AK2*834*0001*005010X220A1", "IK5*R*5", "AK9*R*1*1*0"], n);

describeEachDatabase("an effectuation 834 confirms a change only where the carrier has it in force", (kind) => {
  let app: TestApp;
  let root: string;
  let carrierId: number;
  let plan: { id: number; code: string };
  let seq = 0;
  const db = () => app.store.db;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-effectuation-confirms-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-12-15T15:00:00Z");
    carrierId = (await carrierProfiles(app.services.db, { carrierCode: CARRIER }))[0].carrier_id;
    plan = await db().selectFrom("plans").select(["id", "code"]).orderBy("id").executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** A file we sent with one add for `memberKey` (plan, begin 2026-12-01), its change in `status`. */
  async function sentChange(memberKey: string, status: "sent" | "accepted") {
    seq++;
    const controlNumber = 900 + seq;
    const file = await db()
      .insertInto("carrier_files")
      .values({
        carrier_id: carrierId,
        direction: "out",
        name: `out-${seq}.834`,
        format: "834",
        status: status === "sent" ? "sent" : "accepted",
        control_number: controlNumber,
        digest: `d${seq}`,
        content: "",
        problems_json: null,
        report_json: null,
        member_count: 1,
        last_error: null,
        created_at: "2026-11-20T10:00:00.000Z",
        sent_at: "2026-11-20T10:00:00.000Z",
        acknowledged_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("carrier_transactions")
      .values({ file_id: file.id, control_number: "0001", status: "sent", errors_json: null, acknowledged_at: null })
      .execute();
    const change = await db()
      .insertInto("carrier_member_changes")
      .values({
        carrier_id: carrierId,
        file_id: file.id,
        member_key: memberKey,
        member_id: null,
        policy_id: null,
        plan_id: plan.id,
        kind: "add",
        maintenance: "021",
        loop_start: 2,
        loop_end: 20,
        status,
        errors_json: null,
        before_json: null,
        created_at: "2026-11-20T10:00:00.000Z",
        decided_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const snapshot: MemberSnapshot = {
      memberId: memberKey,
      subscriberId: "S1",
      relationship: "self",
      firstName: "Ana",
      lastName: "Garcia",
      birthDate: "1990-01-01",
      gender: "F",
      coverages: [{ planCode: plan.code, insuranceLine: "DEN", coverageLevel: "EMP", begin: "2026-12-01" }],
    } as MemberSnapshot;
    await db()
      .insertInto("carrier_member_snapshots")
      .values({
        carrier_id: carrierId,
        member_key: memberKey,
        snapshot_json: JSON.stringify(snapshot),
        file_id: file.id,
        updated_at: "2026-11-20T10:00:00.000Z",
      })
      .execute();
    return { fileId: file.id, controlNumber, changeId: change.id };
  }

  async function receive(name: string, text: string) {
    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
    const [report] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.failed).toEqual([]);
    return report.read[0];
  }
  const statusOf = async (id: number) =>
    (await db().selectFrom("carrier_member_changes").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const lastReport = async () => {
    const row = await db()
      .selectFrom("carrier_files")
      .selectAll()
      .where("direction", "=", "in")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { row, report: JSON.parse(row.report_json!) };
  };

  it("the plan in force with the same dates: the change is effective", async () => {
    const { changeId } = await sentChange("M-OK", "accepted");
    const read = await receive("ok.834", effectuation("M-OK", "030", [hd("030", plan.code, "2026-12-01")], 801));
    expect(read).toMatchObject({ kind: "effectuation", matched: 1 });
    expect(await statusOf(changeId)).toBe("effective");
    expect((await lastReport()).report.matched).toContain("M-OK");
  });

  it("the member termed at the carrier (INS03 024): not effective, a discrepancy the operator sees", async () => {
    const { changeId } = await sentChange("M-INS024", "accepted");
    const read = await receive("ins024.834", effectuation("M-INS024", "024", [hd("024", plan.code, "2026-12-01")], 802));
    expect(read).toMatchObject({ kind: "effectuation", matched: 0 });
    expect(await statusOf(changeId)).toBe("accepted");
    const { row, report } = await lastReport();
    expect(report.differences).toContainEqual({
      memberId: "M-INS024",
      planCode: plan.code,
      field: "coverage",
      ours: "enrolled",
      theirs: "termed",
    });
    const operator = await db().selectFrom("operators").select("id").executeTakeFirstOrThrow();
    const detail = await carrierFileDetail(app.services, { operatorId: operator.id } as never, row.id);
    expect(detail?.report?.differences).toContainEqual(expect.objectContaining({ memberId: "M-INS024", theirs: "termed" }));
    // kept masked: no name, no subscriber id in the clear
    expect(`${row.report_json} ${row.content}`).not.toContain("GARCIA");
  });

  it("the coverage termed at the carrier (HD01 024, member still listed 030): not effective", async () => {
    const { changeId } = await sentChange("M-HD024", "accepted");
    await receive("hd024.834", effectuation("M-HD024", "030", [hd("024", plan.code, "2026-12-01")], 803));
    expect(await statusOf(changeId)).toBe("accepted");
    expect((await lastReport()).report.differences).toContainEqual(expect.objectContaining({ memberId: "M-HD024", theirs: "termed" }));
  });

  it("an end date already past at the carrier: not effective, termed", async () => {
    const { changeId } = await sentChange("M-ENDED", "accepted");
    await receive("ended.834", effectuation("M-ENDED", "030", [hd("030", plan.code, "2026-12-01", "2026-12-10")], 804));
    expect(await statusOf(changeId)).toBe("accepted");
    expect((await lastReport()).report.differences).toContainEqual(
      expect.objectContaining({ memberId: "M-ENDED", field: "coverage", theirs: "termed" }),
    );
  });

  it("another plan only: not effective, the plan absent at the carrier", async () => {
    const { changeId } = await sentChange("M-OTHER", "accepted");
    await receive("other.834", effectuation("M-OTHER", "030", [hd("030", "NOT-OUR-PLAN", "2026-12-01")], 805));
    expect(await statusOf(changeId)).toBe("accepted");
    expect((await lastReport()).report.differences).toContainEqual({
      memberId: "M-OTHER",
      planCode: plan.code,
      field: "coverage",
      ours: "enrolled",
      theirs: "absent",
    });
  });

  it("the plan with another begin date: not effective, the dates a discrepancy", async () => {
    const { changeId } = await sentChange("M-DATES", "accepted");
    await receive("dates.834", effectuation("M-DATES", "030", [hd("030", plan.code, "2027-01-01")], 806));
    expect(await statusOf(changeId)).toBe("accepted");
    expect((await lastReport()).report.differences).toContainEqual({
      memberId: "M-DATES",
      planCode: plan.code,
      field: "begin",
      ours: "2026-12-01",
      theirs: "2027-01-01",
    });
  });

  it("a change still only sent may be confirmed; a later 999 rejecting its transaction rejects it (the latest word wins)", async () => {
    const { changeId, controlNumber } = await sentChange("M-SENT", "sent");
    await receive("sent.834", effectuation("M-SENT", "030", [hd("030", plan.code, "2026-12-01")], 807));
    expect(await statusOf(changeId)).toBe("effective");
    const read = await receive("late-999.x12", reject999(controlNumber, 808));
    expect(read).toMatchObject({ kind: "999", matched: 1 });
    expect(await statusOf(changeId)).toBe("rejected");
    // its snapshot is put back (none before the add): the next run sends it again
    expect(
      await db().selectFrom("carrier_member_snapshots").select("member_key").where("member_key", "=", "M-SENT").executeTakeFirst(),
    ).toBeUndefined();
  });
});
