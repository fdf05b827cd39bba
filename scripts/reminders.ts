/**
 * npm run reminders — e-mails one reminder to people who saved a quote and have not enrolled,
 * once, now (the server runs them on a schedule with REMINDERS_ENABLED=1). The reminders are
 * queued in the outbox; this script then delivers what is due, as a server's worker would.
 */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";
import { createServices } from "../app/.server/services";
import { runReminders } from "../app/.server/store/saved-quotes";
import { runEmployerReminders } from "../app/.server/employers/reminders";
import { deliverDue } from "../app/.server/platform/outbox";

const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
const services = createServices(config, store, { log });
const result = await runReminders(services);
// the employers' enrollment reminders and admin summaries (issue 28)
const employers = await runEmployerReminders(services);
const delivered = await deliverDue({
  db: services.db,
  dialect: services.dialect,
  cipher: services.cipher,
  log,
  delivery: services.delivery,
  now: services.now,
});
log.info("quote reminders done", { ...result, ...employers, delivered: delivered.sent, retrying: delivered.retried });
await store.close();
