import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../../tests/support/db";
import { precompiledRows } from "./precompiled";

describe.each(databaseKinds)("a read compiled once (%s)", (kind) => {
  let t: TestDatabase;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(kind, { seed: false, onQuery: (text) => statements.push(text) });
    await sql`create table pc_items (id integer primary key, name text not null, kind text)`.execute(t.store.db);
    await sql`insert into pc_items (id, name, kind) values (1, 'one', 'a'), (2, 'two', 'b'), (3, 'three', 'a')`.execute(t.store.db);
  });
  afterAll(() => t?.close());

  type Items = { pc_items: { id: number; name: string; kind: string | null } };
  const db = () => t.store.db.withTables<Items>();

  it("builds the query once and runs it with each call's values, as Kysely would", async () => {
    let built = 0;
    const byKind = (kindValue: string, above: number) =>
      precompiledRows(t.store.db, t.store.dialect, `test.byKind.${kind}`, [kindValue, above], ([k, n]) => {
        built++;
        return db()
          .selectFrom("pc_items")
          .select(["id", "name"])
          .where("kind", "=", k as string)
          .where("id", ">", n as number)
          .where("name", "!=", "none")
          .orderBy("id");
      });
    expect(await byKind("a", 0)).toEqual([
      { id: 1, name: "one" },
      { id: 3, name: "three" },
    ]);
    statements.length = 0;
    expect(await byKind("a", 1)).toEqual([{ id: 3, name: "three" }]);
    expect(await byKind("b", 0)).toEqual([{ id: 2, name: "two" }]);
    expect(await byKind("c", 0)).toEqual([]);
    expect(built).toBe(1);
    // the SQL Kysely itself compiles for that query
    const direct = db()
      .selectFrom("pc_items")
      .select(["id", "name"])
      .where("kind", "=", "a")
      .where("id", ">", 1)
      .where("name", "!=", "none")
      .orderBy("id")
      .compile().sql;
    expect(statements.length).toBe(3);
    expect(new Set(statements)).toEqual(new Set([direct]));
  });

  it("builds per call a query that changes a value or writes it into the SQL text, and anything not a SELECT", async () => {
    let built = 0;
    const changed = (name: string) =>
      precompiledRows(t.store.db, t.store.dialect, `test.changed.${kind}`, [name], ([n]) => {
        built++;
        return db()
          .selectFrom("pc_items")
          .select("id")
          .where("name", "like", `${n as string}%`)
          .orderBy("id");
      });
    expect((await changed("on")).map((r) => r.id)).toEqual([1]);
    expect((await changed("t")).map((r) => r.id)).toEqual([2, 3]);
    expect(built).toBe(3); // the first call's trial build, then one per call
    built = 0;
    const inlined = (id: number) =>
      precompiledRows(t.store.db, t.store.dialect, `test.inlined.${kind}`, [id], ([n]) => {
        built++;
        return db()
          .selectFrom("pc_items")
          .select("name")
          .where("id", "=", sql.lit(n as number));
      });
    expect((await inlined(1)).map((r) => r.name)).toEqual(["one"]);
    expect((await inlined(3)).map((r) => r.name)).toEqual(["three"]);
    expect(built).toBe(3);
    built = 0;
    const update = (name: string) =>
      precompiledRows(t.store.db, t.store.dialect, `test.update.${kind}`, [name], ([n]) => {
        built++;
        return db()
          .updateTable("pc_items")
          .set({ kind: n as string })
          .where("id", "=", 3);
      });
    await update("c");
    await update("d");
    expect(built).toBe(3);
    expect((await db().selectFrom("pc_items").select("kind").where("id", "=", 3).executeTakeFirstOrThrow()).kind).toBe("d");
  });
});
