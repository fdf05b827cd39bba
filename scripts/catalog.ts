/**
 * npm run catalog -- import <file|dir>… [--dry-run] [--publish --effective YYYY-MM-DD]
 * npm run catalog -- export <dir>
 * (and versions, preview, publish, rollback, discard): app/.server/operators/catalog/cli.ts.
 */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";
import { createServices } from "../app/.server/services";
import { runCatalogCommand } from "../app/.server/operators/catalog/cli";

const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
const services = createServices(config, store, { log });
const code = await runCatalogCommand(services, process.argv.slice(2));
await store.close();
process.exit(code);
