/**
 * Security review (where sensitive data ends up): a carrier's effectuation 834 may name members
 * we do not know, by a subscriber id that is an SSN at some carriers (REF*0F) and by name. The
 * reconciliation report kept in `report_json` holds neither (masked.ts keptReport); the console
 * still lists the member by the masked id.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { receiveFeeds } from "~/.server/carriers/receive";
import { carrierFileDetail } from "~/.server/carriers/console";

const CARRIER = "brightsmile";
const SSN = "123456789";

const effectuation = [
  "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000779*0*T*:",
  "GS*BE*BRIGHTSMILE*BENEFITSTORE*20261120*1600*779*X*005010X220A1",
  "ST*834*0001*005010X220A1",
  "BGN*00*EFF1*20261120*1600****4",
  "INS*Y*18*021*28*A***FT",
  `REF*0F*${SSN}`,
  `NM1*IL*1*STRANGER*ROSA****34*${SSN}`,
  "HD*021**DEN*D1*EMP",
  "DTP*348*D8*20261201",
  "SE*8*0001",
  "GE*1*779",
  "IEA*1*000000779",
]
  .map((s) => `${s}~`)
  .join("\n");

describeEachDatabase("an effectuation 834 naming a member unknown to us (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-effectuation-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("the report keeps the member by a masked subscriber id, without the name", async () => {
    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "eff.834"), effectuation);
    const [received] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(received.read).toEqual([{ name: "eff.834", kind: "effectuation", matched: 0 }]);
    const row = await app.store.db.selectFrom("carrier_files").selectAll().where("direction", "=", "in").executeTakeFirstOrThrow();
    expect(JSON.parse(row.report_json!).unknownToUs).toEqual([{ subscriberId: "•••6789" }]);
    expect(`${row.report_json} ${row.content}`).not.toContain("STRANGER");
    expect(`${row.report_json} ${row.content}`).not.toContain(SSN);
    expect(app.services.cipher.decrypt(row.content_enc!)).toBe(effectuation);
    const operator = await app.store.db.selectFrom("operators").select("id").executeTakeFirstOrThrow();
    const detail = await carrierFileDetail(app.services, { operatorId: operator.id } as never, row.id);
    expect(detail?.report?.unknownToUs).toEqual([{ memberId: null, subscriberId: "•••6789" }]);
  });
});
