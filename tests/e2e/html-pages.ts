/**
 * The HTML of every page the journeys open with JavaScript off, as the server sent it, kept
 * for the Nu HTML Checker (validate-html.ts runs it once over them all after the run). Pages
 * that differ only by their per-request tokens (CSP nonce, CSRF token, request id) are kept once.
 */
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";

export const HTML_DIR = path.resolve(process.env.E2E_HTML_DIR ?? `test-results/html-pages-${process.env.E2E_PORT ?? 3100}`);

export function clearSavedPages() {
  rmSync(HTML_DIR, { recursive: true, force: true });
  mkdirSync(HTML_DIR, { recursive: true });
}

function normalized(html: string) {
  return html
    .replace(/\snonce="[^"]*"/g, "")
    .replace(/<meta name="request-id" content="[^"]*"/g, "")
    .replace(/(name="csrf"[^>]*value=")[^"]*"/g, '$1"')
    .replace(/(value=")[^"]*("[^>]*name="csrf")/g, "$1$2");
}

export function savePage(url: string, html: string) {
  const hash = createHash("sha1").update(normalized(html)).digest("hex").slice(0, 16);
  mkdirSync(HTML_DIR, { recursive: true });
  writeFileSync(path.join(HTML_DIR, `${hash}.html`), html);
  writeFileSync(path.join(HTML_DIR, `${hash}.url`), url);
}

/** Saves every HTML document the context's pages navigate to; returns a wait for the writes. */
export function keepPages(context: BrowserContext): () => Promise<void> {
  const saving: Promise<void>[] = [];
  context.on("response", (res) => {
    const req = res.request();
    if (!req.isNavigationRequest() || req.resourceType() !== "document") return;
    if (res.status() >= 300 && res.status() < 400) return;
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) return;
    saving.push(
      res.body().then(
        (body) => savePage(res.url(), body.toString("utf8")),
        () => undefined, // the page moved on before its body could be read
      ),
    );
  });
  return async () => {
    await Promise.all(saving);
  };
}
