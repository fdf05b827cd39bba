/**
 * Security review (an acknowledgment applied to the wrong file): control numbers were counted per
 * trading pair (sender id, receiver id) but acknowledgments are matched per carrier. When an operator
 * changed the carrier's receiver (or our sender) id, the new pair counted from 1 again: the next file
 * took a number an earlier file of the same carrier already had, and the carrier's 999 rejecting the
 * new file was applied to the old one — the new file's rejected members were never sent again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { sendFeeds } from "~/.server/carriers/send";
import { receiveFeeds } from "~/.server/carriers/receive";

const CARRIER = "brightsmile";

function reject999(group: number, st02: string) {
  const body = ["ST*999*0001*005010X231A1", `AK1*BE*${group}*005010X220A1`, `AK2*834*${st02}*005010X220A1`, "IK5*R*5", "AK9*R*1*1*0"];
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE2   *30*741234567      *261120*1600*^*00501*000000901*0*T*:",
    "GS*FA*BRIGHTSMILE2*BENEFITSTORE*20261120*1600*901*X*005010X231A1",
    ...body,
    `SE*${body.length + 1}*0001`,
    "GE*1*901",
    "IEA*1*000000901",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

describeEachDatabase("a carrier's ids changed: control numbers and acknowledgments (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-control-reuse-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const db = () => app.store.db;

  it("a file after the change takes a number none of the carrier's files had; the 999 names it alone", async () => {
    const [first] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const old = await db().selectFrom("carrier_files").selectAll().where("name", "=", first.file!.name).executeTakeFirstOrThrow();
    const carrier = await db().selectFrom("carriers").select("id").where("code", "=", CARRIER).executeTakeFirstOrThrow();
    await db().updateTable("carrier_profiles").set({ receiver_id: "BRIGHTSMILE2" }).where("carrier_id", "=", carrier.id).execute();
    // a member's change, so that a second file goes
    const change = await db().selectFrom("carrier_member_changes").selectAll().where("file_id", "=", old.id).executeTakeFirstOrThrow();
    await db().updateTable("members").set({ address1: "200 Elm St" }).where("id", "=", change.member_id!).execute();
    const [second] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const fresh = await db().selectFrom("carrier_files").selectAll().where("name", "=", second.file!.name).executeTakeFirstOrThrow();
    const numbers = await db()
      .selectFrom("carrier_files")
      .select("control_number")
      .where("carrier_id", "=", carrier.id)
      .where("direction", "=", "out")
      .where("id", "!=", fresh.id)
      .execute();
    expect(numbers.map((r) => r.control_number)).not.toContain(fresh.control_number);

    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "999-new.x12"), reject999(fresh.control_number!, String(fresh.control_number!).padStart(4, "0")));
    const [received] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(received.read).toEqual([{ name: "999-new.x12", kind: "999", matched: 1 }]);
    const after = await db()
      .selectFrom("carrier_files")
      .select(["id", "status"])
      .where("id", "in", [old.id, fresh.id])
      .orderBy("id")
      .execute();
    expect(after).toEqual([
      { id: old.id, status: old.status },
      { id: fresh.id, status: "rejected" },
    ]);
  });
});
