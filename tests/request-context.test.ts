/**
 * Issue 25: a request's context is built once (app/.server/platform/request-context.ts) and handed
 * by the route to the use cases it calls. No use case under app/.server reads the store's session
 * from the request itself: the context builder is the one place that does (and session.ts, which
 * defines the read).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverDir = path.resolve(__dirname, "../app/.server");

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The store session read from a request: `sessions.read(request…)` or its cookie storage opened. */
const READS_SESSION = /\bsessions\s*\.\s*(?:read\s*\(|storage\s*\.\s*getSession\s*\()/;

/** Where the session may be read from the request: the context builder, and the read itself. */
const ALLOWED = ["platform/request-context.ts", "platform/session.ts"];

const readers = modules(serverDir)
  .filter((f) => READS_SESSION.test(fs.readFileSync(f, "utf8")))
  .map((f) => path.relative(serverDir, f).split(path.sep).join("/"));

describe("the request's context (issue 25)", () => {
  it("finds the context builder reading the session", () => {
    expect(readers).toContain("platform/request-context.ts");
  });

  it("leaves reading the session from the request to the context builder: use cases take it from the context", () => {
    expect(readers.filter((f) => !ALLOWED.includes(f))).toEqual([]);
  });
});
