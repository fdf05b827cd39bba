/**
 * npm run carriers -- send [--carrier <code>]   build, check and deliver each carrier's changes now
 * npm run carriers -- send --full [--carrier <code>]  and a full audit file (BGN08 4, INS 030) now,
 *                                                whatever the profile's weekly day
 * npm run carriers -- receive [--carrier <code>] read 999/TA1 acknowledgments and effectuation files now
 * (issue 29; the server runs both daily with CARRIER_FEED_ENABLED=1). One run at a time across
 * processes: a run started while another holds the lease exits with code 2.
 */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createLogger } from "../app/.server/platform/log";
import { createServices } from "../app/.server/services";
import { runCarrierFeed } from "../app/.server/carriers/run";

const [command, ...rest] = process.argv.slice(2);
const at = rest.indexOf("--carrier");
const carrierCode = at >= 0 ? rest[at + 1] : undefined;
const full = rest.includes("--full");
const known = rest.every((a, i) => a === "--full" || a === "--carrier" || (i > 0 && rest[i - 1] === "--carrier"));
if ((command !== "send" && command !== "receive") || (at >= 0 && !carrierCode) || !known || (full && command !== "send")) {
  process.stderr.write("usage: npm run carriers -- send [--full] [--carrier <code>] | receive [--carrier <code>]\n");
  process.exit(64);
}
const config = configOrExit();
const log = createLogger(config.logLevel);
const store = await openMigratedStore(config, log);
const services = createServices(config, store, { log });
const run = await runCarrierFeed(services, { send: command === "send", receive: command === "receive" }, { carrierCode, full });
await store.close();
if (!run.ran) {
  process.stderr.write("another carrier feed run is under way; nothing done\n");
  process.exit(2);
}
for (const r of run.sent)
  process.stdout.write(
    `${r.carrier}: ${r.file ? `${r.file.name} (${r.file.members} member loops) ${r.file.status}` : "nothing to send"}` +
      `${r.full ? `; full audit file ${r.full.name} (${r.full.members} member loops) ${r.full.status}` : ""}` +
      `${r.delivered.length ? `; delivered ${r.delivered.join(", ")}` : ""}${r.failed.length ? `; kept for the next run: ${r.failed.map((f) => f.name).join(", ")}` : ""}\n`,
  );
for (const r of run.received)
  process.stdout.write(
    `${r.carrier}: ${r.read.length ? r.read.map((f) => `${f.name} (${f.kind}, ${f.matched} matched)`).join(", ") : "inbox empty"}` +
      `${r.failed.length ? `; failed: ${r.failed.map((f) => `${f.name}: ${f.error}`).join("; ")}` : ""}\n`,
  );
if (run.sent.some((r) => r.failed.length) || run.received.some((r) => r.failed.length)) process.exitCode = 1;
