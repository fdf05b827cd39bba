/**
 * Fingerprinted scripts and stylesheets are compressed once at build time (scripts/precompress.ts);
 * this serves the .br or .gz copy a browser accepts, with the original's type, and leaves
 * everything else to express.static.
 */
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

export const PRECOMPRESSED_TYPES = new Set([".js", ".css"]);
export type Encoding = "br" | "gzip";

/** The encoding to send: Brotli when accepted, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined, available: { br: boolean; gzip: boolean }): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.br && ok("br")) return "br";
  if (available.gzip && ok("gzip")) return "gzip";
  return null;
}

/** Middleware for the assets folder: knows at start which compressed copies exist. */
export function servePrecompressed(dir: string) {
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = path.basename(req.path);
    if (name !== req.path.slice(1) || !PRECOMPRESSED_TYPES.has(path.extname(name)) || !files.has(name)) return next();
    const encoding = pickEncoding(req.get("accept-encoding"), { br: files.has(`${name}.br`), gzip: files.has(`${name}.gz`) });
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.type(path.extname(name));
    res.sendFile(path.join(dir, `${name}${encoding === "br" ? ".br" : ".gz"}`), { maxAge: "1y", immutable: true }, (error) => {
      // A browser that moved on mid-download is not an error; anything else before the headers is.
      if (error && (error as NodeJS.ErrnoException).code !== "ECONNABORTED" && !res.headersSent) next(error);
    });
  };
}
