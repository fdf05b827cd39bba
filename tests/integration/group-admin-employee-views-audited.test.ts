/** Security review (stop 35): the list pages were audited, one employee's record (date of birth, address, masked SSN) was not. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as employeeLoader, action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { loader as progressEmployeeLoader } from "~/routes/_store.group-progress_.$id";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import { rosterEmployeeForm } from "../support/roster";

describeEachDatabase("a group admin's look at one employee is on the trail", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
  });
  afterAll(() => app.close());
  it("GET /group-roster/{id} and /group-progress/{id} each write one audit row naming the employee", async () => {
    const admin = await signInGroupAdmin(app);
    const res = await admin.submit(
      employeeAction,
      "/group-roster/new",
      rosterEmployeeForm({ ref: "AG-1", first: "Elena", email: "elena@example.com", ssn: "123-45-6789" }),
      { params: { id: "new" } },
    );
    expect(res.location ?? JSON.stringify(res.data)).toMatch(/^\/group-roster/);
    const id = (await app.store.db.selectFrom("group_employees").select("id").where("employee_ref", "=", "AG-1").executeTakeFirstOrThrow())
      .id;
    const count = async () => (await app.store.db.selectFrom("audit_events").select("id").execute()).length;
    const before = await count();
    const page = await admin.load(employeeLoader, `/group-roster/${id}`, { id: String(id) });
    const progress = await admin.load(progressEmployeeLoader, `/group-progress/${id}`, { id: String(id) });
    expect(page.status).toBe(200);
    expect(progress.status).toBe(200);
    expect(await count()).toBe(before + 2);
    const rows = await app.store.db.selectFrom("audit_events").select(["kind", "detail"]).orderBy("id", "desc").limit(2).execute();
    expect(rows.reverse()).toEqual([
      { kind: "roster.view", detail: `employee:${id}` },
      { kind: "progress.view", detail: `employee:${id}` },
    ]);
  });
});
