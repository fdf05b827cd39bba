/**
 * Security review (operator uploads): a plans file as JSON was made into a table as wide as all its
 * objects' keys together, one row per object, with no cap on either. A list whose every object has a
 * key of its own is quadratic: 8,000 objects (95 KB) made 64 million cells, 32 s of CPU on the
 * server's one event loop and ~900 MB; a few hundred kilobytes took the process down. Now a list past
 * the catalog's rows, or with more distinct keys than a workbook may have columns, is refused unmade.
 */
import { describe, expect, it } from "vitest";
import { CATALOG_MAX_ROWS, readUploadFile } from "./read-table";

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe("a plans file as JSON past the catalog's limits", () => {
  it("is refused when its objects hold more distinct keys than a workbook has columns, quickly", async () => {
    const started = Date.now();
    const read = await readUploadFile({ name: "plans.json", bytes: json(Array.from({ length: 2_000 }, (_, i) => ({ [`k${i}`]: 1 }))) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect("problems" in read && read.problems.list.map((p) => p.code)).toEqual(["tooManyColumns"]);
  });
  it("is refused when it lists more plans than a file may have rows", async () => {
    const read = await readUploadFile({ name: "plans.json", bytes: json(Array.from({ length: CATALOG_MAX_ROWS + 1 }, () => ({}))) });
    expect("problems" in read && read.problems.list.map((p) => p.code)).toEqual(["tooManyRows"]);
  });
  it("still reads an ordinary plans list", async () => {
    const read = await readUploadFile({ name: "plans.json", bytes: json({ plans: [{ code: "A", name_en: "A" }, { code: "B" }] }) });
    expect("table" in read && read.table.header).toEqual(["code", "name_en"]);
    expect("table" in read && read.table.rows).toEqual([
      ["A", "A"],
      ["B", ""],
    ]);
  });
});
