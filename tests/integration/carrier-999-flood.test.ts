/**
 * Security review (hostile acknowledgments): a 999 from the carrier may list as many IK3/IK4 errors
 * and repeat an AK2 as often as its file allows. Every error outside the members' loops was copied
 * into the errors of every member change (each change's errors_json holding all of them), the
 * errors outside loops were recomputed per change (changes² × errors), and a repeated AK2 decided
 * the file again each time — on the web process's event loop when the console's "Send now" runs it.
 * What is kept per transaction set is now capped, with the count of the rest.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { sendFeeds } from "~/.server/carriers/send";
import { receiveFeeds } from "~/.server/carriers/receive";

const CARRIER = "brightsmile";
/** MAX_ERRORS_PER_TRANSACTION (domain/x12/acknowledgments.ts); a literal, so the test reads the same on a tree without it. */
const MAX_ERRORS_PER_TRANSACTION = 100;

function flood999(group: number, st02: string, errors: number, repeats: number) {
  const body = ["ST*999*0001*005010X231A1", `AK1*BE*${group}*005010X220A1`];
  for (let r = 0; r < repeats; r++) {
    body.push(`AK2*834*${st02}*005010X220A1`);
    for (let i = 0; i < errors; i++) body.push("IK3*BGN*2**8", "IK4*1*353*7*X");
    body.push("IK5*R*5");
  }
  body.push("AK9*R*1*1*0");
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000781*0*T*:",
    "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*781*X*005010X231A1",
    ...body,
    `SE*${body.length + 1}*0001`,
    "GE*1*781",
    "IEA*1*000000781",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

describeEachDatabase("a 999 flooding errors and repeating its AK2 (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-999-flood-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps a bounded list of errors per transaction and per change, with the count of the rest", async () => {
    const [sent] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    const out = await app.store.db.selectFrom("carrier_files").selectAll().where("name", "=", sent.file!.name).executeTakeFirstOrThrow();
    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, "999-flood.x12"),
      flood999(out.control_number!, String(out.control_number!).padStart(4, "0"), 20_000, 3),
    );
    const [received] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(received.failed).toEqual([]);
    expect(received.read).toEqual([{ name: "999-flood.x12", kind: "999", matched: 1 }]);

    const changes = await app.store.db
      .selectFrom("carrier_member_changes")
      .select(["status", "errors_json"])
      .where("file_id", "=", out.id)
      .execute();
    expect(changes.length).toBeGreaterThan(0);
    const sizes = changes.map((c) => (JSON.parse(c.errors_json!) as unknown[]).length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_ERRORS_PER_TRANSACTION);
    for (const c of changes) {
      expect(c.status).toBe("rejected");
      expect((JSON.parse(c.errors_json!) as unknown[]).length).toBeLessThanOrEqual(MAX_ERRORS_PER_TRANSACTION);
    }
    const [tx] = await app.store.db.selectFrom("carrier_transactions").select("errors_json").where("file_id", "=", out.id).execute();
    const kept = JSON.parse(tx.errors_json!) as { errors: unknown[]; omittedErrors?: number };
    expect(kept.errors.length).toBe(MAX_ERRORS_PER_TRANSACTION);
    expect(kept.omittedErrors).toBe(60_000 - MAX_ERRORS_PER_TRANSACTION);
    const [ack] = await app.store.db.selectFrom("carrier_acknowledgments").select("detail_json").execute();
    expect(ack.detail_json.length).toBeLessThan(200_000);
  });
});
