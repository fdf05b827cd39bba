/**
 * The layers of ADR 006, read from the imports of every module under app/: no import loop,
 * nothing in domain/, forms/, views/ or components/ imports .server, and .server never imports
 * a component.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";

const appDir = path.resolve(__dirname, "../app");

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(appDir, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const p = base + ext;
    if (fs.existsSync(p) && fs.statSync(p).isFile() && /\.tsx?$/.test(p)) return p;
  }
  return null;
}

const files = modules(appDir);
const graph = new Map<string, string[]>(
  files.map((f) => {
    const text = fs.readFileSync(f, "utf8");
    const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);
    return [f, specs.map((s) => resolve(f, s)).filter((t): t is string => t !== null)];
  }),
);
const rel = (p: string) => path.relative(appDir, p);
const layerOf = (p: string) => rel(p).split(path.sep)[0];

describe("layers of app/", () => {
  it("has no import loop", () => {
    const loops: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, "open");
      stack.push(f);
      for (const t of graph.get(f) ?? []) {
        if (state.get(t) === "open") loops.push(stack.slice(stack.indexOf(t)).concat(t).map(rel).join(" → "));
        else if (!state.has(t)) visit(t);
      }
      stack.pop();
      state.set(f, "done");
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(loops).toEqual([]);
  });

  it("keeps domain, forms, views and components free of .server", () => {
    const wrong = [...graph].flatMap(([f, targets]) =>
      ["domain", "forms", "views", "components"].includes(layerOf(f))
        ? targets.filter((t) => layerOf(t) === ".server").map((t) => `${rel(f)} → ${rel(t)}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it("keeps .server free of components and routes", () => {
    const wrong = [...graph].flatMap(([f, targets]) =>
      layerOf(f) === ".server"
        ? targets.filter((t) => ["components", "routes"].includes(layerOf(t))).map((t) => `${rel(f)} → ${rel(t)}`)
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it("keeps the domain pure (no database, no Node built-ins, no React)", () => {
    const wrong = [...graph.keys()]
      .filter((f) => layerOf(f) === "domain")
      .filter((f) => /from\s+["'](node:|kysely|better-sqlite3|pg|react|@remix-run)/.test(fs.readFileSync(f, "utf8")))
      .map(rel);
    expect(wrong).toEqual([]);
  });

  it("reads the imports it checks (the guard is not empty)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });
});
