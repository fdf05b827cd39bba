/**
 * Security review (where sensitive data ends up): a carrier's 999 that rejects NM109 copies the
 * bad value — the member's SSN we sent — into IK404. The inbound file is kept sealed, but the
 * clear copies (the file's `content`, the acknowledgment's `detail_json`, the transaction's and
 * the member change's `errors_json`) must not hold the SSN either (DESIGN "Sensitive data", ADR 024).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { sendFeeds } from "~/.server/carriers/send";
import { receiveFeeds } from "~/.server/carriers/receive";
import { readSegments } from "~/domain/x12/segments";

const CARRIER = "brightsmile";
const SSN = "123456789";

/** A 999 rejecting element 9 of the segment at `position` (the member's NM1), IK404 echoing the value. */
function reject999(group: number, st02: string, position: number, value: string) {
  const body = [
    "ST*999*0001*005010X231A1",
    `AK1*BE*${group}*005010X220A1`,
    `AK2*834*${st02}*005010X220A1`,
    `IK3*NM1*${position}*2100A*8`,
    `IK4*9*67*7*${value}`,
    "IK5*R*5",
    "AK9*R*1*1*0",
  ];
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000778*0*T*:",
    "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*778*X*005010X231A1",
    ...body,
    `SE*${body.length + 1}*0001`,
    "GE*1*778",
    "IEA*1*000000778",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

describeEachDatabase("a 999 echoing a member's SSN in IK404 (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  const logs: string[] = [];
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-999-ssn-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root }, logTo: logs });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const db = () => app.store.db;

  it("no clear column keeps the SSN the carrier echoed back", async () => {
    const [baseline] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const first = await db().selectFrom("carrier_files").select("id").where("name", "=", baseline.file!.name).executeTakeFirstOrThrow();
    const change = await db().selectFrom("carrier_member_changes").selectAll().where("file_id", "=", first.id).executeTakeFirstOrThrow();
    await db()
      .updateTable("members")
      .set({ ssn_enc: app.services.cipher.encrypt("123-45-6789"), ssn_last4: "6789", address1: "200 Elm St" })
      .where("id", "=", change.member_id!)
      .execute();
    const [report] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const out = await db().selectFrom("carrier_files").selectAll().where("name", "=", report.file!.name).executeTakeFirstOrThrow();
    const delivered = fs.readFileSync(path.join(root, CARRIER, "outbound", out.name), "utf8");
    const segments = readSegments(delivered)!.segments;
    const st = segments.findIndex((s) => s.tag === "ST");
    const nm1 = segments.findIndex((s) => s.tag === "NM1" && s.elements[1] === "IL" && s.elements[9] === SSN);
    expect(nm1).toBeGreaterThan(st);

    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "999-ssn.x12"),
      reject999(out.control_number!, String(out.control_number!).padStart(4, "0"), nm1 - st + 1, SSN),
    );
    const [received] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(received.read).toEqual([{ name: "999-ssn.x12", kind: "999", matched: 1 }]);

    const clear = {
      "carrier_files.content": (await db().selectFrom("carrier_files").select("content").where("direction", "=", "in").execute()).map(
        (r) => r.content,
      ),
      "carrier_acknowledgments.detail_json": (await db().selectFrom("carrier_acknowledgments").select("detail_json").execute()).map(
        (r) => r.detail_json,
      ),
      "carrier_transactions.errors_json": (await db().selectFrom("carrier_transactions").select("errors_json").execute()).map(
        (r) => r.errors_json,
      ),
      "carrier_member_changes.errors_json": (await db().selectFrom("carrier_member_changes").select("errors_json").execute()).map(
        (r) => r.errors_json,
      ),
    };
    const holding = Object.entries(clear)
      .filter(([, values]) => values.some((v) => v?.includes(SSN)))
      .map(([column]) => column);
    expect(holding).toEqual([]);
    expect(logs.join("\n")).not.toContain(SSN);
  });
});
