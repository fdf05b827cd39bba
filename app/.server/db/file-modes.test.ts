/**
 * The SQLite database and its folder are private to the server's user (issue 23, item 13): they
 * used to be created world-readable (0755 folder, 0644 files) under the usual umask.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate, openStore } from "./connection";

const others = (target: string) => fs.statSync(target).mode & 0o077;

describe("the SQLite files are private", () => {
  let tmp: string;
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022); // the common default: what `npm start` meets
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "store-modes-"));
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a fresh data folder is 0700, the database and its -wal and -shm files 0600", async () => {
    const file = path.join(tmp, "data", "e2e-1", "store.db");
    const store = openStore(`file:${file}`);
    try {
      await migrate(store);
      for (const dir of [path.join(tmp, "data"), path.dirname(file)]) expect(others(dir), dir).toBe(0);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) {
        expect(fs.existsSync(f), f).toBe(true);
        expect(others(f), f).toBe(0);
      }
    } finally {
      await store.close();
    }
  });

  it("a folder and files left readable by an older version are tightened at start", async () => {
    const dir = path.join(tmp, "data");
    fs.mkdirSync(dir, { mode: 0o755 });
    const file = path.join(dir, "store.db");
    const old = new SQLite(file);
    old.pragma("journal_mode = WAL");
    old.exec("create table t (x)");
    fs.chmodSync(file, 0o644);
    expect(others(dir)).not.toBe(0);
    old.close();
    const store = openStore(file);
    try {
      await sql`select 1`.execute(store.db);
      expect(others(dir)).toBe(0);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) expect(others(f), f).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("never changes a shared folder such as the system's temporary folder", async () => {
    const before = fs.statSync(os.tmpdir()).mode;
    const file = path.join(os.tmpdir(), `store-modes-${process.pid}.db`);
    const store = openStore(file);
    try {
      expect(fs.statSync(os.tmpdir()).mode).toBe(before);
      expect(others(file)).toBe(0);
    } finally {
      await store.close();
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    }
  });
});
