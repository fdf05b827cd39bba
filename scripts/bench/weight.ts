/**
 * JavaScript weight of a page as a cold browser load would fetch it: every classic or module
 * `<script src>`, every `<link rel="modulepreload">`, every module imported by the inline
 * module script Remix emits (`import * as route0 from "…"`, `import("…entry.client…")`),
 * and, transitively, every module those files import statically. Dynamic `import()` inside
 * the bundles is lazy (loaded on navigation or interaction) and is not counted.
 * Sizes are measured locally: raw bytes as served with identity encoding, and gzip level 9.
 */
import zlib from "node:zlib";
import { attributes, request, type Target } from "./http";

export type PageWeight = {
  path: string;
  status: number;
  htmlRaw: number;
  htmlGzip: number;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  /** Modules found only by following static imports (not preloaded by the HTML). */
  notPreloaded: string[];
  /** Script URLs that did not answer 200. */
  missing: string[];
};

export const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

/** Script URLs the HTML makes the browser load at once, in document order. */
export function scriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(m[1]);
    if (attrs.src) urls.push(attrs.src);
    else if ((attrs.type ?? "").toLowerCase() === "module") urls.push(...moduleImports(m[2], true));
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    if ((attrs.rel ?? "").toLowerCase().split(/\s+/).includes("modulepreload") && attrs.href) urls.push(attrs.href);
  }
  return urls;
}

/**
 * Specifiers a module's code imports: static `import … from "x"`, `import "x"`,
 * `export … from "x"` and, when `includeDynamic`, top-level `import("x")` (used by the
 * inline bootstrap script, which runs it immediately). Only .js specifiers are kept.
 */
export function moduleImports(code: string, includeDynamic: boolean): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s*["']([^"']+\.js)["']/g, /\bimport\s*["']([^"']+\.js)["']/g];
  if (includeDynamic) patterns.push(/\bimport\s*\(\s*["']([^"']+\.js)["']\s*\)/g);
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** Fetches the page, then each script once (following static imports), and sums the sizes. */
export async function pageWeight(target: Target, path: string, cookie: string, cache: Map<string, Buffer | number>): Promise<PageWeight> {
  const page = await request(target, "GET", path, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } });
  const html = page.body.toString("utf8");
  const pageUrl = new URL(path, target.origin);

  const preloaded = new Set(scriptUrls(html).map((u) => new URL(u, pageUrl).href));
  const seen = new Set<string>();
  const queue = [...preloaded];
  const result: PageWeight = {
    path,
    status: page.status,
    htmlRaw: page.body.length,
    htmlGzip: gzipSize(page.body),
    jsFiles: 0,
    jsRaw: 0,
    jsGzip: 0,
    notPreloaded: [],
    missing: [],
  };

  while (queue.length) {
    const href = queue.shift()!;
    if (seen.has(href)) continue;
    seen.add(href);
    const url = new URL(href);
    if (url.origin !== target.origin) {
      result.missing.push(`${href} (other origin, not measured)`);
      continue;
    }
    // Assets are fetched once per run and shared between pages (the bytes are the same).
    let body = cache.get(href);
    if (body === undefined) {
      const res = await request(target, "GET", url.pathname + url.search, { headers: { "Accept-Encoding": "identity" } });
      body = res.status === 200 ? res.body : res.status;
      cache.set(href, body);
    }
    if (typeof body === "number") {
      result.missing.push(`${url.pathname} (HTTP ${body})`);
      continue;
    }
    if (!preloaded.has(href)) result.notPreloaded.push(url.pathname);
    result.jsFiles++;
    result.jsRaw += body.length;
    result.jsGzip += gzipSize(body);
    for (const spec of moduleImports(body.toString("utf8"), false)) queue.push(new URL(spec, url).href);
  }
  return result;
}
