/**
 * A spreadsheet is read up to a row cap and no further (security review w7-s: a 23.7 MB catalog
 * workbook of 460,000 rows took 4.2 GB and 92–147 s in the server process, a 4 MB census 1 GB).
 * Workbooks are made here as the reviewer's tests/security/mkxlsx.py made them: a bare sheet of
 * numeric cells, deflated, no shared strings.
 */
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CENSUS_MAX_SHEET_ROWS, readCsv, readSpreadsheet, TooManyRowsError, UnreadableSpreadsheetError, xlsxRows } from "./spreadsheets";
import { CATALOG_MAX_ROWS, readUploadFile } from "../operators/catalog/read-table";

/** A ZIP of these entries, deflated (what an XLSX is). */
function zipOf(entries: Array<[string, Buffer]>) {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...directory, end]));
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG = "http://schemas.openxmlformats.org/package/2006/relationships";

/** A workbook whose one sheet has `rows` rows of `columns` numeric cells, then `tail` (raw sheet XML). */
function workbook(rows: number, columns = 1, tail = "") {
  const letters = Array.from({ length: columns }, (_, i) => String.fromCharCode(65 + i));
  const body: string[] = [];
  for (let r = 1; r <= rows; r++) body.push(`<row r="${r}">${letters.map((c) => `<c r="${c}${r}"><v>${r}</v></c>`).join("")}</row>`);
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${body.join("")}${tail}</sheetData></worksheet>`;
  return zipOf([
    [
      "[Content_Types].xml",
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    ],
    [
      "_rels/.rels",
      Buffer.from(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      "xl/workbook.xml",
      Buffer.from(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    ],
    [
      "xl/_rels/workbook.xml.rels",
      Buffer.from(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    ["xl/worksheets/sheet1.xml", Buffer.from(sheet)],
  ]);
}

const LIMITS = { maxUncompressedBytes: 64 * 1024 * 1024, maxEntries: 50, maxColumns: 20 };

describe("a sheet is read up to its row cap, no further", () => {
  it("reads a sheet at the cap; refuses one a row past it", async () => {
    const atCap = await xlsxRows(workbook(100, 3), { ...LIMITS, maxRows: 100 }, String);
    expect(atCap).toHaveLength(100);
    expect(atCap[99]).toEqual(["100", "100", "100"]);
    await expect(xlsxRows(workbook(101, 3), { ...LIMITS, maxRows: 100 }, String)).rejects.toThrow(TooManyRowsError);
    await expect(xlsxRows(workbook(101, 3), { ...LIMITS, maxRows: 100 }, String)).rejects.toThrow("more than 100 rows");
  });

  it("stops at the first row past the cap: what follows is never read (here, broken XML far down the sheet)", async () => {
    // 60,000 more rows (~2 MB of sheet XML), then a tag no XML parser takes
    const filler = Array.from({ length: 60_000 }, (_, i) => `<row r="${102 + i}"><c r="A${102 + i}"><v>1</v></c></row>`).join("");
    const xlsx = workbook(101, 1, `${filler}<row r="x"><<<`);
    // read whole, the broken end is what refuses it
    await expect(xlsxRows(xlsx, { ...LIMITS, maxRows: 1_000_000 }, String)).rejects.not.toThrow(TooManyRowsError);
    await expect(xlsxRows(xlsx, { ...LIMITS, maxRows: 1_000_000 }, String)).rejects.toThrow(UnreadableSpreadsheetError);
    const started = performance.now();
    await expect(xlsxRows(xlsx, { ...LIMITS, maxRows: 100 }, String)).rejects.toThrow(TooManyRowsError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a blank row does not count; a row holding a value past the cap does, however far down", async () => {
    const sparse = workbook(2, 1, '<row r="3"/><row r="900000"><c r="A900000"><v>1</v></c></row>');
    await expect(xlsxRows(sparse, { ...LIMITS, maxRows: 100 }, String)).rejects.toThrow(TooManyRowsError);
    expect(await xlsxRows(workbook(2, 1, '<row r="50"/>'), { ...LIMITS, maxRows: 10 }, String)).toEqual([["1"], ["2"]]);
  });

  it("a census: a workbook or CSV of its cap of rows is read, one past it refused", async () => {
    expect(await readSpreadsheet("census.xlsx", workbook(CENSUS_MAX_SHEET_ROWS, 2))).toHaveLength(CENSUS_MAX_SHEET_ROWS);
    await expect(readSpreadsheet("census.xlsx", workbook(CENSUS_MAX_SHEET_ROWS + 1, 2))).rejects.toThrow(TooManyRowsError);
    const csv = (rows: number) => new TextEncoder().encode(Array.from({ length: rows }, (_, i) => `E${i},Ana`).join("\n"));
    expect(readCsv(csv(CENSUS_MAX_SHEET_ROWS))).toHaveLength(CENSUS_MAX_SHEET_ROWS);
    expect(() => readCsv(csv(CENSUS_MAX_SHEET_ROWS + 1))).toThrow(TooManyRowsError);
  });

  it("a catalog file: its cap of rows under the header is read, one more is a problem naming the file", async () => {
    const csv = (rows: number) =>
      new TextEncoder().encode(["code,name_en", ...Array.from({ length: rows }, (_, i) => `P${i},Plan ${i}`)].join("\n"));
    const atCap = await readUploadFile({ name: "plans.csv", bytes: csv(CATALOG_MAX_ROWS) });
    expect("table" in atCap && atCap.table.rows.length).toBe(CATALOG_MAX_ROWS);
    const over = await readUploadFile({ name: "plans.csv", bytes: csv(CATALOG_MAX_ROWS + 1) });
    expect("problems" in over && over.problems.list.map((p) => [p.file, p.code, p.message])).toEqual([
      ["plans.csv", "tooManyRows", "more than 250,000 rows (a file this long is not read)"],
    ]);
    const started = performance.now();
    const overXlsx = await readUploadFile({ name: "Rate_PUF.xlsx", bytes: workbook(CATALOG_MAX_ROWS + 2, 1) });
    expect("problems" in overXlsx && overXlsx.problems.list.map((p) => p.code)).toEqual(["tooManyRows"]);
    console.log(`catalog workbook of ${CATALOG_MAX_ROWS + 2} rows refused in ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});
