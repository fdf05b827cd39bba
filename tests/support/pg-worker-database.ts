/**
 * Vitest setup file: on PostgreSQL, each test worker gets a database of its own (`<db>_w<pool id>`),
 * made here when missing, and TEST_DATABASE_URL is pointed at it before the test file loads.
 *
 * Test files make and drop a schema each (tests/support/db.ts); Kysely's Migrator and introspection
 * list the tables of every schema in the database, so a schema another worker dropped mid-list failed
 * them. PostgreSQL's catalogs are per database: files in different workers no longer see each other's
 * schemas, and files run two at a time on PostgreSQL as they do on SQLite.
 */
import pg from "pg";

const base = process.env.TEST_DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (base && worker && !process.env.TEST_DATABASE_WORKER) {
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1)) || "postgres"}_w${Number(worker)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0)
      await client.query(`create database "${name}"`).catch((e: { code?: string }) => {
        if (e.code !== "42P04" && e.code !== "23505") throw e; // made meanwhile by another run
      });
  } finally {
    await client.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TEST_DATABASE_WORKER = worker;
}
