/**
 * The carrier folders are private (security review): folders and files an older version left
 * readable by others (0755, 0644) are tightened when the transport first opens a carrier's
 * folders, and a file the carrier dropped readable is kept 0600 once processed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { deliverOutbound, localDirectoryTransport } from "./local-directory";

const mode = (target: string) => (fs.statSync(target).mode & 0o7777).toString(8);
let tmp: string;
let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-folder-modes-"));
});
afterEach(() => {
  process.umask(umask);
  fs.rmSync(tmp, { recursive: true, force: true });
});

it("tightens the folders and files an older version left readable, at the first use", () => {
  const root = path.join(tmp, "carriers");
  const base = path.join(root, "brightsmile");
  const dirs = [
    root,
    base,
    path.join(base, "outbound"),
    path.join(base, "outbound", "sent"),
    path.join(base, "inbound"),
    path.join(base, "inbound", "processed"),
  ];
  for (const d of dirs) fs.mkdirSync(d, { recursive: true, mode: 0o755 });
  const files = [
    path.join(base, "outbound", "BS-1.834"),
    path.join(base, "outbound", "sent", "BS-0.834"),
    path.join(base, "inbound", "999-1.x12"),
    path.join(base, "inbound", "processed", "999-0.x12"),
  ];
  for (const f of files) fs.writeFileSync(f, "ISA*…~", { mode: 0o644 });
  expect([...dirs, ...files].map(mode)).toEqual([...dirs.map(() => "755"), ...files.map(() => "644")]);

  localDirectoryTransport(root, "brightsmile");
  expect([...dirs, ...files].map(mode)).toEqual([...dirs.map(() => "700"), ...files.map(() => "600")]);
});

it("leaves a shared root (sticky, such as /tmp) as it is", () => {
  const root = path.join(tmp, "shared");
  fs.mkdirSync(root);
  fs.chmodSync(root, 0o1777);
  localDirectoryTransport(root, "brightsmile");
  expect(mode(root)).toBe("1777");
});

it("a processed inbound file, a sent file and their folders are private", async () => {
  const t = localDirectoryTransport(path.join(tmp, "carriers"), "brightsmile");
  fs.mkdirSync(t.folders.inbound, { recursive: true });
  fs.writeFileSync(path.join(t.folders.inbound, "999-2.x12"), "ack", { mode: 0o644 });
  await t.moveToProcessed("999-2.x12");
  expect([mode(t.folders.processed), mode(path.join(t.folders.processed, "999-2.x12"))]).toEqual(["700", "600"]);

  const local = path.join(tmp, "local-outbound");
  fs.mkdirSync(local, { mode: 0o700 });
  fs.writeFileSync(path.join(local, "BS-2.834"), "ISA*…~", { mode: 0o600 });
  const remote = localDirectoryTransport(path.join(tmp, "remote"), "brightsmile");
  expect(await deliverOutbound(local, remote)).toEqual({ delivered: ["BS-2.834"], failed: [] });
  expect([mode(path.join(local, "sent")), mode(remote.folders.outbound), mode(path.join(remote.folders.outbound, "BS-2.834"))]).toEqual([
    "700",
    "700",
    "600",
  ]);
});
