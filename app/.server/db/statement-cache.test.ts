import { describe, expect, it } from "vitest";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { withStatementCache } from "./connection";

describe("SQLite statement cache", () => {
  it("prepares each SQL text once and hands the same statement back", () => {
    const raw = new SQLite(":memory:");
    let prepared = 0;
    const original = raw.prepare.bind(raw);
    raw.prepare = ((text: string) => {
      prepared++;
      return original(text);
    }) as typeof raw.prepare;
    const db = withStatementCache(raw, 2);
    const a = db.prepare("select 1");
    expect(db.prepare("select 1")).toBe(a);
    expect(prepared).toBe(1);
    db.prepare("select 2");
    db.prepare("select 1"); // most recently used again
    db.prepare("select 3"); // evicts "select 2", the least recently used
    expect(db.cached()).toBe(2);
    expect(db.prepare("select 1")).toBe(a);
    expect(prepared).toBe(3);
    db.prepare("select 2");
    expect(prepared).toBe(4);
    db.close();
  });

  it("gives Kysely right answers for reads and writes through cached statements", async () => {
    const raw = new SQLite(":memory:");
    const cache = withStatementCache(raw);
    const db = new Kysely<{ t: { id: number; v: string } }>({ dialect: new SqliteDialect({ database: cache }) });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    for (const v of ["a", "b", "c"])
      await db
        .insertInto("t")
        .values({ v } as never)
        .execute();
    const rows = await db.selectFrom("t").select("v").where("id", ">", 1).orderBy("id").execute();
    expect(rows.map((r) => r.v)).toEqual(["b", "c"]);
    expect((await db.selectFrom("t").select("v").where("id", ">", 2).execute()).map((r) => r.v)).toEqual(["c"]);
    // the schema changes under a cached statement: SQLite prepares it again by itself
    await sql`alter table t add column w text`.execute(db);
    expect((await db.selectFrom("t").select("v").where("id", ">", 2).execute()).map((r) => r.v)).toEqual(["c"]);
    expect(cache.cached()).toBeGreaterThan(0);
    await db.destroy();
  });
});
