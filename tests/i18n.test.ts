/**
 * Both languages complete: every key exists in English and Spanish, no value is empty, and
 * every literal key the code asks for exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect } from "vitest";

const root = path.resolve(__dirname, "..");
const load = (lng: string) => JSON.parse(fs.readFileSync(path.join(root, "public/locales", lng, "common.json"), "utf8"));

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}

const en = flatten(load("en"));
const es = flatten(load("es"));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(tsx?|ts)$/.test(e.name) && !/\.test\./.test(e.name) ? [p] : [];
  });
}

describe("translations", () => {
  it("has every English key in Spanish", () => {
    expect(Object.keys(en).filter((k) => !(k in es))).toEqual([]);
  });
  it("has every Spanish key in English", () => {
    expect(Object.keys(es).filter((k) => !(k in en))).toEqual([]);
  });
  it("has no empty text", () => {
    expect(Object.entries({ ...en }).filter(([, v]) => v.trim() === "")).toEqual([]);
    expect(Object.entries({ ...es }).filter(([, v]) => v.trim() === "")).toEqual([]);
  });
  it("uses the same {{placeholders}} in both languages", () => {
    const holes = (s: string) =>
      [...s.matchAll(/{{\s*(\w+)\s*}}/g)]
        .map((m) => m[1])
        .sort()
        .join(",");
    expect(Object.keys(en).filter((k) => k in es && holes(en[k]) !== holes(es[k]))).toEqual([]);
  });
  it("defines every literal key the code uses", () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(root, "app"))) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) used.add(m[1]);
      // zod schemas and domain rules carry message keys under validation.* and errors.*
      for (const m of text.matchAll(/["'`]((?:validation|errors)\.[a-zA-Z0-9_.]+)["'`]/g)) used.add(m[1]);
    }
    const missing = [...used].filter((k) => !(k in en) && !(`${k}_one` in en) && !(`${k}_other` in en));
    expect(missing).toEqual([]);
  });
});
