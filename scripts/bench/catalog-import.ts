/**
 * How fast the catalog importer is (issue 27): a generated full-size CMS Rate PUF — 100 new
 * plans × 20 rating areas × 51 ages = 102,000 rows (CATALOG_BENCH_PLANS to change the plans),
 * with its plans and rating-area files — read and checked, kept as a draft, previewed and
 * published, on a fresh SQLite database and on PostgreSQL (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped afterwards).
 * Prints each phase's time, the total and rows per second.
 *
 *   npx tsx scripts/bench/catalog-import.ts [--db sqlite|postgres|all]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../../app/.server/platform/config";
import { migrate, openStore, type Store } from "../../app/.server/db/connection";
import { seedDatabase } from "../../app/.server/db/seed";
import { createCipher } from "../../app/.server/platform/crypto";
import { createServices } from "../../app/.server/services";
import { createLogger } from "../../app/.server/platform/log";
import { checkUpload, previewVersion, publishVersion } from "../../app/.server/operators/catalog/versions";
import { insertDraft } from "../../app/.server/repositories/catalog-versions";
import { loadCatalog } from "../../app/.server/repositories/catalog";
import { todayIso } from "../../app/domain/dates";

const PLANS = Number(process.env.CATALOG_BENCH_PLANS ?? 100);
const AREAS = 20;
const AGES = ["0-14", ...Array.from({ length: 49 }, (_, i) => String(15 + i)), "64 and over"];
const KEY = "7f".repeat(32);

function files(effective: string, until: string) {
  const header =
    "BusinessYear,StateCode,IssuerId,PlanId,RatingAreaId,Tobacco,Age,IndividualRate,IndividualTobaccoRate,Couple,PrimarySubscriberAndOneDependent,PrimarySubscriberAndTwoDependents,PrimarySubscriberAndThreeOrMoreDependents,CoupleAndOneDependent,CoupleAndTwoDependents,CoupleAndThreeOrMoreDependents,RateEffectiveDate,RateExpirationDate";
  const lines = [header];
  const plans = ["code,status,category,carrier,name_en,name_es,states,age_min,age_max,audience"];
  for (let p = 0; p < PLANS; p++) {
    const code = `21989TX${String(1000000 + p).slice(1)}1`;
    plans.push(`${code},offered,medical,summit-mutual,Bench Silver ${p},Plata de prueba ${p},TX,18,64,under65`);
    for (let a = 1; a <= AREAS; a++)
      AGES.forEach((age, i) => {
        const rate = (250 + p + a * 3 + i * 7.31).toFixed(2);
        const tobacco = (Number(rate) * 1.2).toFixed(2);
        lines.push(
          `2027,TX,21989,${code},Rating Area ${a},Tobacco User/Non-Tobacco User,${age},${rate},${tobacco},,,,,,,,${effective},${until}`,
        );
      });
  }
  const areas = ["state,rating_area,zip3"];
  for (let a = 1; a <= AREAS; a++) areas.push(`TX,${a},${String(749 + a).padStart(3, "0")}`);
  const enc = (s: string) => new TextEncoder().encode(`${s}\n`);
  return {
    rows: lines.length - 1,
    upload: [
      { name: "Rate_PUF.csv", bytes: enc(lines.join("\n")) },
      { name: "plans.csv", bytes: enc(plans.join("\n")) },
      { name: "rating-areas.csv", bytes: enc(areas.join("\n")) },
    ],
  };
}

async function open(kind: "sqlite" | "postgres"): Promise<{ store: Store; close: () => Promise<void> }> {
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-bench-"));
    const store = openStore(path.join(dir, "store.db"));
    return {
      store,
      close: async () => {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `catalog_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = openStore(url, { poolSize: 1 });
  await sql.raw(`create schema ${schema}`).execute(admin.db);
  const store = openStore(url, { searchPath: schema, poolSize: 4 });
  return {
    store,
    close: async () => {
      await store.close();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    },
  };
}

async function run(kind: "sqlite" | "postgres") {
  const { store, close } = await open(kind);
  try {
    await migrate(store);
    await seedDatabase(store.db, createCipher(Buffer.from(KEY, "hex")), new Date(), store.dialect);
    const config = loadConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghij",
      ENCRYPTION_KEY: KEY,
      LOG_LEVEL: "silent",
    });
    const services = createServices(config, store, { log: createLogger("silent") });
    const today = todayIso(new Date());
    const effective = `${Number(today.slice(0, 4)) + 1}-01-01`;
    const { rows, upload } = files(effective, `${Number(today.slice(0, 4)) + 1}-12-31`);
    const bytes = upload.reduce((n, f) => n + f.bytes.byteLength, 0);
    const times: [string, number][] = [];
    const time = async <T>(name: string, f: () => Promise<T>) => {
      const t = performance.now();
      const v = await f();
      times.push([name, performance.now() - t]);
      return v;
    };
    const checked = await time("read + validate", () => checkUpload(services, upload));
    if (!checked.ok) throw new Error(`the generated upload has problems: ${JSON.stringify(checked.problems.slice(0, 3))}`);
    const { versionId } = await time("draft (one transaction)", () =>
      insertDraft(store.db, checked.upload, { source: "bench", now: new Date(), by: "bench" }),
    );
    await time("preview", () => previewVersion(services, versionId, effective));
    const published = await time("publish", () => publishVersion(services, versionId, effective, { by: "bench" }));
    if (!published.ok) throw new Error(published.reason);
    await time("catalog read after publish", () => loadCatalog(store.db, effective));
    const total = times.slice(0, 4).reduce((n, [, ms]) => n + ms, 0);
    console.log(
      `\n${kind}: ${rows.toLocaleString("en-US")} Rate PUF rows (${PLANS} plans × ${AREAS} areas × ${AGES.length} ages), ${(bytes / 1e6).toFixed(1)} MB, ${checked.upload.rateCount.toLocaleString("en-US")} price rows`,
    );
    for (const [name, ms] of times) console.log(`  ${name.padEnd(28)} ${(ms / 1000).toFixed(2)} s`);
    console.log(
      `  total (validate+draft+preview+publish) ${(total / 1000).toFixed(2)} s — ${Math.round(rows / (total / 1000)).toLocaleString("en-US")} rows/s`,
    );
  } finally {
    await close();
  }
}

const arg = process.argv.indexOf("--db");
const which = arg >= 0 ? process.argv[arg + 1] : "all";
for (const kind of ["sqlite", "postgres"] as const) if (which === "all" || which === kind) await run(kind);
