/**
 * The production server runs compiled (build/server.js), never through tsx: tsx's module loader
 * is a second V8 isolate on its own thread holding every module's source, and it stayed resident
 * for the life of the server — about 120 MB of a 258 MB resting server (issue 23, resting memory).
 * Whatever starts the server as in production (npm start, the benchmarks, the e2e suite) starts
 * what `npm run build` compiled.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

describe("the production server's entry", () => {
  it("is compiled by npm run build", () => {
    expect(scripts.build).toMatch(/tsx scripts\/build-server\.ts/);
    expect(read("scripts/build-server.ts")).toMatch(/entryFileNames: "server\.js"/);
  });

  it("is what npm start, the benchmarks and the e2e suite run, with node and not tsx", () => {
    expect(scripts.start).toMatch(/&& node build\/server\.js$/);
    expect(scripts.start).not.toMatch(/tsx server\.ts/);
    expect(read("scripts/bench/server.ts")).toMatch(/spawn\(process\.execPath, \[\.\.\.nodeArgs, "build\/server\.js"\]/);
    expect(read("playwright.config.ts")).toMatch(/command: `[^`]*&& node build\/server\.js`/);
  });
});
