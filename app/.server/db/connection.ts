/**
 * Opens the store: SQLite (better-sqlite3, WAL, foreign keys on) by default, PostgreSQL
 * (`pg`) when the URL is postgres://. Both get the same migrations and the same queries.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema";
import { migrationProvider, type Dialect } from "./migrations";

export type DB = Kysely<Database>;

export interface Store {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL schema the store lives in, when not the default */
  schema?: string;
  close(): Promise<void>;
}

// PostgreSQL returns count(*) and other int8 values as strings; our numbers fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** `file:data/store.db`, `data/store.db` or `:memory:` for SQLite; `postgres://…` for PostgreSQL. */
export function openStore(url: string, options: { searchPath?: string; poolSize?: number } = {}): Store {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", schema: options.searchPath, close: () => db.destroy() };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function migrate(store: Store) {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours.
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.dialect),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
