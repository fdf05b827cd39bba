/**
 * Start-up shared by the server and the scripts: configuration, the store, migrations and
 * (when the database is empty) the demo catalog.
 */
import { ConfigError, loadConfig, type Config } from "./platform/config";
import { isPostgresUrl, migrate, openStore, type Store } from "./db/connection";
import { seedDatabase } from "./db/seed";
import { createCipher } from "./platform/crypto";
import { createLogger, type Logger } from "./platform/log";

/** Reads the configuration or stops the process with a message naming each bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Opens the store and brings its schema up to date. A database that cannot be reached or opened
 * stops the process with one line naming DATABASE_URL and where it points (exit code 1), like a
 * bad setting; any other failure is thrown.
 */
export async function openMigratedStore(config: Config, log: Logger = createLogger(config.logLevel)): Promise<Store> {
  let store: Store | undefined;
  try {
    store = openStore(config.databaseUrl);
    const applied = await migrate(store, { cipher: createCipher(config.encryptionKeys) });
    if (applied.length) log.info("migrations applied", { migrations: applied.join(",") });
    return store;
  } catch (error) {
    const message = databaseFailureMessage(config.databaseUrl, error);
    if (!message) throw error;
    await store?.close().catch(() => {});
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}

/** Where a DATABASE_URL points, without its user or password: host:port/database, or the SQLite file. */
export function databaseAddress(url: string): string {
  if (!isPostgresUrl(url)) return url.replace(/^file:/, "");
  try {
    const u = new URL(url);
    const host = u.hostname || process.env.PGHOST || "localhost";
    return `${host}:${u.port || "5432"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "(an address that cannot be read)";
  }
}

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: "connection refused: is PostgreSQL running there?",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network cannot be reached",
  ECONNRESET: "the connection was closed by the other side",
  "28P01": "the user name or password was refused",
  "28000": "the user may not connect",
  "3D000": "the database does not exist",
  "57P03": "the database is starting up or shutting down",
  SQLITE_CANTOPEN: "the file cannot be opened or created",
  SQLITE_READONLY: "the file is read-only",
  SQLITE_NOTADB: "the file is not a SQLite database",
  SQLITE_CORRUPT: "the file is damaged",
  EACCES: "permission denied",
  EROFS: "the file system is read-only",
  ENOTDIR: "a part of the path is not a folder",
  EEXIST: "a part of the path is a file, not a folder",
};

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown) => {
    if (!e || typeof e !== "object" || seen.has(e)) return;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    visit((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors; // AggregateError: one per address tried
    if (Array.isArray(inner)) inner.forEach(visit);
  };
  visit(error);
  return codes;
}

/**
 * The one-line message for a database that cannot be reached or opened, or null when the error
 * is something else (a failing migration, a bug) and deserves its stack trace.
 */
export function databaseFailureMessage(url: string, error: unknown): string | null {
  const code = errorCodes(error).find((c) => c in UNREACHABLE);
  if (!code) return null;
  const kind = isPostgresUrl(url) ? "PostgreSQL" : "SQLite";
  return `DATABASE_URL: cannot open the ${kind} database at ${databaseAddress(url)} (${UNREACHABLE[code]}, ${code}). Check DATABASE_URL and that the database is up.`;
}

export async function seedIfEmpty(store: Store, config: Config, log: Logger) {
  const { seeded } = await seedDatabase(store.db, createCipher(config.encryptionKeys), new Date(), store.dialect);
  if (seeded) log.info("demo catalog loaded");
  return seeded;
}
