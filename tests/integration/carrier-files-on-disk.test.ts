/**
 * A carrier's file on our disk (the embedded transport's inbound folder) may hold members' SSNs,
 * names and dates of birth — an effectuation 834 always does. Once read, its whole text is kept
 * sealed in the database (ADR 024); the file itself is removed, not moved to a processed folder in
 * the clear. Copies an older version left in inbound/processed are removed at the next receive when
 * the database holds their sealed copy, and kept (untouched) when it does not (ADR 027 addendum).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { receiveFeeds } from "~/.server/carriers/receive";
import { MAX_INBOUND_BYTES } from "~/.server/adapters/carrier-transport/transport";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";

const CARRIER = "brightsmile";

/** A TA1 accepting an interchange we never sent: read and kept, matching nothing. */
const ta1 = (n: string) =>
  [
    `ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*${n}*0*T*:`,
    `TA1*${n}*261120*1600*A*000`,
    `IEA*0*${n}`,
  ]
    .map((s) => `${s}~`)
    .join("\n");

describeEachDatabase("carrier files on our disk", (kind) => {
  let app: TestApp;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-disk-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const folder = (...parts: string[]) => path.join(root, CARRIER, "inbound", ...parts);
  const receive = () => receiveFeeds(app.services, { carrierCode: CARRIER, root });

  it("a file read leaves nothing in the clear: the inbox is empty, no processed copy, the database holds it sealed", async () => {
    fs.mkdirSync(folder(), { recursive: true });
    fs.writeFileSync(folder("ta1-1.x12"), ta1("000000901"));
    const [report] = await receive();
    expect(report.read.map((r) => r.name)).toEqual(["ta1-1.x12"]);
    expect(fs.readdirSync(folder())).toEqual([]);
    const row = await app.store.db
      .selectFrom("carrier_files")
      .selectAll()
      .where("name", "=", "ta1-1.x12")
      .where("direction", "=", "in")
      .executeTakeFirstOrThrow();
    expect(app.services.cipher.decrypt(row.content_enc!)).toBe(ta1("000000901"));
  });

  it("copies an older version kept in processed/ go once the database holds them sealed; a copy it does not hold stays", async () => {
    // read by an older version: in the database, and left in processed/ in the clear
    fs.writeFileSync(folder("ta1-2.x12"), ta1("000000902"));
    await receive();
    fs.mkdirSync(folder("processed"), { recursive: true });
    fs.writeFileSync(folder("processed", "ta1-2.x12"), ta1("000000902"));
    // a copy the database does not hold (the same name, other bytes): not ours to throw away
    fs.writeFileSync(folder("processed", "ta1-1.x12"), ta1("000000999"));
    // one too large to read (a sparse file past the inbound cap): left, and the receive goes on
    fs.writeFileSync(folder("processed", "huge.x12"), "");
    fs.truncateSync(folder("processed", "huge.x12"), MAX_INBOUND_BYTES + 1);
    fs.writeFileSync(folder("ta1-3.x12"), ta1("000000903"));
    const [report] = await receive();
    expect(report.failed).toEqual([]);
    expect(report.read.map((r) => r.name)).toEqual(["ta1-3.x12"]);
    expect(fs.readdirSync(folder("processed")).sort()).toEqual(["huge.x12", "ta1-1.x12"]);
    expect(fs.readFileSync(folder("processed", "ta1-1.x12"), "utf8")).toBe(ta1("000000999"));
  });
});
