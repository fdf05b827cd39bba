/**
 * Security review (stop 37), low: a refused (422) post of the roster's employee form sent the whole
 * SSN back in remix-validated-form's `repopulateFields` (and, without JavaScript, into the page's
 * <input value>), though ADR 026 says "an SSN is never shown whole after it is typed: the pages,
 * the preview, the errors". The rest of what was typed comes back; the SSN is typed again.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import { rosterEmployeeForm } from "../support/roster";

const SSN = "123-45-6789";
const WHOLE = /123-?45-?6789/;

describeEachDatabase("a refused roster post never sends a whole SSN back", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(() => app.close());

  it("the roster's employee form: a bad e-mail refuses the post; the SSN does not come back whole", async () => {
    const admin = await signInGroupAdmin(app);
    const res = await admin.submit(
      employeeAction,
      "/group-roster/new",
      rosterEmployeeForm({ ref: "SEC-1", first: "Rosa", email: "rosa@", ssn: SSN }),
      { params: { id: "new" } },
    );
    expect(res.status).toBe(422);
    expect(res.data.fieldErrors).toHaveProperty("email");
    expect(JSON.stringify(res.data)).not.toMatch(WHOLE);
    expect(JSON.stringify(res.data)).toContain("Rosa");
  });
});
