import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { withNamedStatements } from "./connection";

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("PostgreSQL named statements", () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const named = withNamedStatements(pool, 2);
  const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: named.pool }) });
  afterAll(() => db.destroy());

  // `table …` is not a data statement to the wrapper, so counting never prepares anything itself
  const prepared = async () =>
    (await sql<{ name: string; statement: string }>`table pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);
  const one = async (text: string, ...values: unknown[]) => (await db.executeQuery(CompiledQuery.raw(text, values))).rows[0];

  it("prepares nothing before the migrations have run", async () => {
    await one("select 1 as v");
    await one("select 1 as v");
    expect(await prepared()).toEqual([]);
  });

  it("then prepares each data statement once per connection, with its values as parameters", async () => {
    named.enable();
    expect(await one("select $1::int as v", 7)).toEqual({ v: 7 });
    expect(await one("select $1::int as v", 8)).toEqual({ v: 8 });
    expect(await prepared()).toEqual(["select $1::int as v"]);
  });

  it("never names anything but data statements", async () => {
    await sql`create temporary table named_check (a int)`.execute(db);
    await sql`insert into named_check values (1)`.execute(db);
    expect(await prepared()).toEqual(["select $1::int as v", "insert into named_check values (1)"]);
  });

  it("keeps at most its limit per connection and runs the rest unnamed", async () => {
    expect(await one("select $1::int + 1 as v", 1)).toEqual({ v: 2 });
    expect((await prepared()).length).toBe(2);
  });

  it("a failing statement leaves the connection usable", async () => {
    await expect(one("select * from no_such_table_here")).rejects.toThrow(/no_such_table_here/);
    expect(await one("select $1::int as v", 9)).toEqual({ v: 9 });
  });
});
