/**
 * npm run keys:rotate [-- --dry-run] [-- --batch=500]
 *
 * Key rotation, step 2 of 3 (README, "Rotating the encryption key"): with ENCRYPTION_KEYS set to
 * the new key followed by the old ones, seals every encrypted column again with the new key, in
 * batches, on SQLite or PostgreSQL. Safe to run while the server runs, and again: values already
 * under the newest key are left alone. Prints what it did per column. Exit code 0 when every value
 * is under the newest key; 2 when some value no configured key opens (left as it was).
 */
import { configOrExit, openMigratedStore } from "../app/.server/boot";
import { createCipher } from "../app/.server/platform/crypto";
import { createLogger } from "../app/.server/platform/log";
import { resealAll } from "../app/.server/repositories/sealed-columns";

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const batchArg = args.find((a) => a.startsWith("--batch="));
const batchSize = batchArg ? Number(batchArg.slice("--batch=".length)) : 500;
if (
  !Number.isInteger(batchSize) ||
  batchSize < 1 ||
  batchSize > 10_000 ||
  args.some((a) => a !== "--dry-run" && !a.startsWith("--batch="))
) {
  process.stderr.write("Usage: npm run keys:rotate -- [--dry-run] [--batch=1..10000]\n");
  process.exit(2);
}

const config = configOrExit();
const log = createLogger(config.logLevel);
if (config.encryptionKeys.length < 2) {
  process.stderr.write(
    "Only one key is configured: set ENCRYPTION_KEYS to the new key followed by the old one(s) (newest first) to rotate.\n",
  );
}
const store = await openMigratedStore(config, log);
const cipher = createCipher(config.encryptionKeys);
const out = (line: string) => process.stdout.write(`${line}\n`);
out(
  `${dryRun ? "Dry run: nothing is written. " : ""}Sealing every encrypted value with the newest of ${cipher.keyCount} key(s), ${batchSize} rows at a time.`,
);
const reports = await resealAll(store.db, cipher, {
  batchSize,
  dryRun,
  onColumn: (r) =>
    out(
      `  ${`${r.table}.${r.column}`.padEnd(40)} ${r.values} values: ${r.resealed} ${dryRun ? "to seal again" : "sealed again"}, ${r.current} already current, ${r.unreadable} unreadable${r.skipped ? `, ${r.skipped} changed meanwhile (run again)` : ""}`,
    ),
});
await store.close();
const unreadable = reports.reduce((n, r) => n + r.unreadable, 0);
const left = reports.reduce((n, r) => n + r.skipped + (dryRun ? r.resealed : 0), 0);
if (unreadable) {
  out(
    `${unreadable} value(s) no configured key opens were left as they are (a saved enrollment holding one answers "can no longer be opened"; a member's SSN is asked again). Was a key dropped too early?`,
  );
  process.exit(2);
}
out(
  left
    ? `${left} value(s) still to do: run it again.`
    : "Every encrypted value is under the newest key. Older keys are still needed for links and codes sent before the rotation (see README).",
);
