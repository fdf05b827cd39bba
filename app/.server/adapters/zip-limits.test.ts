import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { CENSUS_XLSX_LIMITS, readSpreadsheet, UnreadableSpreadsheetError, writeXlsx } from "./spreadsheets";
import { checkZipWithin, ZipLimitError } from "./zip-limits";

/** A one-entry ZIP whose directory may lie about the inflated size. */
function zipOf(name: string, data: Buffer, declaredSize = data.length) {
  const packed = deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(packed.length, 20);
  entry.writeUInt32LE(declaredSize, 24);
  entry.writeUInt16LE(nameBytes.length, 28);
  entry.writeUInt32LE(0, 42);
  const directoryOffset = local.length + nameBytes.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(entry.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, packed, entry, nameBytes, end]);
}

const limits = { maxUncompressedBytes: 8 * 1024 * 1024, maxEntries: 50 };

describe("a workbook is measured before it is opened", () => {
  it("passes a real workbook and gives its inflated size", async () => {
    const xlsx = await writeXlsx([
      ["employee_id", "first_name"],
      ["E1", "Ana"],
    ]);
    expect(checkZipWithin(xlsx, limits)).toBeGreaterThan(xlsx.length);
  });

  it("refuses a few kilobytes that inflate past the limit, even when the directory says they are small", () => {
    const bomb = zipOf("xl/worksheets/sheet1.xml", Buffer.alloc(64 * 1024 * 1024), 100);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(() => checkZipWithin(bomb, limits)).toThrow(ZipLimitError);
    expect(() => checkZipWithin(bomb, limits)).toThrow(/inflates past/);
  });

  it("refuses what is not a ZIP, or a damaged one, with a ZipLimitError (never a crash)", () => {
    expect(() => checkZipWithin(Buffer.from("PK not really"), limits)).toThrow(ZipLimitError);
    const damaged = zipOf("a.xml", Buffer.from("<a/>"));
    damaged.writeUInt32LE(0xdeadbeef, 0);
    expect(() => checkZipWithin(damaged, limits)).toThrow(ZipLimitError);
  });

  it("a census workbook that inflates too far, or has a cell far to the right, is unreadable — quickly", async () => {
    const bomb = zipOf("xl/worksheets/sheet1.xml", Buffer.alloc(CENSUS_XLSX_LIMITS.maxUncompressedBytes + 1024));
    await expect(readSpreadsheet("census.xlsx", bomb)).rejects.toThrow(UnreadableSpreadsheetError);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Census");
    sheet.getCell("A1").value = "employee_id";
    for (let r = 2; r <= 2000; r++) sheet.getCell(`XFD${r}`).value = "x";
    const wide = new Uint8Array(await workbook.xlsx.writeBuffer());
    const started = performance.now();
    await expect(readSpreadsheet("census.xlsx", wide)).rejects.toThrow(/beyond column 256/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("reads a workbook's rows as the employer typed them, gaps kept in place", async () => {
    const xlsx = await writeXlsx([["employee_id", "first_name"], [], ["E2", "Luis"]]);
    expect(await readSpreadsheet("census.xlsx", xlsx)).toEqual([["employee_id", "first_name"], [], ["E2", "Luis"]]);
  });
});
