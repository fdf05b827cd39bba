/**
 * JavaScript weight of a page as a cold browser load would fetch it: every classic or module
 * `<script src>`, every `<link rel="modulepreload">`, every module imported by the inline
 * module script Remix emits (`import * as route0 from "…"`, `import("…entry.client…")`),
 * and, transitively, every module those files import statically. Dynamic `import()` inside
 * the bundles is lazy (loaded on navigation or interaction) and is not counted.
 * Sizes are measured locally: raw bytes as served with identity encoding, and gzip level 9.
 */
import zlib from "node:zlib";
import { attributes, CookieJar, request, startTags, type Target } from "./http";

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

// ---------------------------------------------------------------------------------------
// JavaScript per main page, for a visitor who walks the store like a browser

/** One `<form>` of a page: its method, action, and the fields a browser would send without the submitter. */
type ParsedForm = {
  method: string;
  action: string;
  fields: [string, string][];
  buttons: { name?: string; value?: string; text: string }[];
};

/** Every form of the page, with its successful controls (hidden/text inputs, checked boxes, selected options). */
export function parseForms(html: string): ParsedForm[] {
  return startTags(html, "form").map((form) => {
    const end = html.indexOf("</form>", form.index);
    const inner = html.slice(form.index, end === -1 ? undefined : end);
    const fields: [string, string][] = [];
    for (const input of startTags(inner, "input")) {
      const { name, type = "text", value = "" } = input.attrs;
      if (!name || type === "submit" || type === "button" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !("checked" in input.attrs)) continue;
      fields.push([name, type === "checkbox" || type === "radio" ? value || "on" : value]);
    }
    for (const m of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attributes(m[1]).name;
      if (!name) continue;
      const options = startTags(m[2], "option");
      const chosen = options.find((o) => "selected" in o.attrs) ?? options[0];
      if (chosen) fields.push([name, chosen.attrs.value ?? ""]);
    }
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((m) => {
      const attrs = attributes(m[1]);
      return { name: attrs.name, value: attrs.value, text: (attrs["aria-label"] ?? "") + " " + m[2].replace(/<[^>]*>/g, "").trim() };
    });
    return { method: (form.attrs.method ?? "get").toLowerCase(), action: form.attrs.action ?? "", fields, buttons };
  });
}

/** A browser-like visitor for one origin: follows redirects, keeps cookies, submits forms. */
class Visitor {
  readonly jar = new CookieJar();
  constructor(private readonly target: Target) {}

  async get(path: string): Promise<{ path: string; status: number; html: string }> {
    for (let hops = 0; hops < 5; hops++) {
      const res = await request(this.target, "GET", path, { headers: { Cookie: this.jar.header(), "Accept-Encoding": "identity" } });
      this.jar.update(res.headers);
      if (res.status >= 300 && res.status < 400 && res.headers.location) {
        path =
          new URL(res.headers.location, this.target.origin + path).pathname +
          new URL(res.headers.location, this.target.origin + path).search;
        continue;
      }
      return { path, status: res.status, html: res.body.toString("utf8") };
    }
    throw new Error(`GET ${path}: too many redirects`);
  }

  /** Submits the page's form whose button text matches, with `values` over its own fields; follows the redirect. */
  async submit(page: { path: string; html: string }, button: RegExp, values: Record<string, string> = {}) {
    for (const form of parseForms(page.html)) {
      const pressed = form.buttons.find((b) => button.test(b.text));
      if (!pressed || form.method !== "post") continue;
      const body = new URLSearchParams();
      const seen = new Set<string>();
      for (const [name, value] of form.fields) {
        if (name in values) {
          if (!seen.has(name)) body.append(name, values[name]);
          seen.add(name);
        } else body.append(name, value);
      }
      for (const [name, value] of Object.entries(values)) if (!seen.has(name)) body.append(name, value);
      if (pressed.name) body.append(pressed.name, pressed.value ?? "");
      const action = form.action || page.path;
      const res = await request(this.target, "POST", action, {
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: this.target.origin,
          Cookie: this.jar.header(),
          "Accept-Encoding": "identity",
        },
        body: body.toString(),
      });
      this.jar.update(res.headers);
      const location = res.headers.location;
      if (res.status < 300 || res.status >= 400 || !location)
        throw new Error(`POST ${action} (${button}) answered ${res.status}, expected a redirect`);
      return this.get(new URL(location, this.target.origin + action).pathname + new URL(location, this.target.origin + action).search);
    }
    throw new Error(`${page.path} has no form with a button matching ${button}`);
  }
}

export type PageJs = { label: string; path: string; weight: PageWeight };

/** The target a base URL ("http://127.0.0.1:3206") names. */
export function targetOf(baseUrl: string): Target {
  const url = new URL(baseUrl);
  return { host: url.hostname === "localhost" ? "127.0.0.1" : url.hostname, port: Number(url.port || 80), origin: url.origin };
}

/**
 * The JavaScript a cold browser load of each main page fetches (see pageWeight), on a running
 * server: a new visitor quotes dental (ZIP 75201) on the home page, then / , /plans, a plan's page,
 * adds that plan and weighs /cart, then proceeds to the first wizard step and weighs it.
 * Each page is weighed as a cold load: every script counts, even if an earlier page loaded it.
 */
export async function jsWeightPerPage(baseUrl: string): Promise<PageJs[]> {
  const target = targetOf(baseUrl);
  const visitor = new Visitor(target);
  const rows: PageJs[] = [];
  const weigh = async (label: string, path: string) => {
    rows.push({ label, path, weight: await pageWeight(target, path, visitor.jar.header(), new Map()) });
  };

  const home = await visitor.get("/");
  await weigh("/ (home)", "/");
  const quoted = await visitor.submit(home, /get started|see plans/i, {
    zip: "75201",
    dob: "04/12/1988",
    gender: "0",
    spouseDob: "",
    childCount: "0",
    category: "dental",
  });
  if (!quoted.html.includes("/month")) throw new Error(`the quote did not price the plans (${quoted.path})`);
  await weigh("/plans (priced, all plans)", "/plans");
  const planPath = startTags(quoted.html, "a").find((a) => a.attrs.href?.startsWith("/plan/"))?.attrs.href;
  if (!planPath) throw new Error("no /plan/ link on /plans");
  await weigh("/plan/… (plan page)", planPath);
  const cart = await visitor.submit(await visitor.get(planPath), /^\s*add to cart\s*$/i);
  if (!cart.path.startsWith("/cart")) throw new Error(`adding to cart went to ${cart.path}, not /cart`);
  await weigh("/cart (one plan)", "/cart");
  let step = await visitor.submit(cart, /^\s*proceed\s*$/i);
  if (!step.path.startsWith("/enrollment/")) step = await visitor.submit(step, /proceed to enrollment/i);
  if (!step.path.startsWith("/enrollment/")) throw new Error(`proceeding from the cart went to ${step.path}, not a wizard step`);
  await weigh(`${step.path} (wizard step)`, step.path);
  return rows;
}
