/**
 * Every package the production install brings (`dependencies`) is one the app, its server, its
 * build or its scripts use (issue 25: no unused dependencies). A package is used when a source
 * file imports it, or when it is one of the few the toolchain runs by name — each listed below
 * with where. A dependency nothing uses is code we ship, install and must keep patched for nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** Used without an import: run by npm scripts or loaded by name by another tool. */
const RUN_BY_NAME: Record<string, string> = {
  "patch-package": "postinstall applies app/overrides/*.patch",
  tsx: "the npm scripts (db:migrate, db:seed, bench, carriers…) and `npm run dev`",
  terser: 'vite.config.ts: build.minify "terser" (Vite loads it by name)',
  "crypto-js": "remix-utils' CSRF and honeypot import it (an optional peer of remix-utils, so not installed with it)",
};

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return /\.(tsx?|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

const files = [
  ...sources(path.join(root, "app")),
  ...sources(path.join(root, "scripts")),
  ...["server.ts", "vite.config.ts"].map((f) => path.join(root, f)),
];
const imported = new Set(
  files.flatMap((f) =>
    [...fs.readFileSync(f, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"'./~][^"']*)["']/g)].map((m) => {
      const spec = m[1].replace(/^node:/, "");
      const parts = spec.split("/");
      return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
    }),
  ),
);

describe("dependencies", () => {
  it("are each imported by the app, its server, its build or its scripts, or run by name", () => {
    const unused = Object.keys(pkg.dependencies).filter((d) => !imported.has(d) && !RUN_BY_NAME[d]);
    expect(unused).toEqual([]);
  });

  it("run by name: each is still named where the list says", () => {
    expect(pkg.scripts.postinstall).toContain("patch-package");
    expect(Object.values(pkg.scripts).filter((s) => s.startsWith("tsx ")).length).toBeGreaterThan(3);
    expect(fs.readFileSync(path.join(root, "vite.config.ts"), "utf8")).toMatch(/minify:\s*"terser"/);
    expect(imported.has("remix-utils")).toBe(true);
    const csrf = fs.readFileSync(path.join(path.dirname(require.resolve("remix-utils/csrf/server")), "csrf.js"), "utf8");
    expect(csrf).toMatch(/from "crypto-js"/);
  });
});
