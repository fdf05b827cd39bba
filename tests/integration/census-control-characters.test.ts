/**
 * A NUL (or another control character) in a census cell (security review w7-s): a file goes
 * through readForm untouched and domain/roster.ts checked addresses for length only, so the census
 * check called the file clean and applying it failed on PostgreSQL ("invalid byte sequence for
 * encoding UTF8: 0x00", a 500, the census never appliable) while SQLite stored the NUL. Now the
 * check refuses it beside its row and column, and nothing is kept.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as censusAction } from "~/routes/_store.group-census";
import { CENSUS_HEADINGS } from "~/domain/census";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import type { TestClient } from "../support/client";

const H = CENSUS_HEADINGS;
const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n");
const row = (o: Record<string, string>) => H.map((h) => o[h] ?? "");
const ANGELA: Record<string, string> = {
  "Employee ID": "A-100",
  Relationship: "Employee",
  "First Name": "Angela",
  "Last Name": "Brooks",
  "Date of Birth": "06/30/1990",
  Gender: "F",
  Email: "angela.brooks@example.com",
  "Hire Date": "01/15/2020",
  "Employment Status": "Active",
  Class: "Full time",
};

describeEachDatabase("census with a NUL byte in a cell", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-20T15:00:00Z");
    admin = await signInGroupAdmin(app);
  });
  afterAll(() => app.close());
  const uploads = async () => (await app.store.db.selectFrom("census_uploads").select("id").execute()).length;

  it("is refused at the check beside its row and column (422), nothing kept", async () => {
    const before = await uploads();
    const file = csvOf([H, row(ANGELA), row({ ...ANGELA, "Employee ID": "A-101", "Address 1": "12 Elm\u0000 St", City: "Austin\u0007" })]);
    const checked = await admin.upload(censusAction, "/group-census", {}, { file: { name: "census.csv", type: "text/csv", bytes: file } });
    expect(checked.status).toBe(422);
    expect(checked.data.problems).toEqual([
      { row: 3, field: "address1", problem: "controlCharacter", value: "" },
      { row: 3, field: "city", problem: "controlCharacter", value: "" },
    ]);
    expect(await uploads()).toBe(before);
  });

  it("the problem reads in English and Spanish", async () => {
    const en = await app.services.i18n.getFixedT("en", "common");
    const es = await app.services.i18n.getFixedT("es", "common");
    expect(en("census.problem.controlCharacter")).toMatch(/control character/);
    expect(es("census.problem.controlCharacter")).toMatch(/carácter de control/);
  });
});
