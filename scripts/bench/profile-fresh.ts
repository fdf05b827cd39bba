/**
 * Profiles the fresh render of a page (issue 24): starts the built server with --cpu-prof over a
 * fresh SQLite database, makes 40 quoted visitors (40 different quotes), warms up, then loads
 * `path` for BENCH_SECONDS (default 15) with `Cache-Control: no-cache` (every response a render,
 * checked), stops the server and sums the profile's samples of the measured window by category
 * (profile-summary.ts), per response.
 *
 *   npm run build   (add `-- --sourcemapServer` to the remix build for app code mapped to its files)
 *   npx tsx scripts/bench/profile-fresh.ts [/plans | /plans?type=dental] [--keep dir]
 *
 * V8 stamps samples with the monotonic clock, as process.hrtime does in this process: the
 * window is this process's load start and end. BENCH_PORT as for the bench.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runLoad, type Step } from "./load";
import { choosePort, startServer } from "./server";
import { BROWSER, quoteFacts, Visitor } from "./visitor";
import { bundleSources, report, summarise, type CpuProfile } from "./profile-summary";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const pagePath = args.find((a) => a.startsWith("/")) ?? "/plans";
const keepAt = args.includes("--keep") ? args[args.indexOf("--keep") + 1] : undefined;
const seconds = Number(process.env.BENCH_SECONDS || 15);
const connections = Number(process.env.BENCH_CONNECTIONS || 16);

const dir = keepAt ?? fs.mkdtempSync(path.join(os.tmpdir(), "prof-"));
fs.mkdirSync(dir, { recursive: true });
const before = new Set(fs.readdirSync(dir));
process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ""} --cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=500`;
const server = startServer(root, await choosePort(0));
process.once("exit", () => server.killNow());
try {
  await server.ready();
  const visitors: Visitor[] = [];
  for (let n = 0; n < 40; n++) {
    const v = new Visitor(server.target);
    await v.quote(quoteFacts(n));
    visitors.push(v);
  }
  const steps: Step[] = visitors.map((v) => ({
    method: "GET",
    path: pagePath,
    headers: { ...BROWSER, "Cache-Control": "no-cache", Cookie: v.cookie() },
  }));
  const lanes = [{ target: server.target, connections, sequence: steps, rotate: Math.max(1, Math.floor(steps.length / connections)) }];
  await runLoad({ lanes, warmupSeconds: 0, seconds: 3, serverPids: [server.pid] });
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await runLoad({ lanes, warmupSeconds: 0, seconds, serverPids: [server.pid] });
  const to = Number(process.hrtime.bigint() / 1000n);
  if (result.cache.hit) throw new Error(`${result.cache.hit} responses came from the page cache: not a fresh render`);
  await server.stop();
  // the largest new profile: the server's main thread (tsx's loader thread writes a small one too)
  const written = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile") && !before.has(f))
    .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size);
  if (!written.length) throw new Error(`no new profile in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, written[0]), "utf8")) as CpuProfile;
  const summary = summarise(profile, await bundleSources(path.join(root, "build/server")), { from, to });
  console.log(
    `GET ${pagePath} fresh (Cache-Control: no-cache), 40 quotes, ${connections} connections, ${seconds} s: ${result.requests} responses, ` +
      `${result.requestsPerSecond.toFixed(0)} req/s, p97.5 ${result.p975.toFixed(1)} ms, server CPU ${result.serverCpuMsPerResponse.toFixed(2)} ms/resp, ` +
      `cache ${JSON.stringify(result.cache)}, ${(result.meanResponseBytes / 1024).toFixed(1)} KB/resp ${result.contentEncoding}\n` +
      `profile ${path.join(dir, written[0])}, window ${((to - from) / 1e6).toFixed(1)} s, sampled busy ${(summary.busyUs / 1000).toFixed(0)} ms\n`,
  );
  console.log(report(summary, result.requests));
  if (!keepAt) fs.rmSync(dir, { recursive: true, force: true });
} finally {
  await server.stop();
}
