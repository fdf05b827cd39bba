/**
 * Security review (key handling): the roster keeps a keyed hash of each employee's SSN
 * (`group_employees.ssn_hash`) so that one SSN on two employees is refused without opening any
 * (ADR 026). The hash is keyed with the encryption key. README "Rotating the encryption key": add
 * the new key, run `keys:rotate`, then — once links and codes have expired — keep the new key
 * alone. `keys:rotate` seals every `*_enc` column again but never recomputes `ssn_hash`, so after
 * the last step the roster's hashes are under a key no longer configured and the duplicate-SSN
 * check silently stops finding anyone: the same SSN is accepted on a second employee.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as employeeAction } from "~/routes/_store.group-roster_.$id";
import { createServices } from "~/.server/services";
import { resealAll } from "~/.server/repositories/sealed-columns";
import { createTestApp, describeEachDatabase, testConfig, TEST_ENCRYPTION_KEY, type TestApp } from "../support/db";
import { signInGroupAdmin } from "../support/staff";
import { rosterEmployeeForm } from "../support/roster";

const OLD = TEST_ENCRYPTION_KEY;
const NEW = "3c".repeat(32);
const SSN = "123-45-6789";

describeEachDatabase("the roster's SSN hashes across a completed key rotation (security review)", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(() => app.close());
  const servicesWith = (keys: Record<string, string>) =>
    createServices(testConfig(keys), app.store, { log: app.services.log, now: () => app.clock.now });
  const add = (admin: Awaited<ReturnType<typeof signInGroupAdmin>>, ref: string, first: string) =>
    admin.submit(
      employeeAction,
      "/group-roster/new",
      rosterEmployeeForm({ ref, first, email: `${first.toLowerCase()}@example.com`, ssn: SSN }),
      {
        params: { id: "new" },
      },
    );

  it("after the rotation, the same SSN on a second employee is still refused", async () => {
    const before = await signInGroupAdmin(app);
    expect((await add(before, "ROT-1", "Rosa")).status).toBe(302);
    // the check works under the key it was made with
    const refused = await add(before, "ROT-2", "Lena");
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors).toEqual({ ssn: "employees.ssnTaken" });

    // README's rotation: both keys, keys:rotate, then the new key alone
    const both = servicesWith({ ENCRYPTION_KEY: "", ENCRYPTION_KEYS: `${NEW},${OLD}` });
    const report = await resealAll(app.store.db, both.cipher);
    expect(report.some((r) => r.table === "group_employees" && r.resealed > 0)).toBe(true);
    const onlyNew = servicesWith({ ENCRYPTION_KEY: NEW });
    const after = await signInGroupAdmin({ ...app, services: onlyNew });
    const again = await add(after, "ROT-3", "Mara");
    expect(again.status).toBe(422);
    expect(again.data.fieldErrors).toEqual({ ssn: "employees.ssnTaken" });
  });
});
