/**
 * Start-up shared by the server and the scripts: configuration, the store, migrations and
 * (when the database is empty) the demo catalog.
 */
import { ConfigError, loadConfig, type Config } from "./config";
import { migrate, openStore, type Store } from "./db/connection";
import { seedDatabase } from "./db/seed";
import { createCipher } from "./crypto";
import { createLogger, type Logger } from "./log";

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

export async function openMigratedStore(config: Config, log: Logger = createLogger(config.logLevel)): Promise<Store> {
  const store = openStore(config.databaseUrl);
  const applied = await migrate(store);
  if (applied.length) log.info("migrations applied", { migrations: applied.join(",") });
  return store;
}

export async function seedIfEmpty(store: Store, config: Config, log: Logger) {
  const { seeded } = await seedDatabase(store.db, createCipher(config.encryptionKey), new Date(), store.dialect);
  if (seeded) log.info("demo catalog loaded");
  return seeded;
}
