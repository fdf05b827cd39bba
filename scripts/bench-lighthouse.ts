/**
 * npm run bench:lighthouse — Lighthouse's mobile performance score of /, /plans, a plan page
 * and /cart (goal ≥ 95 each, issue 17), for the built server on a fresh SQLite database, as
 * seen by a visitor who has quoted and put a plan in the cart (the same pages `npm run bench`
 * audits at the end of its SQLite run). Run `npm run build` first.
 *
 * Options: --runs N (audits per page, the median is kept; default 3). Environment:
 * BENCH_PORT, CHROMIUM_PATH (default /usr/bin/chromium).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lighthouseScores } from "./bench/lighthouse";
import { choosePort, startServer } from "./bench/server";
import { fixed, formatTable, verdict } from "./bench/stats";
import { ONE_QUOTE, Visitor } from "./bench/visitor";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function runsOption(argv: string[]) {
  const i = argv.findIndex((a) => a === "--runs" || a.startsWith("--runs="));
  if (i === -1) return 3;
  const raw = argv[i] === "--runs" ? argv[i + 1] : argv[i].slice(7);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`--runs ${raw}: a whole number from 1 to 9`);
  return n;
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")) || !fs.existsSync(path.join(root, "build/server.js"))) {
    console.error("No build found (build/server/index.js, build/server.js): run `npm run build` first.");
    process.exit(1);
  }
  const runs = runsOption(process.argv.slice(2));
  const server = startServer(root, await choosePort());
  process.once("exit", () => server.killNow());
  process.once("SIGINT", () => process.exit(130));
  try {
    await server.ready();
    const shopper = new Visitor(server.target);
    await shopper.quote(ONE_QUOTE);
    const planPath = await shopper.addFirstPlan(`/plans?type=${ONE_QUOTE.category}`);
    const cookie = shopper.cookie();
    const pages = [
      { path: "/", cookie: "" },
      { path: "/plans", cookie },
      { path: planPath, cookie },
      { path: "/cart", cookie },
    ];
    console.log(`Lighthouse (mobile, simulated throttling), ${runs} run(s) per page, median kept…`);
    const started = performance.now();
    const scores = await lighthouseScores(server.target, pages, runs);
    console.log(
      `\n${formatTable(
        ["page", "score", "runs", "LCP s", "TBT ms", "goal ≥ 95"],
        scores.map((s) => [
          s.path,
          fixed(s.score, 0),
          s.runs.join(" "),
          fixed(s.lcpMs / 1000),
          fixed(s.tbtMs, 0),
          s.error && !s.runs.length ? `n/a: ${s.error}` : verdict(s.score, { kind: "min", bound: 95 }),
        ]),
      )}\n\n(${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  } finally {
    await server.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(`Lighthouse could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
