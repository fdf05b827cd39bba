/**
 * npm run bench — prints performance figures for the built server on SQLite. A benchmark,
 * not a test: it never passes or fails on the numbers.
 *
 *   1. starts `server.ts` (production mode, the build in build/) on a fresh temporary SQLite
 *      database, which the server migrates and seeds with the demo catalog;
 *   2. gets a priced quote like a browser (GET /, then POST the quote form with its CSRF token);
 *   3. load-tests, with a closed-loop generator over keep-alive connections:
 *      /plans with the quote (priced listing of every plan), /plans?type=dental, and one
 *      fingerprinted static asset as the baseline (what Express alone costs);
 *   4. weighs the JavaScript (raw and gzip -9) and the HTML each page makes a browser load.
 *
 * Environment: BENCH_SECONDS (measured seconds per scenario, default 10), BENCH_WARMUP
 * (seconds, default 2), BENCH_CONNECTIONS (concurrent clients, default 16), BENCH_PORT
 * (default 3300, or any free port).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CookieJar, findForm, request, startTags, type Target } from "./bench/http";
import { runLoad, type LoadResult } from "./bench/load";
import { choosePort, startServer, type RunningServer } from "./bench/server";
import { pageWeight, type PageWeight } from "./bench/weight";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuild = path.join(root, "build/server/index.js");

/** A positive number from the environment, or the default. */
function numberFromEnv(name: string, fallback: number, { integer = false } = {}) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${raw} must be a ${integer ? "whole " : ""}number ≥ 0`);
  }
  return value;
}

const SECONDS = numberFromEnv("BENCH_SECONDS", 10);
const WARMUP = numberFromEnv("BENCH_WARMUP", 2);
const CONNECTIONS = Math.max(1, numberFromEnv("BENCH_CONNECTIONS", 16, { integer: true }));

/** The quote a visitor fills in on the home page. */
const QUOTE = { zip: "75201", dob: "04/12/1988", gender: "0", spouseDob: "", childCount: "0", category: "dental" };

/** What a browser sends with every navigation (it accepts compressed responses). */
const BROWSER = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Encoding": "gzip, deflate, br", "User-Agent": "bench" };

/** Fraction of CPU time (all cores) spent idle over the next `ms` milliseconds. */
async function cpuIdle(ms: number) {
  const totals = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        acc.idle += t.idle;
        acc.all += t.idle + t.user + t.nice + t.sys + t.irq;
        return acc;
      },
      { idle: 0, all: 0 },
    );
  const before = totals();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = totals();
  return after.all > before.all ? (after.idle - before.idle) / (after.all - before.all) : 1;
}

// ---------------------------------------------------------------------------------------
// Quote session

type Session = { jar: CookieJar; homeHtml: string; plansHtml: string };

/**
 * GET / (cookies and CSRF token), POST the quote form, expect the redirect to the dental
 * plans, then check that /plans shows prices. Throws with what went wrong otherwise.
 */
async function quoteSession(target: Target): Promise<Session> {
  const jar = new CookieJar();
  const home = await request(target, "GET", "/", { headers: { "Accept-Encoding": "identity" } });
  if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
  jar.update(home.headers);
  const homeHtml = home.body.toString("utf8");

  const form = findForm(homeHtml, "quote");
  if (!form) throw new Error('GET / has no <form id="quote">');
  const csrf = form.fields.csrf;
  if (!csrf) throw new Error('the quote form has no hidden input name="csrf"');
  // The form posts to its own action: "/?index" (Remix answers 405 to POST / for an index route).
  const action = form.action || "/?index";

  const body = new URLSearchParams({ csrf, intent: "quote", ...QUOTE, __rvfInternalFormId: "quote" }).toString();
  const posted = await request(target, "POST", action, {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: target.origin,
      Cookie: jar.header(),
      "Accept-Encoding": "identity",
    },
    body,
  });
  jar.update(posted.headers);
  const location = posted.headers.location ?? "";
  if (posted.status !== 302 || !location.startsWith("/plans?type=dental")) {
    throw new Error(`POST ${action} answered ${posted.status} (Location: ${location || "none"}), expected 302 to /plans?type=dental`);
  }

  const plans = await request(target, "GET", "/plans", { headers: { Cookie: jar.header(), "Accept-Encoding": "identity" } });
  const plansHtml = plans.body.toString("utf8");
  if (plans.status !== 200) throw new Error(`GET /plans with the quote answered ${plans.status}`);
  if (!plansHtml.includes("/month")) throw new Error("GET /plans with the quote shows no price (no “/month” in the HTML)");
  return { jar, homeHtml, plansHtml };
}

// ---------------------------------------------------------------------------------------
// Printing

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Renders rows as aligned columns: first column left-aligned, the others right-aligned. */
function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function loadTable(results: { label: string; result: LoadResult }[]) {
  return table(
    ["scenario", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "KB/resp", "encoding", "CPU% server/bench/other"],
    results.map(({ label, result: r }) => [
      label,
      String(r.requests),
      r.requestsPerSecond.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      ms(r.max),
      String(r.errors),
      kb(r.meanBodyBytes),
      r.contentEncoding,
      [r.cpu.server, r.cpu.generator, r.cpu.other].map((v) => (Number.isFinite(v) ? v.toFixed(0) : "-")).join(" / "),
    ]),
  );
}

function weightTable(weights: { label: string; weight: PageWeight }[]) {
  return table(
    ["page", "status", "HTML KB", "HTML gz KB", "JS files", "JS KB", "JS gz KB"],
    weights.map(({ label, weight: w }) => [
      label,
      String(w.status),
      kb(w.htmlRaw),
      kb(w.htmlGzip),
      String(w.jsFiles),
      kb(w.jsRaw),
      kb(w.jsGzip),
    ]),
  );
}

// ---------------------------------------------------------------------------------------
// Main

async function main() {
  if (!fs.existsSync(serverBuild)) {
    console.error("No build found (build/server/index.js): run `npm run build` first.");
    process.exit(1);
  }
  const buildTime = fs.statSync(serverBuild).mtimeMs;
  const startedAt = new Date();
  // Other work on the machine (tests, builds) competes with the server for the CPU: recorded.
  const idleBefore = await cpuIdle(1000);

  const port = await choosePort();
  console.log(`Starting the built server on port ${port} with a fresh SQLite database…`);
  const server: RunningServer = startServer(root, port);

  // Whatever happens from here on (error, Ctrl-C), the server is stopped and the temp dir removed.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server…`);
    server.killNow();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("exit", () => server.killNow());

  try {
    const bootStart = performance.now();
    await server.ready();
    const bootSeconds = (performance.now() - bootStart) / 1000;

    const target = server.target;
    const session = await quoteSession(target);
    const cookie = session.jar.header();

    // Catalog size and the pages to weigh, read from the priced listing.
    const planCards = new Set([...session.plansHtml.matchAll(/data-testid="plan-card-(\d+)"/g)].map((m) => m[1])).size;
    const planLink = startTags(session.plansHtml, "a").find((a) => a.attrs.href?.startsWith("/plan/"))?.attrs.href;
    // The baseline asset: the first fingerprinted script the home page references.
    const asset = session.homeHtml.match(/\/assets\/[^"'\s)]+\.js/)?.[0];
    if (!asset) throw new Error("the home page references no /assets/*.js file");

    // Sanity check before spending seconds on it: every load-tested URL answers 200.
    const scenarios = [
      { label: "GET /plans (quote, priced, all plans)", path: "/plans", headers: { ...BROWSER, Cookie: cookie } },
      { label: "GET /plans?type=dental (quote, priced)", path: "/plans?type=dental", headers: { ...BROWSER, Cookie: cookie } },
      { label: `GET ${asset} (static baseline)`, path: asset, headers: { ...BROWSER, Accept: "*/*" } },
    ];
    for (const s of scenarios) {
      const res = await request(target, "GET", s.path, { headers: s.headers });
      if (res.status !== 200) throw new Error(`GET ${s.path} answered ${res.status} before the load test`);
    }

    const loads: { label: string; result: LoadResult }[] = [];
    for (const s of scenarios) {
      console.log(`Load: ${s.label}: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s…`);
      const result = await runLoad(target, { path: s.path, headers: s.headers, connections: CONNECTIONS, warmupSeconds: WARMUP, seconds: SECONDS, serverPid: server.pid });
      loads.push({ label: s.label, result });
    }

    console.log("Weighing the pages…");
    const pages = [
      { label: "/", path: "/" },
      { label: "/plans?type=dental", path: "/plans?type=dental" },
      ...(planLink ? [{ label: `${planLink.replace(/^(\/plan\/\d+\/).*/, "$1…")} (plan detail)`, path: planLink }] : []),
      { label: "/cart", path: "/cart" },
      { label: "/access", path: "/access" },
    ];
    const assetCache = new Map<string, Buffer | number>();
    const weights: { label: string; weight: PageWeight }[] = [];
    for (const p of pages) weights.push({ label: p.label, weight: await pageWeight(target, p.path, cookie, assetCache) });

    // ---- Report -------------------------------------------------------------------------
    const cpus = os.cpus();
    const notes: string[] = [];
    for (const { label, result } of loads) {
      if (result.cpu.other > 25) notes.push(`${label}: other processes used ${result.cpu.other.toFixed(0)}% of a core meanwhile: figures are understated; run again when idle.`);
      if (result.errors) notes.push(`${label}: ${result.errors} errors, e.g. ${result.errorSamples.join("; ")}`);
    }
    for (const { label, weight } of weights) {
      if (weight.status !== 200) notes.push(`${label} answered HTTP ${weight.status}: its figures are for that response.`);
      if (weight.missing.length) notes.push(`${label}: scripts not loaded: ${weight.missing.join(", ")}`);
      if (weight.notPreloaded.length) notes.push(`${label}: ${weight.notPreloaded.length} module(s) imported but not preloaded: ${weight.notPreloaded.join(", ")}`);
    }
    if (!planLink) notes.push("no /plan/ link on /plans: the plan detail page was not weighed.");
    if (idleBefore < 0.8) {
      notes.push(`other processes were using the CPU before the run (only ${(idleBefore * 100).toFixed(0)}% idle): figures are understated; run again when the machine is idle.`);
    }
    if (fs.existsSync(serverBuild) && fs.statSync(serverBuild).mtimeMs !== buildTime) {
      notes.push("the build changed during the run (someone rebuilt): figures may mix two builds; run again.");
    }

    console.log(`
=== Benchmark: built server (server.ts, NODE_ENV=production) on SQLite ===
Date:        ${startedAt.toISOString()}
Node:        ${process.version} (${process.platform} ${process.arch}), ${cpus.length} CPU(s) ${cpus[0]?.model.trim() ?? ""}, load generator on the same machine;
             CPU idle in the second before the run: ${(idleBefore * 100).toFixed(0)}%
Catalog:     ${planCards} plans (plan cards on the priced /plans); server ready in ${bootSeconds.toFixed(1)} s (migrate + seed)
Quote:       ${QUOTE.category}, ZIP ${QUOTE.zip}, DOB ${QUOTE.dob}, no spouse or children; cookies: ${session.jar.names().join(", ")}
Load:        closed loop, ${CONNECTIONS} keep-alive connections, ${WARMUP} s warm-up then ${SECONDS} s measured per scenario;
             Accept-Encoding "${BROWSER["Accept-Encoding"]}"; latency = request sent → last byte; errors = non-2xx or socket errors;
             CPU% = share of one core used while measuring by the server process, this script, and everything else

Throughput and latency
${loadTable(loads)}

Page weight (as a cold browser load fetches it; gzip = zlib level 9, measured locally; KB = 1024 bytes)
${weightTable(weights)}
JS = <script src>, <link rel="modulepreload">, modules imported by the inline module script, and their static imports.
${notes.length ? `\nNotes:\n${notes.map((n) => `  - ${n}`).join("\n")}\n` : ""}`);
  } catch (error) {
    console.error(`\nThe benchmark could not run: ${error instanceof Error ? error.message : String(error)}`);
    const output = server.output().trim();
    if (output) console.error(`\nServer output (last lines):\n${output.split("\n").slice(-30).join("\n")}`);
    process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(`The benchmark could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
