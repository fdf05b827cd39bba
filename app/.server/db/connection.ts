/**
 * Opens the store: SQLite (better-sqlite3, WAL, foreign keys on) by default, PostgreSQL
 * (`pg`) when the URL is postgres://. Both get the same migrations and the same queries.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import crypto from "node:crypto";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from "kysely";
import type { Database } from "./schema";
import { migrationProvider, type Dialect } from "./migrations";
import type { Cipher } from "../platform/crypto";
import { CountWrites } from "./writes";
import { installDeclaredTabs } from "./declared-tabs";
import { tighten, tightenFolder } from "../platform/private-files";

export type DB = Kysely<Database>;

export interface Store {
  db: DB;
  dialect: Dialect;
  /** PostgreSQL schema the store lives in, when not the default */
  schema?: string;
  /** Called by migrate() once the schema is current: from then on statements may be prepared. */
  migrated?(): void;
  close(): Promise<void>;
}

// PostgreSQL returns count(*) and other int8 values as strings; our numbers fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** `file:data/store.db`, `data/store.db` or `:memory:` for SQLite; `postgres://…` for PostgreSQL. */
export function openStore(
  url: string,
  options: {
    searchPath?: string;
    poolSize?: number /** sees every statement's SQL (tests count them) */;
    onQuery?: (sql: string) => void;
  } = {},
): Store {
  const log = options.onQuery
    ? (event: LogEvent) => {
        if (event.level === "query") options.onQuery!(event.query.sql);
      }
    : undefined;
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const named = withNamedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: named.pool }), log, plugins: [new CountWrites()] });
    return { db, dialect: "postgres", schema: options.searchPath, migrated: named.enable, close: () => db.destroy() };
  }
  const file = url.replace(/^file:/, "");
  if (file !== ":memory:") privateDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  if (file !== ":memory:") privateCompanions(file);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log,
    plugins: [new CountWrites()],
  });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * The SQLite file holds every applicant's data (sealed or not): only this process's user may read
 * it (issue 23). Its folder is created 0700 and the file 0600 before SQLite opens it; SQLite then
 * creates its -wal and -shm files with the database file's mode. A folder and files left readable
 * by an older version are tightened at start — the folder only when this user owns it and it is
 * not a shared place (a sticky folder such as /tmp, the home folder, the working folder, /).
 */
function privateDatabaseFile(file: string) {
  const abs = path.resolve(file);
  const dir = path.dirname(abs);
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  else tightenFolder(dir);
  fs.closeSync(fs.openSync(abs, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600));
  tighten(abs, 0o600);
}

function privateCompanions(file: string) {
  for (const suffix of ["-wal", "-shm", "-journal"]) tighten(`${path.resolve(file)}${suffix}`, 0o600);
}

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every statement it runs; preparing (parsing and
 * planning the SQL) costs more than running most of ours. The same SQL text gets the same
 * prepared statement back from a bounded LRU. Kysely's SQLite driver runs one statement at a
 * time on its single connection, so a cached statement is never in use twice at once; SQLite
 * re-prepares a statement by itself when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { cached(): number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const hit = statements.get(text);
      if (hit) {
        statements.delete(text);
        statements.set(text, hit);
        return hit;
      }
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    cached: () => statements.size,
  };
}

/** How many statements one PostgreSQL connection keeps prepared. */
export const PREPARED_PER_CONNECTION = 300;
const DML = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and plans every unnamed statement it is sent. Kysely's SQL text is the same
 * for every run of a query (the values are parameters), so each text gets a name (a hash of it)
 * and node-postgres prepares it once per connection: later runs only bind and execute. Only data
 * statements are named, only once the migrations have run (a statement prepared before a table
 * changes shape would fail after it), and at most PREPARED_PER_CONNECTION per connection; the
 * rest run unnamed, as before.
 */
export function withNamedStatements(pool: pg.Pool, perConnection = PREPARED_PER_CONNECTION): { pool: PostgresPool; enable(): void } {
  let enabled = false;
  const names = new Map<string, string>();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `k${crypto.createHash("sha1").update(text).digest("base64url")}`;
      if (names.size < 10_000) names.set(text, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient =>
    ({
      query(text: unknown, parameters?: ReadonlyArray<unknown>) {
        if (typeof text !== "string") return client.query(text as never) as never;
        const values = parameters as unknown[];
        if (!enabled || !DML.test(text)) return client.query(text, values) as never;
        const name = nameOf(text);
        let mine = prepared.get(client);
        if (!mine) prepared.set(client, (mine = new Set()));
        if (!mine.has(name)) {
          if (mine.size >= perConnection) return client.query(text, values) as never;
          mine.add(name);
        }
        return client.query({ name, text, values }) as never;
      },
      release: () => client.release(),
    }) as PostgresPoolClient;
  return {
    pool: {
      connect: async () => wrap(await pool.connect()),
      end: () => pool.end(),
    },
    enable: () => {
      enabled = true;
    },
  };
}

/** `cipher`: the encryption key, which a migration that seals older clear values needs (038). */
export async function migrate(store: Store, options: { cipher?: Cipher } = {}) {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours.
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.dialect, options),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // a tab declared since the store was set up gets its store-wide rows (issue 25)
  await installDeclaredTabs(store.db, store.dialect);
  store.migrated?.();
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
