/**
 * Migrations 033 and 039 (below). 033 (security review of the carrier feed): what a carrier echoed back and the feed kept
 * in clear before the fix — a 999's IK404 copy of a member's SSN in the inbound file's content,
 * the acknowledgment's detail, the transactions' and the member changes' errors; an effectuation
 * report's unknown member by subscriber id (an SSN at some carriers) and name — is masked as
 * receive.ts now keeps it. What identifies nobody (an HD03 bad value, codes) and the sealed copy stay.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openMigrator } from "../support/migrator";
import type { Migrator } from "kysely";
import type { Store } from "~/.server/db/connection";

const kinds = process.env.TEST_DATABASE_URL ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);
const SSN = "123456789";
const AT = "2026-11-20T15:00:00.000Z";

const ack999 = [
  "ISA*00*          *00*          *ZZ*BRIGHTSMILE    *30*741234567      *261120*1600*^*00501*000000778*0*T*:",
  "GS*FA*BRIGHTSMILE*BENEFITSTORE*20261120*1600*778*X*005010X231A1",
  "ST*999*0001*005010X231A1",
  "AK1*BE*2*005010X220A1",
  "AK2*834*0002*005010X220A1",
  "IK3*NM1*9*2100A*8",
  `IK4*9*67*7*${SSN}`,
  "IK3*HD*14*2300*8",
  "IK4*3*1205*7*XYZ",
  "IK5*R*5",
  "AK9*R*1*1*0",
  "SE*10*0001",
  "GE*1*778",
  "IEA*1*000000778",
]
  .map((s) => `${s}~`)
  .join("\n");

const errors = [
  { segment: "NM1", segmentPosition: 9, loop: "2100A", element: "NM109", elementErrorCode: "7", badValue: SSN },
  { segment: "HD", segmentPosition: 14, loop: "2300", element: "HD03", elementErrorCode: "7", badValue: "XYZ" },
];

/** A carrier, as an older release kept it. */
const addCarrier = (store: Store) =>
  store.db
    .insertInto("carriers")
    .values({ code: "brightsmile", name: "BrightSmile", admin_fee_percent: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();

/** A carrier's file as an older release kept it (an 834 sent, unless `extra` says otherwise). */
const addFile = (
  store: Store,
  carrierId: number,
  direction: "in" | "out",
  name: string,
  content: string,
  extra: Record<string, unknown> = {},
) =>
  store.db
    .insertInto("carrier_files")
    .values({
      carrier_id: carrierId,
      direction,
      name,
      format: "834",
      status: "sent",
      digest: name,
      content,
      created_at: AT,
      member_count: 0,
      ...extra,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

describe.each(kinds)("migration 033 on %s", (kind) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  async function open(): Promise<{ store: Store; migrator: Migrator }> {
    const opened = await openMigrator(kind, "echoes033");
    close = opened.close;
    return opened;
  }

  it("masks the SSN a carrier echoed in every clear column, and keeps the rest", async () => {
    const { store, migrator } = await open();
    const before = await migrator.migrateTo("031_member_link_holders");
    if (before.error) throw before.error;
    const db = store.db;
    const carrier = await addCarrier(store);
    const file = (direction: "in" | "out", name: string, content: string, extra: Record<string, unknown> = {}) =>
      addFile(store, carrier.id, direction, name, content, extra);
    const outbound834 = `ST*834*0002~NM1*IL*1*PENA*ROSA****34*•••~REF*0F*BS100042~`;
    const out = await file("out", "bs-2.834", outbound834, { control_number: 2 });
    const inbound = await file("in", "999-ssn.x12", ack999, { format: "999", status: "read", content_enc: "sealed-copy" });
    const effectuation = await file("in", "eff.834", "ST*834*0009~", {
      format: "effectuation",
      status: "read",
      report_json: JSON.stringify({
        matched: ["BS100042"],
        missingAtCarrier: [],
        unknownToUs: [
          { subscriberId: SSN, name: "Rosa Stranger" },
          { subscriberId: "C-77", memberId: "BS100099", name: "Ana Otra" },
        ],
        differences: [],
      }),
    });
    await db
      .insertInto("carrier_acknowledgments")
      .values({
        carrier_id: carrier.id,
        inbound_file_id: inbound.id,
        file_id: out.id,
        kind: "999",
        control_number: "2",
        outcome: "rejected",
        detail_json: JSON.stringify({
          kind: "999",
          functionalId: "BE",
          groupControlNumber: "2",
          outcome: "rejected",
          codes: [],
          transactions: [{ transactionSet: "834", controlNumber: "0002", outcome: "rejected", codes: [], errors }],
          counts: { included: 1, received: 1, accepted: 0 },
        }),
        received_at: AT,
      })
      .execute();
    await db
      .insertInto("carrier_transactions")
      .values([
        {
          file_id: out.id,
          control_number: "0002",
          status: "rejected",
          errors_json: JSON.stringify({ errors, codes: [{ code: "5", meaning: "x" }] }),
        },
        {
          file_id: out.id,
          control_number: "0003",
          status: "rejected",
          errors_json: JSON.stringify({ codes: [{ code: "5", meaning: "x" }] }),
        },
      ])
      .execute();
    await db
      .insertInto("carrier_member_changes")
      .values({
        carrier_id: carrier.id,
        file_id: out.id,
        member_key: "BS100042",
        kind: "change",
        maintenance: "001",
        loop_start: 6,
        loop_end: 16,
        status: "rejected",
        errors_json: JSON.stringify(errors),
        created_at: AT,
      })
      .execute();

    const after = await migrator.migrateToLatest();
    if (after.error) throw after.error;

    const files = await db.selectFrom("carrier_files").select(["id", "content", "content_enc", "report_json"]).orderBy("id").execute();
    const ack = await db.selectFrom("carrier_acknowledgments").select("detail_json").executeTakeFirstOrThrow();
    const txs = await db.selectFrom("carrier_transactions").select("errors_json").orderBy("id").execute();
    const change = await db.selectFrom("carrier_member_changes").select("errors_json").executeTakeFirstOrThrow();
    const everything = JSON.stringify([files, ack, txs, change]);
    expect(everything).not.toContain(SSN);
    expect(everything).not.toContain("Stranger");
    expect(everything).not.toContain("Ana Otra");

    expect(files.find((f) => f.id === out.id)!.content).toBe(outbound834);
    const inboundRow = files.find((f) => f.id === inbound.id)!;
    // the inbound file's clear copy is the console's view (every IK404 masked); a text that is not X12 keeps nothing
    expect(inboundRow.content).toBe(ack999.replace(`*${SSN}~`, "*•••~").replace("*XYZ~", "*•••~"));
    expect(files.find((f) => f.id === effectuation.id)!.content).toBe("");
    expect(inboundRow.content_enc).toBe("sealed-copy");
    expect(JSON.parse(files.find((f) => f.id === effectuation.id)!.report_json!).unknownToUs).toEqual([
      { subscriberId: "•••6789" },
      { subscriberId: "•••C-77", memberId: "BS100099" },
    ]);
    const shown = (list: Array<{ element: string; badValue?: string }>) => list.map((e) => [e.element, e.badValue ?? null]);
    expect(shown(JSON.parse(ack.detail_json).transactions[0].errors)).toEqual([
      ["NM109", null],
      ["HD03", "XYZ"],
    ]);
    expect(shown(JSON.parse(txs[0].errors_json!).errors)).toEqual([
      ["NM109", null],
      ["HD03", "XYZ"],
    ]);
    expect(JSON.parse(txs[0].errors_json!).codes).toEqual([{ code: "5", meaning: "x" }]);
    expect(txs[1].errors_json).toBe(JSON.stringify({ codes: [{ code: "5", meaning: "x" }] }));
    expect(shown(JSON.parse(change.errors_json!))).toEqual([
      ["NM109", null],
      ["HD03", "XYZ"],
    ]);
  });
});

/*
 * Migration 039: the console's view of a carrier's file became an allow-list (domain/x12/masked.ts
 * SHOWN). A file kept in the clear before — masked by 033's deny-list — still held what that list did
 * not name: an effectuation 834's height and weight (HLH), income (ICM), a sponsor's SSN (N1*P5…34),
 * and a 999's IK404 copy of a weight it rejected; a held file's problems quoted a member's malformed
 * ZIP or date of birth. 039 masks them the way rows are kept today; codes, dates and the sealed copy stay.
 */
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
    const carrier = await addCarrier(store);
    const file = await addFile(store, carrier.id, "in", "eff.834", effectuation, {
      format: "effectuation",
      status: "read",
      content_enc: "sealed-copy",
      member_count: 1,
    });
    // a file our check held, its problems quoting a member's malformed ZIP and a code
    const problems = [
      { position: 4, segment: "BGN", element: "BGN01", key: "bgn01", params: { element: "BGN01", value: "99" } },
      { position: 17, segment: "N4", element: "N403", key: "n403", params: { element: "N403", value: "7520" } },
      { position: 18, segment: "DMG", element: "DMG02", key: "notDate", params: { element: "DMG02", value: "19840231" } },
    ];
    await addFile(store, carrier.id, "out", "held.834", "ST*834*0002~", {
      status: "held",
      problems_json: JSON.stringify(problems),
      member_count: 1,
    });
    const errors039 = [
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
        errors_json: JSON.stringify(errors039),
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
