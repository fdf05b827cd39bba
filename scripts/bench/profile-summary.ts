/**
 * Where a server's CPU went: reads a V8 .cpuprofile (node --cpu-prof) and sums its samples by
 * category — pricing, recommendations, database reads, other loader logic, React rendering, i18n,
 * serialisation (JSON for loaders and hydration), compression, HTTP, crypto, GC — optionally only
 * the samples inside a time window (the load phase), and per response when the count is given.
 *
 * A sample belongs to the innermost frame that says what it is doing: frames that only carry work
 * along (Node's streams and buffers, V8 built-ins other than JSON) pass it on to their caller.
 * Frames of the server build (build/server/) are mapped back to their source file with
 * its source map when there is one (`npx remix vite:build --sourcemapServer`); without it they are
 * not told apart: they land in "other".
 *
 *   npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--from µs --to µs] [--responses n]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type CpuProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
export type CpuProfile = { nodes: CpuProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Maps a bundle position to its source file (null when unknown). */
export type SourceOf = (url: string, line: number, column: number) => string | null;

export const CATEGORIES = [
  "pricing (priced listing)",
  "recommendations",
  "database reads",
  "page cache (key, splice)",
  "loader logic (session, cart, shell, site)",
  "React render (components, react-dom)",
  "i18n",
  "serialisation (loader JSON, hydration data)",
  "compression",
  "Remix (routing, handler)",
  "HTTP (Express, Node, Fetch API)",
  "crypto (cookies, CSRF, hashes)",
  "GC",
  "V8 / unattributed",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The category a frame itself says, or null when it only carries its caller's work. */
export function frameCategory(functionName: string, url: string, source: string | null): Category | null {
  const where = source ?? url;
  if (functionName === "(garbage collector)") return "GC";
  if (functionName === "(program)") return "V8 / unattributed";
  if (functionName === "(root)" || functionName === "(idle)") return null;
  if (!url) {
    // V8 built-ins: JSON is serialisation, the rest is the caller's
    if (functionName === "stringify" || functionName === "parse") return "serialisation (loader JSON, hydration data)";
    return null;
  }
  if (/node:zlib|[\\/]zlib\.js|document-encoding|spliced-gzip|node_modules[\\/]compression[\\/]/.test(where)) return "compression";
  if (/node:crypto|node:internal[\\/]crypto|[\\/]platform[\\/]crypto|cookie-signature|csrf/.test(where))
    return "crypto (cookies, CSRF, hashes)";
  if (/domain[\\/]pricing|store[\\/]plan-cards|listing-cache/.test(where)) return "pricing (priced listing)";
  if (/recommend/.test(where)) return "recommendations";
  if (/plans-page|document-cache|plans-page-reads/.test(where)) return "page cache (key, splice)";
  if (
    /node_modules[\\/](better-sqlite3|kysely|pg|pg-protocol|pg-pool|pg-types|postgres-)|(^|[\\/])\.server[\\/](repositories|db)[\\/]/.test(
      where,
    )
  )
    return "database reads";
  if (/i18n|node_modules[\\/]i18next/.test(where)) return "i18n";
  if (
    /node_modules[\\/](react-dom|react|scheduler|react-router|react-router-dom|@remix-run[\\/]react|remix-utils|@vanilla-extract)[\\/]|(^|[\\/])app[\\/](components|routes|root\.tsx|entry\.server|views|utils|i18n)/.test(
      where,
    )
  )
    return "React render (components, react-dom)";
  if (/turbo-stream|server-runtime[\\/]dist[\\/](responses|serialize|markup|single-fetch)|escapeHtml/.test(where))
    return "serialisation (loader JSON, hydration data)";
  if (/node_modules[\\/](@remix-run[\\/](server-runtime|router)|@remix-run[\\/]router)[\\/]/.test(where)) return "Remix (routing, handler)";
  if (/(^|[\\/])app[\\/](\.server|domain)[\\/]/.test(where)) return "loader logic (session, cart, shell, site)";
  if (
    /node_modules[\\/](express|@remix-run[\\/](express|node|web-fetch)|undici|cookie|send|body-parser|finalhandler|router|on-finished|accepts|negotiator|vary|mime|etag|fresh|qs|content-type|range-parser)[\\/]|node:_http|node:http|node:net|internal[\\/]deps[\\/]undici|node:internal[\\/](http|url|fetch)|server\.ts$/.test(
      where,
    )
  )
    return "HTTP (Express, Node, Fetch API)";
  if (/build[\\/]server[\\/]/.test(where)) return "other";
  if (/^node:/.test(where)) return null; // streams, buffers, timers: the caller's work
  return "other";
}

/** Samples summed per category (µs) and per source (file or package), within [from, to] if given. */
export function summarise(profile: CpuProfile, sourceOf: SourceOf = () => null, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, Category | "idle">();
  const sourceName = (n: CpuProfileNode) => {
    const { url, lineNumber, columnNumber, functionName } = n.callFrame;
    const source = url ? sourceOf(url, lineNumber, columnNumber) : null;
    return { source, label: source ?? (url ? url : `(native) ${functionName || "anonymous"}`) };
  };
  const categorise = (id: number): Category | "idle" => {
    const known = categoryOf.get(id);
    if (known) return known;
    const n = byId.get(id)!;
    let result: Category | "idle";
    if (n.callFrame.functionName === "(idle)") result = "idle";
    else {
      const own = frameCategory(n.callFrame.functionName, n.callFrame.url, sourceName(n).source);
      const up = parent.get(id);
      result = own ?? (up !== undefined ? categorise(up) : "V8 / unattributed");
    }
    categoryOf.set(id, result);
    return result;
  };
  const categories = new Map<string, number>();
  const sources = new Map<string, number>();
  let t = profile.startTime;
  let busy = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // a sample's time is the gap to the next one
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (window && (t < window.from || t > window.to)) continue;
    const id = profile.samples[i];
    const category = categorise(id);
    if (category === "idle") {
      idle += dt;
      continue;
    }
    busy += dt;
    categories.set(category, (categories.get(category) ?? 0) + dt);
    const label =
      (category === "other" ? "[other] " : "") +
      sourceName(byId.get(id)!)
        .label.replace(/^.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+).*$/, "pkg $1")
        .replace(/^file:\/\/.*?[\\/](app|server\.ts)/, "$1");
    sources.set(label, (sources.get(label) ?? 0) + dt);
  }
  return { categories, sources, busyUs: busy, idleUs: idle };
}

/** The server build's source maps, when the build wrote them: a position in a file of `buildDir` → its source file. */
export async function bundleSources(buildDir: string): Promise<SourceOf> {
  let trace: typeof import("@jridgewell/trace-mapping");
  try {
    trace = await import("@jridgewell/trace-mapping");
  } catch {
    return () => null;
  }
  const maps = new Map<string, InstanceType<typeof trace.TraceMap> | null>();
  const cache = new Map<string, string | null>();
  const prefix = pathToFileURL(buildDir).href;
  return (url, line, column) => {
    if (!url.startsWith(prefix) && !url.startsWith(buildDir)) return null;
    const file = url.startsWith("file:") ? fileURLToPath(url) : url;
    if (!maps.has(file)) maps.set(file, fs.existsSync(`${file}.map`) ? new trace.TraceMap(fs.readFileSync(`${file}.map`, "utf8")) : null);
    const map = maps.get(file);
    if (!map) return null;
    const key = `${file}:${line}:${column}`;
    if (!cache.has(key)) {
      const pos = trace.originalPositionFor(map, { line: line + 1, column });
      cache.set(key, pos.source ? path.normalize(pos.source).replace(/^(\.\.[\\/])+/, "") : null);
    }
    return cache.get(key)!;
  };
}

/** The summary as text: per category ms (and ms per response), share of busy time; the top sources. */
export function report(summary: ReturnType<typeof summarise>, responses?: number, top = 20) {
  const ms = (us: number) => (us / 1000).toFixed(0);
  const per = (us: number) => (responses ? (us / 1000 / responses).toFixed(2) : "-");
  const share = (us: number) => `${((100 * us) / (summary.busyUs || 1)).toFixed(1)}%`;
  const rows = CATEGORIES.filter((c) => summary.categories.has(c)).map((c) => [
    c,
    ms(summary.categories.get(c)!),
    per(summary.categories.get(c)!),
    share(summary.categories.get(c)!),
  ]);
  rows.sort((a, b) => Number(b[1]) - Number(a[1]));
  rows.push(["total busy", ms(summary.busyUs), per(summary.busyUs), "100%"]);
  const width = Math.max(...rows.map((r) => r[0].length));
  const lines = [`${"category".padEnd(width)}  ${"CPU ms".padStart(8)}  ${"ms/resp".padStart(8)}  ${"share".padStart(6)}`];
  for (const r of rows) lines.push(`${r[0].padEnd(width)}  ${r[1].padStart(8)}  ${r[2].padStart(8)}  ${r[3].padStart(6)}`);
  const srcs = [...summary.sources].sort((a, b) => b[1] - a[1]).slice(0, top);
  lines.push("", `top ${top} sources by self time:`);
  for (const [label, us] of srcs) lines.push(`  ${per(us).padStart(6)} ms/resp  ${share(us).padStart(6)}  ${label}`);
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : undefined;
  };
  if (!file) {
    console.error("usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--from µs --to µs] [--responses n]");
    process.exit(2);
  }
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const sourceOf = await bundleSources(path.join(root, "build/server"));
  const from = value("--from");
  const to = value("--to");
  console.log(
    report(summarise(profile, sourceOf, from !== undefined && to !== undefined ? { from, to } : undefined), value("--responses")),
  );
}
