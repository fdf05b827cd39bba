/**
 * A census file past the sheet's row cap is refused before it is read further (security review
 * w7-s): the group admin sees the census's own "more than 10000 rows" problem, nothing is kept.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as censusAction } from "~/routes/_store.group-census";
import { CENSUS_HEADINGS, CENSUS_MAX_ROWS } from "~/domain/census";
import { CENSUS_MAX_SHEET_ROWS, writeXlsx } from "~/.server/adapters/spreadsheets";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import type { TestClient } from "../support/client";

describeEachDatabase("a census past the row cap", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await signInGroupAdmin(app);
  });
  afterAll(() => app.close());

  it("is refused with the census's row problem, as CSV and as XLSX, nothing kept", async () => {
    const row = (i: number) => [
      `E-${i}`,
      "Employee",
      "Ana",
      "Ruiz",
      "06/30/1990",
      "F",
      "",
      "",
      "",
      "01/15/2020",
      "",
      "Active",
      "Full time",
    ];
    const rows = [CENSUS_HEADINGS.slice(0, 13), ...Array.from({ length: CENSUS_MAX_SHEET_ROWS }, (_, i) => row(i))];
    const csv = rows.map((r) => r.join(",")).join("\n");
    const xlsx = await writeXlsx(rows);
    const refused = { row: 0, field: null, problem: "tooManyRows", value: String(CENSUS_MAX_ROWS) };
    const fromCsv = await admin.upload(censusAction, "/group-census", {}, { file: { name: "census.csv", type: "text/csv", bytes: csv } });
    expect(fromCsv.status).toBe(422);
    expect(fromCsv.data.problems).toEqual([refused]);
    const fromXlsx = await admin.upload(
      censusAction,
      "/group-census",
      {},
      { file: { name: "census.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", bytes: xlsx } },
    );
    expect(fromXlsx.status).toBe(422);
    expect(fromXlsx.data.problems).toEqual([refused]);
    expect(await app.store.db.selectFrom("census_uploads").select("id").execute()).toEqual([]);
  }, 60_000);
});
