/**
 * Real databases for integration tests: a temporary SQLite file always, and a fresh
 * PostgreSQL schema when TEST_DATABASE_URL is set (CI sets it). Each gets the migrations
 * and the demo catalog, exactly as `npm start` would.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { sql } from "kysely";
import { describe } from "vitest";
import { loadConfig, type Config } from "~/.server/platform/config";
import { migrate, openStore, type Store } from "~/.server/db/connection";
import { seedDatabase } from "~/.server/db/seed";
import { createCipher } from "~/.server/platform/crypto";
import { createServices, type Services } from "~/.server/services";
import { createLogger } from "~/.server/platform/log";

export type DatabaseKind = "sqlite" | "postgres";

export const TEST_ENCRYPTION_KEY = "7f".repeat(32);

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: "test-session-secret-0123456789-abcdefghijkl",
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: "silent",
    // the app under test listens on loopback (the dev outbox is only ever served there)
    HOST: "127.0.0.1",
    // Journeys in one test file share a few addresses and test addresses; the store-wide caps on
    // contact codes and quote e-mails per client and per address are tested with their defaults
    // (tests/integration/pumping-caps.test.ts), not met by accident elsewhere.
    CONTACT_CODES_PER_CLIENT_HOUR: "10000",
    CONTACT_CODES_PER_DESTINATION_HOUR: "1000",
    QUOTES_PER_CLIENT_HOUR: "10000",
    ...overrides,
  });
}

export interface TestDatabase {
  kind: DatabaseKind;
  store: Store;
  /** SQLite file path (to read the raw bytes), when SQLite */
  file?: string;
  close(): Promise<void>;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  options: { seed?: boolean; onQuery?: (sql: string) => void } = {},
): Promise<TestDatabase> {
  let store: Store;
  let file: string | undefined;
  let cleanup: () => Promise<void>;
  if (kind === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is not set");
    const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
    const admin = openStore(url, { poolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    store = openStore(url, { searchPath: schema, poolSize: 4, onQuery: options.onQuery });
    cleanup = async () => {
      await store.close();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
    file = path.join(dir, "store.db");
    store = openStore(file, { onQuery: options.onQuery });
    cleanup = async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrate(store);
  if (options.seed !== false)
    await seedDatabase(store.db, createCipher(Buffer.from(TEST_ENCRYPTION_KEY, "hex")), new Date(), store.dialect);
  return { kind, store, file, close: cleanup };
}

export interface TestApp extends TestDatabase {
  services: Services;
  /** the clock the services see; tests may move it */
  clock: { now: Date };
}

export async function createTestApp(
  kind: DatabaseKind = "sqlite",
  options: {
    seed?: boolean;
    config?: Record<string, string>;
    /** receives every log line, at debug level */ logTo?: string[];
    /** the delivery side of the services (transports, retry policy) */ delivery?: Services["delivery"];
    /** sees the SQL of every statement run */ onQuery?: (sql: string) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind, options);
  const clock = { now: new Date() };
  const log = options.logTo ? createLogger("debug", (line) => options.logTo!.push(line)) : createLogger("silent");
  const services = createServices(testConfig(options.config), database.store, {
    log,
    now: () => clock.now,
    ...(options.delivery ? { delivery: options.delivery } : {}),
  });
  return { ...database, services, clock };
}

/**
 * The databases this run covers: SQLite, plus PostgreSQL when TEST_DATABASE_URL is set — or PostgreSQL
 * alone with TEST_DATABASE_ONLY=postgres (CI's second pass, after `npm test` ran every test on SQLite).
 */
export const databaseKinds: DatabaseKind[] = !process.env.TEST_DATABASE_URL
  ? ["sqlite"]
  : process.env.TEST_DATABASE_ONLY === "postgres"
    ? ["postgres"]
    : ["sqlite", "postgres"];

/** Runs a suite once per database kind. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  for (const kind of databaseKinds) describe(`${name} [${kind}]`, () => suite(kind));
}
