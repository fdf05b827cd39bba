/**
 * Security review (stop 37), low–medium: /admin/carriers/files/:id shipped the reconciliation report's
 * `unknownToUs[].name` (a person's first and last name, from the carrier's effectuation file) and
 * the raw subscriber id to the browser in the loader data, though the page shows member keys only
 * and console.ts says "The console shows member keys (BS000123), never names or SSNs". Any
 * operator role that reads the catalog area (support included) gets it, and the view is not on
 * any trail.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as carrierFileLoader } from "~/routes/admin.carriers.files.$id";
import { addOperator } from "~/.server/operators/directory";
import { signInOperator } from "../support/operators";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";

describeEachDatabase("carrier file detail: no name or raw subscriber id reaches the browser, and the view is on the trail", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  it("a support operator's loader data has the unknown member's masked id only (an SSN-shaped one here), and the view is recorded", async () => {
    const db = app.store.db;
    const carrier = await db.selectFrom("carriers").select("id").orderBy("id").executeTakeFirstOrThrow();
    // what receive.ts:137 (applyEffectuation) stores: reconcile() output with unknownToUs names
    const report = {
      matched: [],
      missingAtCarrier: [],
      unknownToUs: [{ subscriberId: "123456789", name: "Rosa Stranger" }],
      differences: [],
    };
    const inserted = await db
      .insertInto("carrier_files")
      .values({
        carrier_id: carrier.id,
        direction: "in",
        name: "effectuation.x12",
        format: "x12",
        status: "read",
        control_number: null,
        digest: "d".repeat(64),
        content: "",
        problems_json: null,
        report_json: JSON.stringify(report),
        member_count: 1,
        last_error: null,
        created_at: new Date().toISOString(),
        sent_at: null,
        acknowledged_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      {
        email: "sue@ops.example",
        name: "Sue Support",
        role: "support",
      },
    );
    const support = newClient(app);
    await signInOperator(app, support, "sue@ops.example");
    const before = await db.selectFrom("operator_events").select("id").execute();
    const res = await support.load(carrierFileLoader, `/admin/carriers/files/${inserted.id}`, { id: String(inserted.id) });
    expect(res.status).toBe(200);
    const shipped = JSON.stringify(res.data);
    // no name and no raw subscriber id in what the browser receives: the last four, masked
    expect(shipped).not.toContain("Rosa");
    expect(shipped).not.toContain("Stranger");
    expect(shipped).not.toContain("12345");
    expect(res.data.file.report.unknownToUs).toEqual([{ memberId: null, subscriberId: "•••6789" }]);
    // the view of a file about people is on the console's trail
    const after = await db.selectFrom("operator_events").select(["kind", "detail", "operator_id"]).orderBy("id").execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ kind: "carrier.file_view", detail: `file:${inserted.id}` });
    expect(after.at(-1)!.operator_id).not.toBeNull();
  });
});
