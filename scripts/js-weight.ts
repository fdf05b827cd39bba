/**
 * npx tsx scripts/js-weight.ts [base URL] — the JavaScript (gzip -9) a cold load of each main
 * page makes the browser fetch: /, /plans, a plan's page, /cart and the first wizard step.
 * With a base URL (say http://127.0.0.1:3000) it weighs that running server; without one it
 * starts the built server (run `npm run build` first) on a fresh SQLite database and stops it after.
 * Exits 1 when a page loads more than JS_BUDGET_KB (default 100) KB of gzip JavaScript.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { choosePort, startServer } from "./bench/server";
import { jsWeightPerPage, type PageJs } from "./bench/weight";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const budget = Number(process.env.JS_BUDGET_KB ?? 100);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function jsWeightTable(rows: PageJs[]) {
  const lines = rows.map((r) => [
    r.label,
    String(r.weight.status),
    String(r.weight.jsFiles),
    kb(r.weight.jsRaw),
    kb(r.weight.jsGzip),
    kb(r.weight.htmlGzip),
  ]);
  const header = ["page", "status", "JS files", "JS KB", "JS gz KB", "HTML gz KB"];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(line)].join("\n");
}

async function main() {
  const given = process.argv[2];
  const server = given ? null : startServer(root, await choosePort());
  try {
    if (server) await server.ready();
    const rows = await jsWeightPerPage(given ?? server!.target.origin);
    console.log(jsWeightTable(rows));
    console.log(
      "KB = 1024 bytes; gzip level 9; JS = <script src>, modulepreload, the inline module script's imports and their static imports.",
    );
    const over = rows.filter((r) => r.weight.jsGzip / 1024 > budget);
    for (const r of rows)
      if (r.weight.notPreloaded.length)
        console.log(`note: ${r.label} imports modules it does not preload: ${r.weight.notPreloaded.join(", ")}`);
    if (over.length) {
      console.log(`Over the ${budget} KB budget: ${over.map((r) => r.label).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
