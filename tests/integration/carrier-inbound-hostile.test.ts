/**
 * Security review (untrusted files from a carrier): what a carrier's inbox holds is not ours. A file
 * far larger than any acknowledgment or effectuation 834 is refused before it is read whole, and an
 * acknowledgment naming a control number that is no number of ours (letters, past nine digits) is
 * kept unmatched — on both databases — instead of failing its file on every run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { receiveFeeds } from "~/.server/carriers/receive";
import { MAX_INBOUND_BYTES } from "~/.server/adapters/carrier-transport/transport";
import { cappedSink } from "~/.server/adapters/carrier-transport/sftp";

const CARRIER = "brightsmile";

function ack999(group: string) {
  const body = ["ST*999*0001*005010X231A1", `AK1*BE*${group}*005010X220A1`, "AK2*834*0001*005010X220A1", "IK5*R*5", "AK9*R*1*1*0"];
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

function ta1(isa13: string) {
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000779*0*T*:",
    `TA1*${isa13}*261120*1600*R*022`,
    "IEA*0*000000779",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

/** An effectuation 834 listing `count` members by REF*ZZ (none of them ours). */
function effectuation(count: number) {
  const members: string[] = [];
  for (let i = 0; i < count; i++) members.push("INS*Y*18*021*28*A***FT", `REF*ZZ*X${i}`, `NM1*IL*1*LAST*FIRST`);
  return [
    "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000780*0*T*:",
    "GS*BE*BRIGHTSMILE*BENEFITSTORE*20261120*1600*780*X*005010X220A1",
    "ST*834*0001*005010X220A1",
    "BGN*00*EFF1*20261120*1600****4",
    ...members,
    `SE*${members.length + 3}*0001`,
    "GE*1*780",
    "IEA*1*000000780",
  ]
    .map((s) => `${s}~`)
    .join("\n");
}

describeEachDatabase("hostile files in a carrier's inbox (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-hostile-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const inbox = () => {
    const dir = path.join(root, CARRIER, "inbound");
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  };

  it("refuses a file past the inbound cap unread: nothing kept, the file left in the inbox", async () => {
    const file = path.join(inbox(), "huge.x12");
    // sparse: the size of a hostile file without writing it
    fs.writeFileSync(file, ack999("1"));
    fs.truncateSync(file, MAX_INBOUND_BYTES + 1);
    const [report] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.read).toEqual([]);
    expect(report.failed).toEqual([{ name: "huge.x12", error: expect.stringContaining("larger than") }]);
    const kept = await app.store.db.selectFrom("carrier_files").select("id").where("direction", "=", "in").execute();
    expect(kept).toEqual([]);
    fs.rmSync(file);
  });

  it("keeps an acknowledgment for a control number that is none of ours unmatched (no failure)", async () => {
    fs.writeFileSync(path.join(inbox(), "a-999-letters.x12"), ack999("ABC"));
    fs.writeFileSync(path.join(inbox(), "b-999-huge.x12"), ack999("99999999999999999999"));
    fs.writeFileSync(path.join(inbox(), "c-ta1-letters.x12"), ta1("00000X001"));
    const [report] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.failed).toEqual([]);
    expect(report.read).toEqual([
      { name: "a-999-letters.x12", kind: "999", matched: 0 },
      { name: "b-999-huge.x12", kind: "999", matched: 0 },
      { name: "c-ta1-letters.x12", kind: "TA1", matched: 0 },
    ]);
    const acks = await app.store.db.selectFrom("carrier_acknowledgments").select(["file_id"]).execute();
    expect(acks.map((a) => a.file_id)).toEqual([null, null, null]);
  });

  it("reads an effectuation 834 listing more members than one query may bind", async () => {
    fs.writeFileSync(path.join(inbox(), "d-eff-large.834"), effectuation(70_000));
    const [report] = await receiveFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.failed).toEqual([]);
    expect(report.read).toEqual([{ name: "d-eff-large.834", kind: "effectuation", matched: 0 }]);
  });
});

it("the SFTP download stops once past the cap, whatever size the server stated", async () => {
  const sink = cappedSink(10);
  const failed = new Promise((resolve) => sink.stream.on("error", resolve));
  sink.stream.write(Buffer.alloc(6));
  sink.stream.write(Buffer.alloc(6));
  expect(String(await failed)).toContain("larger than 10 bytes");
});
