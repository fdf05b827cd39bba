/**
 * Security review (where sensitive data ends up): an 834 carries members' whole SSNs in NM109.
 * The database keeps it masked and sealed, but the embedded transport writes the file itself, in
 * clear, into `CARRIERS_DIR/<carrier>/outbound` — created with the process's umask: under the
 * common 022 the folders are 0755 and the file 0644, readable by every account on the machine
 * (the SQLite files and their folder are 0600/0700 for that reason: app/.server/db/file-modes.test.ts).
 * With `CARRIERS_DIR` outside `data/`, or on PostgreSQL where nothing made `data/` private, the
 * SSNs are world-readable.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { sendFeeds } from "~/.server/carriers/send";

const CARRIER = "brightsmile";
const others = (target: string) => fs.statSync(target).mode & 0o077;

describeEachDatabase("the carrier files on disk are private (security review)", (kind) => {
  let app: TestApp;
  let root: string;
  let umask: number;
  beforeAll(async () => {
    umask = process.umask(0o022); // the common default: what `npm start` meets
    root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "carrier-modes-")), "carriers");
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root } });
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    process.umask(umask);
    await app.close();
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  });

  it("an 834 with SSNs is written 0600 in folders only the server's user can enter", async () => {
    // the demo members have SSNs: the first file carries them in NM109
    const [report] = await sendFeeds(app.services, { carrierCode: CARRIER, root });
    expect(report.file?.status).toBe("sent");
    const outbound = path.join(root, CARRIER, "outbound");
    const file = path.join(outbound, report.file!.name);
    expect(fs.readFileSync(file, "utf8")).toMatch(/\*34\*\d{9}~/);
    const exposed = [root, path.join(root, CARRIER), outbound, file].filter((p) => others(p) !== 0);
    expect(exposed.map((p) => `${path.relative(path.dirname(root), p)} ${(fs.statSync(p).mode & 0o777).toString(8)}`)).toEqual([]);
  });
});
