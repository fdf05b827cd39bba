/**
 * Migration 039: the console's view of a carrier's file became an allow-list (domain/x12/masked.ts
 * SHOWN). A file kept in the clear before — masked by 033's deny-list — still held what that list did
 * not name: an effectuation 834's height and weight (HLH), income (ICM), a sponsor's SSN (N1*P5…34),
 * and a 999's IK404 copy of a weight it rejected; a held file's problems quoted a member's malformed
 * ZIP or date of birth. 039 masks them the way rows are kept today; codes, dates and the sealed copy stay.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigrator } from "../support/migrator";

const kinds = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const AT = "2026-11-20T15:00:00.000Z";

const effectuation = [
  "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000779*0*P*:",
  "ST*834*0009*005010X220A1",
  "N1*P5*ROSA PENA*34*123456789",
  "INS*Y*18*021*28*A***FT",
  "NM1*IL*1*•••*•••****34*•••",
  "HLH*N*65*212",
  "ICM*1*1400*40",
  "HD*021**DEN*BRIGHT DENTAL*EMP",
  "SE*7*0009",
]
  .map((s) => `${s}~`)
  .join("\n");

describe.each(kinds)("migration 039 on %s", (kind) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it("masks what 033 let through in a kept file and a 999's bad values, and keeps the codes", async () => {
    const opened = await openMigrator(kind, "allow039");
    close = opened.close;
    const { store, migrator } = opened;
    const before = await migrator.migrateTo("038_personal_data_at_rest");
    if (before.error) throw before.error;
    const db = store.db;
    const carrier = await db
      .insertInto("carriers")
      .values({ code: "brightsmile", name: "BrightSmile", admin_fee_percent: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const file = await db
      .insertInto("carrier_files")
      .values({
        carrier_id: carrier.id,
        direction: "in",
        name: "eff.834",
        format: "effectuation",
        status: "read",
        digest: "eff",
        content: effectuation,
        content_enc: "sealed-copy",
        created_at: AT,
        member_count: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // a file our check held, its problems quoting a member's malformed ZIP and a code
    const problems = [
      { position: 4, segment: "BGN", element: "BGN01", key: "bgn01", params: { element: "BGN01", value: "99" } },
      { position: 17, segment: "N4", element: "N403", key: "n403", params: { element: "N403", value: "7520" } },
      { position: 18, segment: "DMG", element: "DMG02", key: "notDate", params: { element: "DMG02", value: "19840231" } },
    ];
    await db
      .insertInto("carrier_files")
      .values({
        carrier_id: carrier.id,
        direction: "out",
        name: "held.834",
        format: "834",
        status: "held",
        digest: "held",
        content: "ST*834*0002~",
        problems_json: JSON.stringify(problems),
        created_at: AT,
        member_count: 1,
      })
      .execute();
    const errors = [
      { segment: "HLH", segmentPosition: 5, loop: "2100A", element: "HLH03", elementErrorCode: "7", badValue: "212" },
      { segment: "HD", segmentPosition: 14, loop: "2300", element: "HD03", elementErrorCode: "7", badValue: "XYZ" },
    ];
    await db
      .insertInto("carrier_member_changes")
      .values({
        carrier_id: carrier.id,
        file_id: file.id,
        member_key: "BS100042",
        kind: "change",
        maintenance: "001",
        loop_start: 2,
        loop_end: 7,
        status: "rejected",
        errors_json: JSON.stringify(errors),
        created_at: AT,
      })
      .execute();

    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;

    const row = await db
      .selectFrom("carrier_files")
      .select(["content", "content_enc"])
      .where("name", "=", "eff.834")
      .executeTakeFirstOrThrow();
    const held = await db.selectFrom("carrier_files").select("problems_json").where("name", "=", "held.834").executeTakeFirstOrThrow();
    expect(JSON.parse(held.problems_json!).map((p: { params: { value: string } }) => p.params.value)).toEqual(["99", "•••", "•••"]);
    const change = await db.selectFrom("carrier_member_changes").select("errors_json").executeTakeFirstOrThrow();
    for (const secret of ["ROSA", "123456789", "*65*", "212", "1400"]) {
      expect(row.content, secret).not.toContain(secret);
      expect(change.errors_json, secret).not.toContain(secret);
    }
    expect(row.content).toContain("N1*P5*•••*34*•••~");
    expect(row.content).toContain("HLH*•••*•••*•••~");
    expect(row.content).toContain("INS*Y*18*021*28*A***FT~");
    expect(row.content).toContain("HD*021**DEN*BRIGHT DENTAL*EMP~");
    expect(row.content_enc).toBe("sealed-copy");
    expect(JSON.parse(change.errors_json!).map((e: { element: string; badValue?: string }) => [e.element, e.badValue ?? null])).toEqual([
      ["HLH03", null],
      ["HD03", "XYZ"],
    ]);
  });
});
