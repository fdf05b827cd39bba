/**
 * The carrier folders are private (security review): folders and files an older version left
 * readable by others (0755, 0644) are tightened when the transport first opens a carrier's
 * folders.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { localDirectoryTransport } from "./local-directory";

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
  const dirs = [root, base, path.join(base, "outbound"), path.join(base, "inbound"), path.join(base, "inbound", "processed")];
  for (const d of dirs) fs.mkdirSync(d, { recursive: true, mode: 0o755 });
  const files = [
    path.join(base, "outbound", "BS-1.834"),
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
