/** npm run reminders — e-mails one reminder to people who saved a quote and have not enrolled. */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";
import { createServices } from "../app/.server/services";
import { runReminders } from "../app/.server/store/saved-quotes";

const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
const services = createServices(config, store, { log });
const result = await runReminders(services);
log.info("quote reminders done", result);
await store.close();
