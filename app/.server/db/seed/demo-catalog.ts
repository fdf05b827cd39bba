/**
 * The demo catalog is a set of import files in the repository (docs/catalog/demo, README
 * "Catalog import files"): carriers, categories, plans (attributes, texts, facts, questions,
 * suggestions, riders…) and their rates. The seed loads them through the importer an operator
 * uses — read as any upload is, checked whole by validateImport, written and published by
 * publishDemoCatalog — so the operator's path is the path every test database takes.
 *
 * Reading and checking is pure and done once per process (many test files make many fresh
 * databases); the seed only writes.
 */
import fs from "node:fs";
import path from "node:path";
import { readTextFile } from "../../operators/catalog/read-table";
import { formatProblem, type ImportProblem } from "~/domain/catalog-import/problems";
import { validateImport, type ValidatedImport } from "~/domain/catalog-import/validate";

/** The demo catalog's files, in the order they are read (carriers and categories before the plans naming them). */
export const DEMO_CATALOG_FILES = ["carriers.csv", "categories.csv", "plans.json", "rates.csv"] as const;

/** docs/catalog/demo of the checkout the server or the tests run from (DEMO_CATALOG_DIR to read another). */
export function demoCatalogDir() {
  return process.env.DEMO_CATALOG_DIR ?? path.resolve(process.cwd(), "docs/catalog/demo");
}

let checked: { dir: string; upload: ValidatedImport } | undefined;

/**
 * The demo files read and checked against an empty catalog (everything they name is in them).
 * A problem in them stops the seed with every problem listed, as the importer words it.
 */
export function demoCatalogUpload(): ValidatedImport {
  const dir = demoCatalogDir();
  if (checked?.dir === dir) return checked.upload;
  const tables = [];
  const problems: ImportProblem[] = [];
  for (const name of DEMO_CATALOG_FILES) {
    const read = readTextFile(name, fs.readFileSync(path.join(dir, name), "utf8"));
    if ("table" in read) tables.push(read.table);
    else problems.push(...read.problems.list);
  }
  const result = validateImport(tables, { planCodes: new Set(), categories: new Set(), carriers: new Set(), ratingAreas: new Set() });
  if (!result.ok) problems.push(...result.problems);
  if (problems.length || !result.ok)
    throw new Error(`the demo catalog in ${dir} does not import:\n${problems.slice(0, 20).map(formatProblem).join("\n")}`);
  checked = { dir, upload: result.upload };
  return result.upload;
}
