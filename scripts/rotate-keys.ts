/**
 * npm run keys:rotate [-- --dry-run] [-- --batch=500]
 *
 * Key rotation, step 2 of 3 (README, "Rotating the encryption key"): with ENCRYPTION_KEYS set to
 * the new key followed by the old ones, seals every encrypted column again with the new key, in
 * batches, and makes every keyed hash of a value we hold (the roster's SSN and e-mail hashes, the
 * contact step's verified ones) again with it, each table in one transaction, on SQLite or PostgreSQL. Safe to run while the server runs, and again: values already
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
      r.kind === "sealed"
        ? `  ${`${r.table}.${r.column}`.padEnd(40)} ${r.values} values: ${r.resealed} ${dryRun ? "to seal again" : "sealed again"}, ${r.current} already current, ${r.unreadable} unreadable${r.skipped ? `, ${r.skipped} changed meanwhile (run again)` : ""}`
        : `  ${`${r.table}.${r.column}`.padEnd(40)} ${r.values} keyed hashes: ${r.resealed} ${dryRun ? "to make again" : "made again"}, ${r.current} already current, ${r.unreadable} of an unreadable value, ${r.unmatched} of a value no longer held (left)${r.skipped ? `, ${r.skipped} changed meanwhile (run again)` : ""}`,
    ),
});
await store.close();
// a hash of an unreadable SSN is the same value again: counted once, as the sealed value
const unreadable = reports.filter((r) => r.kind === "sealed").reduce((n, r) => n + r.unreadable, 0);
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
    : "Every encrypted value and every keyed hash of a value we hold is under the newest key. Links and codes sent before the rotation are hashes of what we never kept: they work only while the older key is listed (README, step 3).",
);
