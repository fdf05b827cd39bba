/**
 * The requirements index (issue 25): every "storefront §4" or "enrollment-wizard §2.7" cited in
 * app/, tests/ or scripts/ opens a heading in docs/requirements/, and every module or test the
 * index names exists. The specs themselves are not in the repository; the index is.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..");
type Doc = "storefront" | "enrollment-wizard";
const DOCS: Doc[] = ["storefront", "enrollment-wizard"];

/** The spec's own numbering: one `## §N` heading per section, in this order. */
const SECTIONS: Record<Doc, string[]> = {
  storefront: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
  "enrollment-wizard": ["1", "2", ...Array.from({ length: 14 }, (_, i) => `2.${i + 1}`), "3", "4", "5", "6", "7", "8", "9"],
};

interface Section {
  /** the `### ` headings inside the section, lower case */
  parts: string[];
  body: string;
}

function readIndex(doc: Doc): Map<string, Section> {
  const text = readFileSync(join(root, "docs/requirements", `${doc}.md`), "utf8");
  const sections = new Map<string, Section>();
  let current: Section | null = null;
  for (const line of text.split("\n")) {
    const top = /^## §(\d+(?:\.\d+)*)\s/.exec(line);
    if (top) {
      current = { parts: [], body: "" };
      sections.set(top[1], current);
      continue;
    }
    if (/^## /.test(line)) {
      current = null;
      continue;
    }
    if (!current) continue;
    const part = /^### (.+)$/.exec(line);
    if (part) current.parts.push(part[1].toLowerCase());
    current.body += `${line}\n`;
  }
  return sections;
}

const index = Object.fromEntries(DOCS.map((doc) => [doc, readIndex(doc)])) as Record<Doc, Map<string, Section>>;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|js|mjs|cjs|sql)$/.test(name)) out.push(path);
  }
  return out;
}

interface Reference {
  where: string;
  doc: Doc;
  section: string;
  /** a quoted part name after the number (§4 "Beneficiary"), if any */
  part: string | null;
}

const PREFIX = /(?<![\w/-])(storefront|enrollment-wizard|wizard)(?:\.md)? §/g;
const NUMBER = /§(\d{1,2}(?:\.\d+)*)(?![\d])(?:[–-](\d+(?:\.\d+)*))?(?:\s+"([^"]+)")?/g;

/** Every § a line cites after a spec's name, up to the next spec name or the closing bracket. */
function referencesIn(line: string, where: string): Reference[] {
  const found: Reference[] = [];
  const starts = [...line.matchAll(PREFIX)];
  starts.forEach((start, i) => {
    const doc: Doc = start[1] === "storefront" ? "storefront" : "enrollment-wizard";
    let segment = line.slice(start.index, i + 1 < starts.length ? starts[i + 1].index : line.length);
    const close = segment.indexOf(")");
    if (close >= 0) segment = segment.slice(0, close);
    for (const m of segment.matchAll(NUMBER)) {
      const [, from, to, part] = m;
      found.push({ where, doc, section: from, part: part ?? null });
      // a range such as §2.1–2.3
      if (to && from.includes(".") && to.includes(".") && from.split(".")[0] === to.split(".")[0]) {
        const [major, lo] = from.split(".").map(Number);
        const hi = Number(to.split(".")[1]);
        for (let n = lo + 1; n <= hi; n++) found.push({ where, doc, section: `${major}.${n}`, part: null });
      }
    }
  });
  return found;
}

const files = ["app", "tests", "scripts"].flatMap((dir) => sourceFiles(join(root, dir)));
const references: Reference[] = [];
const bare: { where: string; section: string }[] = [];
for (const file of files) {
  if (file.endsWith("requirements-index.test.ts")) continue;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, n) => {
      const where = `${file.slice(root.length + 1)}:${n + 1}`;
      references.push(...referencesIn(line, where));
      for (const m of line.matchAll(/§(\d{1,2}(?:\.\d+)*)(?!\d)/g)) bare.push({ where, section: m[1] });
    });
}

describe("the requirements index", () => {
  it("has one heading per spec section, in the spec's numbering and order", () => {
    for (const doc of DOCS) expect([...index[doc].keys()], doc).toEqual(SECTIONS[doc]);
  });

  it("finds the code's references (the check is not vacuous)", () => {
    expect(references.length).toBeGreaterThan(100);
  });

  it("resolves every '(storefront|enrollment-wizard) §N' cited in app/, tests/ and scripts/", () => {
    const missing = references.filter((r) => !index[r.doc].has(r.section)).map((r) => `${r.where}: ${r.doc} §${r.section}`);
    expect(missing).toEqual([]);
  });

  it('has a part heading for every quoted part a reference names (§4 "Beneficiary")', () => {
    const missing = references
      .filter((r) => r.part && index[r.doc].has(r.section))
      .filter((r) => !index[r.doc].get(r.section)!.parts.some((p) => p.includes(r.part!.toLowerCase())))
      .map((r) => `${r.where}: ${r.doc} §${r.section} "${r.part}"`);
    expect(missing).toEqual([]);
  });

  it("resolves every bare § (cited without the spec's name) in at least one of the two indexes", () => {
    const missing = bare.filter((r) => !DOCS.some((doc) => index[doc].has(r.section))).map((r) => `${r.where}: §${r.section}`);
    expect(missing).toEqual([]);
  });

  it("names only i18n keys that exist in both languages", () => {
    const locales = ["en", "es"].map((lng) => JSON.parse(readFileSync(join(root, "public/locales", lng, "common.json"), "utf8")));
    const has = (tree: unknown, key: string) =>
      key
        .split(".")
        .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), tree) !==
      undefined;
    for (const doc of DOCS) {
      const text = readFileSync(join(root, "docs/requirements", `${doc}.md`), "utf8");
      const keys = [...text.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)`/g)].map((m) => m[1]).filter((k) => !/\.(ts|tsx|md|json)$/.test(k));
      expect(keys.length, doc).toBeGreaterThan(10);
      expect(
        keys.filter((k) => !locales.every((l) => has(l, k))),
        doc,
      ).toEqual([]);
    }
  });

  it("names only modules and tests that exist, and at least one for each section", () => {
    for (const doc of DOCS) {
      const text = readFileSync(join(root, "docs/requirements", `${doc}.md`), "utf8");
      const paths = [...text.matchAll(/`((?:app|tests|scripts|docs|public)\/[^`\s]+)`/g)].map((m) => m[1]);
      expect(paths.length, doc).toBeGreaterThan(20);
      expect(
        paths.filter((p) => !existsSync(join(root, p))),
        doc,
      ).toEqual([]);
      for (const [section, { body }] of index[doc]) {
        expect(/`(?:app|tests)\/[^`\s]+`/.test(body), `${doc} §${section} names no module or test`).toBe(true);
      }
    }
  });
});
