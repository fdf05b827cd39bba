/** npm run db:seed — migrates, then loads the demo catalog into an empty database. */
import { configOrExit, openMigratedStore, seedIfEmpty } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";

const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
const seeded = await seedIfEmpty(store, config, log);
if (!seeded) log.info("the database already holds a catalog; nothing was changed (delete data/store.db to start over)");
await store.close();
