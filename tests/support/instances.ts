/**
 * More server instances on a test app's database, as when several processes share one store:
 * each with its own connections (a PostgreSQL pool on the same schema, or a SQLite connection
 * on the same file), the same secrets and the app's clock.
 *
 * A SQLite connection of another instance lives in a worker thread. better-sqlite3 waits for a
 * lock synchronously (busy_timeout), so two connections on one thread would deadlock: one
 * waiting blocks the thread that must finish the other's transaction. Two processes never do
 * that; a worker per connection behaves like them.
 */
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import { openStore, type Store } from "~/.server/db/connection";
import type { Database } from "~/.server/db/schema";
import { createServices, type Services } from "~/.server/services";
import { createLogger } from "~/.server/platform/log";
import type { TestApp, TestDatabase } from "./db";

export interface Instance {
  services: Services;
  store: Store;
  close(): Promise<void>;
}

/** Another store (connections of its own) on a test database. */
export function openSecondStore(t: TestDatabase): Store {
  return t.kind === "postgres"
    ? openStore(process.env.TEST_DATABASE_URL!, { searchPath: t.store.schema, poolSize: 4 })
    : openSqliteInWorker(t.file!);
}

/** Another instance of the app on the test app's database. */
export function openInstance(app: TestApp, overrides: Partial<Pick<Services, "delivery">> = {}): Instance {
  const store = openSecondStore(app);
  const services = createServices(app.services.config, store, { log: createLogger("silent"), now: () => app.clock.now, ...overrides });
  return { services, store, close: () => store.close() };
}

// The worker: one better-sqlite3 connection with the pragmas openStore sets, one statement a message.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");
parentPort.on("message", ({ id, sql, parameters }) => {
  if (sql === null) { db.close(); parentPort.postMessage({ id, rows: [] }); return; }
  try {
    const stmt = db.prepare(sql);
    const params = parameters.map((p) => (p instanceof Uint8Array ? Buffer.from(p) : p));
    if (stmt.reader) parentPort.postMessage({ id, rows: stmt.all(params) });
    else {
      const { changes, lastInsertRowid } = stmt.run(params);
      parentPort.postMessage({ id, rows: [], changes, lastInsertRowid });
    }
  } catch (e) {
    parentPort.postMessage({ id, error: { message: e.message, code: e.code } });
  }
});
`;

interface Reply {
  id: number;
  rows: Record<string, unknown>[];
  changes?: number;
  lastInsertRowid?: number | bigint;
  error?: { message: string; code?: string };
}

class WorkerConnection implements DatabaseConnection {
  private seq = 0;
  private pending = new Map<number, (reply: Reply) => void>();
  constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
  }
  send(sql: string | null, parameters: readonly unknown[] = []): Promise<Reply> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => {
        if (reply.error) reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
        else resolve(reply);
      });
      this.worker.postMessage({ id, sql, parameters });
    });
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.send(query.sql, query.parameters);
    if (reply.changes === undefined) return { rows: reply.rows as R[] };
    return {
      rows: reply.rows as R[],
      numAffectedRows: BigInt(reply.changes),
      insertId: reply.lastInsertRowid === undefined ? undefined : BigInt(reply.lastInsertRowid),
    };
  }
  // biome-ignore lint/correctness/useYield: the interface wants a generator; this connection cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported by the worker connection");
  }
}

class WorkerDriver implements Driver {
  private worker?: Worker;
  private connection?: WorkerConnection;
  private lock: Promise<void> = Promise.resolve();
  private unlock?: () => void;
  constructor(private readonly file: string) {}
  async init() {
    const module = createRequire(import.meta.url).resolve("better-sqlite3");
    this.worker = new Worker(WORKER, { eval: true, workerData: { file: this.file, module } });
    this.connection = new WorkerConnection(this.worker);
  }
  async acquireConnection() {
    // one connection, as SQLite has: a caller waits until the previous one released it
    const previous = this.lock;
    let release!: () => void;
    this.lock = new Promise((resolve) => (release = resolve));
    await previous;
    this.unlock = release;
    return this.connection!;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection() {
    this.unlock?.();
  }
  async destroy() {
    await this.connection?.send(null);
    await this.worker?.terminate();
  }
}

/** A SQLite store whose one connection lives in a worker thread. */
export function openSqliteInWorker(file: string): Store {
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new WorkerDriver(file),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}
