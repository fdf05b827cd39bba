/**
 * npm run bench:memory — does the built server's resting memory settle under repeated load?
 *
 *   1. starts the built server (`node build/server.js`, production mode) on a fresh temporary SQLite
 *      database, like `npm run bench`;
 *   2. gets a priced quote like a browser (a session cookie with a quote in it);
 *   3. bursts of load with autocannon: the priced plan list with that session, the home
 *      page without a cookie (a new session each time), a plan page and a 404 — each burst
 *      MEMORY_BURST_SECONDS (default 20) over MEMORY_CONNECTIONS (default 16) connections
 *      (MEMORY_BURSTS, default 5; issue 23's shape: MEMORY_BURSTS=4 MEMORY_BURST_SECONDS=10
 *      MEMORY_CONNECTIONS=20);
 *   4. after each burst, a rest of MEMORY_REST_SECONDS (default 15: the collector runs while
 *      idle) and then the server process's resident memory (VmRSS, from /proc) is printed.
 *
 * No endpoint or flag is added to the server to force a collection: what is measured is the
 * production server as it runs (which collects by itself once it falls quiet after a burst:
 * app/.server/platform/idle-collect.ts). Resting memory that keeps rising burst after burst means
 * something is kept per request. A benchmark, not a test: it never fails on the numbers.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { CookieJar, findForm, request, startTags, type Target } from "./bench/http";
import { choosePort, startServer } from "./bench/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function numberFromEnv(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw} must be a number > 0`);
  return value;
}

const BURSTS = Math.round(numberFromEnv("MEMORY_BURSTS", 5));
const BURST_SECONDS = numberFromEnv("MEMORY_BURST_SECONDS", 20);
const REST_SECONDS = numberFromEnv("MEMORY_REST_SECONDS", 15);
const CONNECTIONS = Math.round(numberFromEnv("MEMORY_CONNECTIONS", 16));
/** what the load accepts: a browser's list by default; MEMORY_ENCODING=gzip (or identity) leaves Brotli out */
const ENCODING = process.env.MEMORY_ENCODING || "gzip, deflate, br";

/** The server's resident and peak memory, in MB, as the kernel counts them. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function quoteCookie(target: Target) {
  const jar = new CookieJar();
  const home = await request(target, "GET", "/", { headers: { "Accept-Encoding": "identity" } });
  jar.update(home.headers);
  const form = findForm(home.body.toString("utf8"), "quote");
  if (!form?.fields.csrf) throw new Error("GET / has no quote form with a CSRF token");
  const body = new URLSearchParams({
    csrf: form.fields.csrf,
    intent: "quote",
    zip: "75201",
    dob: "04/12/1988",
    gender: "0",
    spouseDob: "",
    childCount: "0",
    category: "dental",
    __rvfInternalFormId: "quote",
  }).toString();
  const posted = await request(target, "POST", form.action || "/?index", {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: target.origin,
      Cookie: jar.header(),
      "Accept-Encoding": "identity",
    },
    body,
  });
  jar.update(posted.headers);
  if (posted.status !== 302) throw new Error(`the quote form answered ${posted.status}`);
  const plans = await request(target, "GET", "/plans", { headers: { Cookie: jar.header(), "Accept-Encoding": "identity" } });
  const planLink = startTags(plans.body.toString("utf8"), "a").find((a) => a.attrs.href?.startsWith("/plan/"))?.attrs.href ?? "/plans";
  return { cookie: jar.header(), planLink };
}

function burst(target: Target, cookie: string, planLink: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const headers = { Host: new URL(target.origin).host, Accept: "text/html", "Accept-Encoding": ENCODING };
    autocannon(
      {
        url: `http://${target.host}:${target.port}`,
        connections: CONNECTIONS,
        duration: BURST_SECONDS,
        requests: [
          { method: "GET", path: "/plans", headers: { ...headers, Cookie: cookie } },
          { method: "GET", path: "/", headers },
          { method: "GET", path: planLink, headers: { ...headers, Cookie: cookie } },
          { method: "GET", path: "/no-such-page", headers },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")) || !fs.existsSync(path.join(root, "build/server.js"))) {
    console.error("No build found (build/server/index.js, build/server.js): run `npm run build` first.");
    process.exit(1);
  }
  const port = await choosePort();
  console.log(`Starting the built server on port ${port} (fresh SQLite database)…`);
  const server = startServer(root, port);
  process.once("exit", () => server.killNow());
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      server.killNow();
      process.exit(130);
    });
  try {
    await server.ready();
    const pid = server.pid!;
    const { cookie, planLink } = await quoteCookie(server.target);
    await sleep(REST_SECONDS * 1000);
    const start = memoryOf(pid);
    console.log(
      `${BURSTS} bursts of ${BURST_SECONDS} s over ${CONNECTIONS} connections (Accept-Encoding: ${ENCODING}), ${REST_SECONDS} s rest before each reading`,
    );
    console.log(`before load         resting RSS ${start.rss.toFixed(0)} MB`);
    const rows: string[] = [];
    for (let i = 1; i <= BURSTS; i++) {
      const r = await burst(server.target, cookie, planLink);
      const during = memoryOf(pid);
      await sleep(REST_SECONDS * 1000);
      const after = memoryOf(pid);
      const line = `burst ${i}: ${r.requests.total} requests (${r.non2xx} non-2xx, ${r.errors} errors), peak RSS ${during.peak.toFixed(0)} MB, resting RSS ${after.rss.toFixed(0)} MB`;
      rows.push(after.rss.toFixed(0));
      console.log(line);
    }
    console.log(`resting RSS after each burst (MB): ${start.rss.toFixed(0)} → ${rows.join(" → ")}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(server.output());
    process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
