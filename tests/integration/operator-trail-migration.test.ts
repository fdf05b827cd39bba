/**
 * Migration 027 (issue 27): catalog changes made from the command line before they went on the
 * console's trail were only in audit_events; the migration copies them to the trail as the
 * command line's, and leaves the console's own (already on the trail) and audit_events as they are.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigrator } from "../support/migrator";
import type { Migrator } from "kysely";
import type { Store } from "~/.server/db/connection";

const kinds = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

describe.each(kinds)("migration 027 on %s", (kind) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  async function open(): Promise<{ store: Store; migrator: Migrator }> {
    const opened = await openMigrator(kind, "trail027");
    close = opened.close;
    return opened;
  }

  it("copies the command line's catalog changes from audit_events to the console's trail", async () => {
    const { store, migrator } = await open();
    const before = await migrator.migrateTo("024_carrier_feed");
    if (before.error) throw before.error;
    const audit = (kind: string, actor: string, detail: string, at: string) =>
      store.db
        .insertInto("audit_events")
        .values({
          kind,
          actor,
          acting_as: "operator",
          detail,
          created_at: at,
          enrollment_id: null,
          member_id: null,
          request_id: null,
          client_key: null,
          subject: null,
        })
        .execute();
    await audit("catalog.import", "cli", "version:2", "2026-11-01T10:00:00.000Z");
    await audit("catalog.publish", "cli", "version:2", "2026-11-01T10:01:00.000Z");
    await audit("catalog.import", "operator:1", "version:3", "2026-11-02T10:00:00.000Z");
    await audit("verify.success", "rep:1", "email", "2026-11-02T11:00:00.000Z");
    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;
    const trail = await store.db
      .selectFrom("operator_events")
      .select(["kind", "operator_id", "target_type", "target_id", "request_id", "created_at"])
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      {
        kind: "catalog.import",
        operator_id: null,
        target_type: "catalog_version",
        target_id: "2",
        request_id: "cli",
        created_at: "2026-11-01T10:00:00.000Z",
      },
      {
        kind: "catalog.publish",
        operator_id: null,
        target_type: "catalog_version",
        target_id: "2",
        request_id: "cli",
        created_at: "2026-11-01T10:01:00.000Z",
      },
    ]);
    const kept = await store.db
      .selectFrom("audit_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(4);
  });
});
