/**
 * A tab declared after a store was set up gets its store-wide rows when the store next migrates
 * (issue 25: a new step needs no migration of its own), once, and nothing else is touched.
 */
import { afterEach, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../../../tests/support/db";
import { migrate } from "./connection";
import { defaultTabRows, installDeclaredTabs, TABS_LOCK } from "./declared-tabs";
import { TAB_DECLARATIONS } from "~/domain/wizard-steps";

describeEachDatabase("declared wizard tabs", (kind) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  const storeWide = async (d: TestDatabase, tab: string) => ({
    tabs: await d.store.db
      .selectFrom("wizard_tabs")
      .select(["tab_name", "required", "sort_order", "plan_id", "enroll_type"])
      .where("tab_name", "=", tab)
      .where("plan_id", "is", null)
      .where("enroll_type", "is", null)
      .execute(),
    fields: await d.store.db
      .selectFrom("field_definitions")
      .select(["field_name", "required", "read_only", "optional"])
      .where("tab_name", "=", tab)
      .where("plan_id", "is", null)
      .where("enroll_type", "is", null)
      .orderBy("field_name")
      .execute(),
  });

  it("writes a declared tab's rows into a store set up before it existed, once", async () => {
    db = await createTestDatabase(kind, { seed: true });
    const before = await storeWide(db, "employer_info");
    // a store made before the employer step was declared: none of its rows
    await db.store.db.deleteFrom("wizard_tabs").where("tab_name", "=", "employer_info").execute();
    await db.store.db.deleteFrom("field_definitions").where("tab_name", "=", "employer_info").execute();
    await migrate(db.store);
    const after = await storeWide(db, "employer_info");
    expect(after.tabs).toEqual([{ tab_name: "employer_info", required: 0, sort_order: 2, plan_id: null, enroll_type: null }]);
    expect(after.fields).toEqual(before.fields);
    expect(after.fields).toHaveLength(TAB_DECLARATIONS.employer_info.fields.length);
    // the next start writes nothing more
    expect(await installDeclaredTabs(db.store.db, db.store.dialect)).toEqual([]);
    expect(await storeWide(db, "employer_info")).toEqual(after);
  });

  it("leaves a configured tab as the store has it", async () => {
    db = await createTestDatabase(kind, { seed: true });
    await db.store.db
      .updateTable("wizard_tabs")
      .set({ required: 1 })
      .where("tab_name", "=", "beneficiary_info")
      .where("plan_id", "is", null)
      .execute();
    await db.store.db
      .deleteFrom("field_definitions")
      .where("tab_name", "=", "beneficiary_info")
      .where("field_name", "=", "middle_name")
      .execute();
    const configured = await storeWide(db, "beneficiary_info");
    expect(await installDeclaredTabs(db.store.db, db.store.dialect)).toEqual([]);
    expect(await storeWide(db, "beneficiary_info")).toEqual(configured);
  });

  it("leaves a store that is not set up to its seed", async () => {
    db = await createTestDatabase(kind, { seed: false });
    expect(await installDeclaredTabs(db.store.db, db.store.dialect)).toEqual([]);
    expect(await db.store.db.selectFrom("wizard_tabs").selectAll().execute()).toEqual([]);
  });

  it.skipIf(kind !== "postgres")("waits while another start writes them (PostgreSQL's lock)", async () => {
    db = await createTestDatabase(kind, { seed: true });
    await db.store.db.deleteFrom("wizard_tabs").where("tab_name", "=", "employer_info").execute();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => {
      locked = r;
    });
    // another process's start, holding the lock (and writing the rows) until released
    const other = db.store.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${TABS_LOCK})`.execute(trx);
      locked();
      await held;
      await trx
        .insertInto("wizard_tabs")
        .values(defaultTabRows(["employer_info"]))
        .execute();
    });
    await lockTaken;
    let done = false;
    const ours = installDeclaredTabs(db.store.db, db.store.dialect).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    release();
    await other;
    // it read after the other start's rows were in: nothing written twice
    expect(await ours).toEqual([]);
    const rows = await db.store.db
      .selectFrom("wizard_tabs")
      .select("id")
      .where("tab_name", "=", "employer_info")
      .where("plan_id", "is", null)
      .where("enroll_type", "is", null)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
