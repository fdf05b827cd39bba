/** npm run db:migrate — applies every pending migration to DATABASE_URL (SQLite or PostgreSQL). */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";

const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
log.info("database is up to date", { database: store.dialect });
await store.close();
