/**
 * Security review (w8, authorization): ADR 026 says every view of the roster's people is on the
 * audit trail. A census preview (/group-census/{id}) lists employees by name and employee id with
 * what applying the file would change for each (terminations, reinstatements, changed fields),
 * yet opening it wrote no audit row: a group admin could read the kept census of the group with
 * nothing on the trail. The roster and progress pages of one employee are audited
 * (group-admin-employee-views-audited.test.ts); the preview must be too.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as censusAction } from "~/routes/_store.group-census";
import { loader as previewLoader } from "~/routes/_store.group-census_.$id";
import { CENSUS_HEADINGS } from "~/domain/census";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";

const H = CENSUS_HEADINGS;
const row = (o: Record<string, string>) => H.map((h) => o[h] ?? "").join(",");
const EMPLOYEE = {
  "Employee ID": "CP-1",
  Relationship: "Employee",
  "First Name": "Priya",
  "Last Name": "Census",
  "Date of Birth": "06/30/1990",
  Gender: "F",
  Email: "priya.census@example.com",
  "Hire Date": "01/15/2020",
  "Employment Status": "Active",
  Class: "Full time",
};

describeEachDatabase("a group admin's look at a census preview is on the trail", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(() => app.close());

  it("GET /group-census/{id} writes an audit row by the admin naming the upload", async () => {
    const admin = await signInGroupAdmin(app);
    const csv = [H.join(","), row(EMPLOYEE)].join("\r\n");
    const checked = await admin.upload(censusAction, "/group-census", {}, { file: { name: "census.csv", type: "text/csv", bytes: csv } });
    expect(checked.location).toMatch(/^\/group-census\/\d+$/);
    const id = checked.location!.split("/").pop()!;
    const rows = () => app.store.db.selectFrom("audit_events").select(["id", "kind", "actor", "detail"]).orderBy("id").execute();
    const before = (await rows()).length;
    const preview = await admin.load(previewLoader, checked.location!, { id });
    expect(preview.status).toBe(200);
    expect(JSON.stringify(preview.data)).toContain("Priya Census");
    const written = (await rows()).slice(before);
    // one row, by the verified admin, that says which upload was looked at
    expect(written).toHaveLength(1);
    expect(written[0]!.actor).toMatch(/^group_admin:\d+$/);
    expect(written[0]!.detail ?? "").toContain(id);
  });
});
