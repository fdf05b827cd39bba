/**
 * A migrator on an empty database of its own, for tests that migrate up to a point, put rows in as
 * an older release kept them, and migrate on: SQLite in memory, or a fresh schema on
 * TEST_DATABASE_URL's PostgreSQL (dropped by `close`).
 */
import { randomBytes } from "node:crypto";
import { Migrator, sql } from "kysely";
import { openStore, type Store } from "~/.server/db/connection";
import { migrationProvider } from "~/.server/db/migrations";
import type { Cipher } from "~/.server/platform/crypto";

export type OpenMigrator = { store: Store; migrator: Migrator; close: () => Promise<void> };

/** `prefix` names the PostgreSQL schema (`<prefix>_<random>`); `cipher` is handed to the migrations (038). */
export async function openMigrator(kind: "sqlite" | "postgres", prefix: string, options: { cipher?: Cipher } = {}): Promise<OpenMigrator> {
  const provider = migrationProvider(kind, options);
  if (kind === "sqlite") {
    const store = openStore(":memory:");
    return { store, migrator: new Migrator({ db: store.db, provider }), close: () => store.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = openStore(url, { poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const store = openStore(url, { searchPath: schema, poolSize: 2 });
  const close = async () => {
    await store.close();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  };
  return { store, migrator: new Migrator({ db: store.db, provider, migrationTableSchema: schema }), close };
}
