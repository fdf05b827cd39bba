/**
 * Census import speed (issue 28): a generated 5,000-employee census (CSV, and the same as XLSX)
 * checked whole, previewed, applied in one transaction, then uploaded again (nothing to change),
 * on a fresh database with the demo data — SQLite in a temporary file, or PostgreSQL in a schema
 * of its own when BENCH_DATABASE_URL is set.
 *
 *   npx tsx scripts/bench/census-import.ts [rows]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../../app/.server/platform/config";
import { migrate, openStore } from "../../app/.server/db/connection";
import { seedDatabase } from "../../app/.server/db/seed";
import { createCipher } from "../../app/.server/platform/crypto";
import { createServices } from "../../app/.server/services";
import { createLogger } from "../../app/.server/platform/log";
import { applyCensus, censusPreview, checkCensusFile } from "../../app/.server/employers/census";
import { writeXlsx } from "../../app/.server/adapters/spreadsheets";
import { CENSUS_HEADINGS } from "../../app/domain/census";
import { verifiedData } from "../../app/domain/session-mode";

const ROWS = Number(process.argv[2] ?? 5000);
const KEY = crypto.randomBytes(32).toString("hex");

/** A valid-shaped SSN per employee (area 100–665, group 01–99, serial 0001–9999), all distinct. */
const ssnOf = (i: number) =>
  `${100 + (i % 500)}${String(1 + (Math.floor(i / 500) % 99)).padStart(2, "0")}${String(1 + i).padStart(4, "0")}`;
const two = (n: number) => String(n).padStart(2, "0");
/** A name of letters only, distinct per employee (0 → Aaa, 1 → Aab…). */
const letters = (i: number) => {
  let s = "";
  for (let n = i, k = 0; k < 4; k++, n = Math.floor(n / 26)) s = String.fromCharCode(97 + (n % 26)) + s;
  return s[0]!.toUpperCase() + s.slice(1);
};

function employeeRows(n: number) {
  const rows: string[][] = [CENSUS_HEADINGS];
  for (let i = 0; i < n; i++) {
    rows.push([
      `B${String(i + 1).padStart(5, "0")}`,
      "Employee",
      `Fern${letters(i).toLowerCase()}`,
      `Lowe${letters(i + 7).toLowerCase()}`,
      `${two(1 + (i % 12))}/${two(1 + (i % 28))}/${1960 + (i % 40)}`,
      i % 2 ? "F" : "M",
      `employee${i}@example.com`,
      `214555${String(i % 10000).padStart(4, "0")}`,
      ssnOf(i),
      `${two(1 + (i % 12))}/01/${2010 + (i % 15)}`,
      "",
      i % 10 === 0 ? "Leave" : "Active",
      i % 3 ? "Full time" : "Part time",
      `${i} Main St`,
      "",
      "Dallas",
      "TX",
      "75201",
    ]);
  }
  return rows;
}

async function timed<T>(label: string, work: () => Promise<T>) {
  const start = performance.now();
  const out = await work();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`);
  return { out, ms };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  let cleanup: () => Promise<void>;
  let store: ReturnType<typeof openStore>;
  if (url) {
    const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
    const admin = openStore(url, { poolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    store = openStore(url, { searchPath: schema, poolSize: 4 });
    cleanup = async () => {
      await store.close();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "census-bench-"));
    store = openStore(path.join(dir, "store.db"));
    cleanup = async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
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
    // the demo Acme admin's verified session, as a sign-in by code makes it
    const request = new Request("http://localhost/group-census", { headers: { "user-agent": "census-bench" } });
    const session = await services.sessions.read(request);
    const data = verifiedData(session.all(), { kind: "group_admin", group: { id: 1, repId: 1, portalId: 2 } });
    await services.sessions.startStaff(session, request, { kind: "group_admin", repId: null, groupId: 1, adminId: 1 }, data);

    const rows = employeeRows(ROWS);
    const csv = rows.map((r) => r.join(",")).join("\n");
    const xlsx = await writeXlsx(rows);
    console.log(
      `census of ${ROWS} employees: CSV ${(csv.length / 1024).toFixed(0)} KiB, XLSX ${(xlsx.byteLength / 1024).toFixed(0)} KiB, ${url ? "PostgreSQL" : "SQLite"}`,
    );
    const file = (name: string, bytes: Uint8Array | string) => new File([bytes], name);

    const xl = await timed("XLSX: read + check whole file", () => checkCensusFile(services, session, 1, file("census.xlsx", xlsx)));
    if (!xl.out.ok) throw new Error(`XLSX refused: ${JSON.stringify(xl.out.problems.slice(0, 3))}`);
    const checked = await timed("CSV: read + check whole file + keep sealed", () =>
      checkCensusFile(services, session, 1, file("census.csv", csv)),
    );
    if (!checked.out.ok) throw new Error(`CSV refused: ${JSON.stringify(checked.out.problems.slice(0, 3))}`);
    const id = checked.out.uploadId;
    const preview = await timed("preview against the roster", () => censusPreview(services, session, 1, id));
    if (preview.out.counts.add !== ROWS) throw new Error(`expected ${ROWS} adds, got ${preview.out.counts.add}`);
    const applied = await timed("apply (one transaction, audited)", () => applyCensus(services, session, 1, id));
    if (!applied.out.ok) throw new Error("not applied");
    const again = await timed("same file again: read + check (SSNs on file)", () =>
      checkCensusFile(services, session, 1, file("census.csv", csv)),
    );
    if (!again.out.ok) throw new Error("the same file was refused");
    const second = await timed("same file again: preview (nothing to change)", () =>
      censusPreview(services, session, 1, (again.out as { uploadId: number }).uploadId),
    );
    if (second.out.changes.length !== 0) throw new Error(`expected no change, got ${second.out.changes.length}`);
    const total = checked.ms + preview.ms + applied.ms;
    console.log(
      `${"CSV upload to applied roster, end to end".padEnd(44)} ${total.toFixed(0).padStart(7)} ms (${((ROWS / total) * 1000).toFixed(0)} rows/s)`,
    );
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
