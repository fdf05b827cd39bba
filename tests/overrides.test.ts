/**
 * The overrides of framework internals (app/overrides/) hold only for the versions they were
 * written against: an upgrade of any of those packages fails here until the override is checked.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { OVERRIDDEN_PACKAGES } from "~/overrides/versions";

const root = path.resolve(__dirname, "..");
const overrides = path.join(root, "app/overrides");
const require = createRequire(path.join(root, "package.json"));
const installed = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version as string;
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

/** The names one module imports from another, across a package's ESM files (`import { a, b } from 'x'`). */
function importedNames(dir: string, from: string) {
  const names = new Set<string>();
  const re = new RegExp(`import \\{([^}]*)\\} from ['"]${from.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}['"]`, "g");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    for (const m of fs.readFileSync(path.join(dir, file), "utf8").matchAll(re)) {
      for (const part of m[1].split(",")) if (part.trim()) names.add(part.trim().split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

describe("overrides of framework internals (app/overrides)", () => {
  it.each(Object.entries(OVERRIDDEN_PACKAGES))("%s is installed at %s, the version its override was written for", (name, version) => {
    expect(installed(name)).toBe(version);
  });

  it("every patch in the folder is for a listed package at its listed version, and postinstall applies the folder", () => {
    const patches = fs.readdirSync(overrides).filter((f) => f.endsWith(".patch"));
    expect(patches.length).toBeGreaterThan(0);
    for (const file of patches) {
      const [, scopedName, version] = /^(.+)\+([^+]+)\.patch$/.exec(file)!;
      const name = scopedName.replace("+", "/");
      expect(OVERRIDDEN_PACKAGES).toHaveProperty([name], version);
    }
    expect(pkg.scripts.postinstall).toContain("--patch-dir app/overrides");
    expect(fs.existsSync(path.join(root, "patches"))).toBe(false);
    // the patch is needed at run time, so a production install (`npm ci --omit=dev`) must apply it
    expect(pkg.dependencies).toHaveProperty("patch-package");
  });

  it("the browser-build stand-ins export every name Remix imports from the modules they replace", async () => {
    const esm = path.join(path.dirname(require.resolve("@remix-run/react/package.json")), "dist/esm");
    const singleFetch = await import("~/overrides/single-fetch-off");
    for (const name of importedNames(esm, "./single-fetch.js")) expect(singleFetch, name).toHaveProperty(name);
    const turbo = await import("~/overrides/turbo-stream-off");
    const fromTurbo = importedNames(esm, "turbo-stream");
    expect(fromTurbo.size).toBeGreaterThan(0);
    for (const name of fromTurbo) expect(turbo, name).toHaveProperty(name);
  });
});

describe("the i18n module is named for what it is", () => {
  it("no source file imports react-i18next (components use ~/i18n-react), and no config aliases it", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && /^\s*(import|export)\b[^;]*from ["']react-i18next["']/m.test(fs.readFileSync(full, "utf8")))
          offenders.push(path.relative(root, full));
      }
    };
    for (const dir of ["app", "tests", "scripts"]) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
    for (const config of ["vite.config.ts", "vitest.config.ts"])
      expect(fs.readFileSync(path.join(root, config), "utf8")).not.toContain("react-i18next");
  });
});
