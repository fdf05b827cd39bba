/**
 * Issue 29: the weekly full audit file (BGN08 4, INS and HD 030) on the profile's weekday and on
 * `send --full`; NM109 the member's SSN (sealed at rest, opened only in the file's build; NM108 34)
 * while the database, the console and the logs never show it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as carrierFileLoader } from "~/routes/admin.carriers.files.$id";
import { DEMO } from "~/.server/db/seed";
import { signInOperator } from "../support/operators";
import { TestClient } from "../support/client";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { sendFeeds } from "~/.server/carriers/send";
import { checkBeforeSending } from "~/.server/carriers/check-before-sending";
import { readSegments } from "~/domain/x12/segments";

const CARRIER = "brightsmile";
const SSN = "123-45-6789";

describeEachDatabase("the full audit file and the SSN in NM109 (issue 29)", (kind) => {
  let app: TestApp;
  let root: string;
  const logs: string[] = [];
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "carrier-full-"));
    app = await createTestApp(kind, { config: { CARRIERS_DIR: root }, logTo: logs });
    // Friday 2026-11-20
    app.clock.now = new Date("2026-11-20T15:00:00Z");
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const db = () => app.store.db;
  const send = (full = false) => sendFeeds(app.services, { carrierCode: CARRIER, root, full });
  const outbound = (name: string) => fs.readFileSync(path.join(root, CARRIER, "outbound", name), "utf8");
  const fileRow = (name: string) => db().selectFrom("carrier_files").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
  const carrierId = async () => (await db().selectFrom("carriers").select("id").where("code", "=", CARRIER).executeTakeFirstOrThrow()).id;
  let memberId = 0;

  it("a member's SSN goes in NM109 with NM108 34 — in the delivered file only; the database keeps it masked and sealed", async () => {
    const [baseline] = await send();
    expect(baseline.full).toBeNull();
    const first = await fileRow(baseline.file!.name);
    const change = await db().selectFrom("carrier_member_changes").selectAll().where("file_id", "=", first.id).executeTakeFirstOrThrow();
    memberId = change.member_id!;
    // the member's SSN becomes known (sealed, as completion and the roster store it) and the address changes
    await db()
      .updateTable("members")
      .set({ ssn_enc: app.services.cipher.encrypt(SSN), ssn_last4: "6789", address1: "200 Elm St" })
      .where("id", "=", memberId)
      .execute();
    const [report] = await send();
    expect(report.file).toMatchObject({ status: "sent", members: 1 });
    const delivered = outbound(report.file!.name);
    expect(checkBeforeSending(delivered)).toEqual([]);
    const nm1 = readSegments(delivered)!.segments.find((s) => s.tag === "NM1" && s.elements[1] === "IL")!;
    expect([nm1.elements[8], nm1.elements[9]]).toEqual(["34", "123456789"]);
    expect(readSegments(delivered)!.segments.find((s) => s.tag === "INS")!.elements[3]).toBe("001");

    const row = await fileRow(report.file!.name);
    expect(row.content).not.toContain("123456789");
    expect(row.content).toContain("*34*•••");
    expect(app.services.cipher.decrypt(row.content_enc!)).toBe(delivered);
    // nothing else at rest holds it: not the snapshot, not the member changes
    const snapshots = await db().selectFrom("carrier_member_snapshots").select("snapshot_json").execute();
    expect(JSON.stringify(snapshots)).not.toContain("6789");
    const changes = await db().selectFrom("carrier_member_changes").select(["before_json", "errors_json"]).execute();
    expect(JSON.stringify(changes)).not.toContain("123456789");

    // the console shows the file masked; the logs never carry it
    const operator = new TestClient(app.services);
    await signInOperator(app, operator, DEMO.operator.email);
    const detail = await operator.load(carrierFileLoader, `/admin/carriers/files/${row.id}`, { id: String(row.id) });
    expect(detail.status).toBe(200);
    expect(detail.data.file.purpose).toBe("changes");
    expect(JSON.stringify(detail.data)).not.toMatch(/123456789|123-45-6789|6789/);
    expect(logs.join("\n")).not.toMatch(/123456789|123-45-6789/);
  });

  it("a member without an SSN has neither NM108 nor NM109", async () => {
    // the demo members have SSNs: every other member's is taken away
    await db().updateTable("members").set({ ssn_enc: null, ssn_last4: null }).where("id", "!=", memberId).execute();
    await db().updateTable("dependents").set({ ssn_enc: null, ssn_last4: null }).execute();
    const [report] = await send(true);
    const { segments } = readSegments(outbound(report.full!.name))!;
    const names = segments.filter((s) => s.tag === "NM1" && s.elements[1] === "IL");
    expect(names.length).toBeGreaterThan(1);
    const withSsn = names.filter((s) => s.elements[8] === "34");
    expect(withSsn.map((s) => s.elements[9])).toEqual(["123456789"]);
    for (const s of names.filter((n) => n.elements[8] !== "34")) expect([s.elements[8] ?? "", s.elements[9] ?? ""]).toEqual(["", ""]);
  });

  it("send --full: every current member as INS 030 / HD 030 in a BGN08 4 file that passes the check; no change, no status touched", async () => {
    const statusBefore = await db().selectFrom("carrier_member_changes").select(["id", "status"]).orderBy("id").execute();
    const snapshotsBefore = await db().selectFrom("carrier_member_snapshots").selectAll().orderBy("member_key").execute();
    const [report] = await send(true);
    expect(report.file).toBeNull();
    expect(report.full).toMatchObject({ status: "sent" });
    const row = await fileRow(report.full!.name);
    expect(row.purpose).toBe("audit");
    const delivered = outbound(row.name);
    expect(
      checkBeforeSending(delivered, { interchange: row.control_number!, group: row.control_number!, transaction: row.control_number! }),
    ).toEqual([]);
    const { segments } = readSegments(delivered)!;
    expect(segments.find((s) => s.tag === "BGN")!.elements[8]).toBe("4");
    const ins = segments.filter((s) => s.tag === "INS");
    expect(new Set(ins.map((s) => s.elements[3]))).toEqual(new Set(["030"]));
    expect(new Set(segments.filter((s) => s.tag === "HD").map((s) => s.elements[1]))).toEqual(new Set(["030"]));
    // every member the carrier was last sent with an open plan is in it
    const open = snapshotsBefore.filter((s) =>
      (JSON.parse(s.snapshot_json) as { coverages: Array<{ end?: string }> }).coverages.some((c) => !c.end || c.end >= "2026-11-20"),
    );
    expect(row.member_count).toBe(open.length);
    expect(
      segments
        .filter((s) => s.tag === "REF" && s.elements[1] === "ZZ")
        .map((s) => s.elements[2])
        .sort(),
    ).toEqual(open.map((s) => s.member_key).sort());
    expect(await db().selectFrom("carrier_member_changes").select(["id", "status"]).orderBy("id").execute()).toEqual(statusBefore);
    expect(await db().selectFrom("carrier_member_snapshots").selectAll().orderBy("member_key").execute()).toEqual(snapshotsBefore);
  });

  it("on the profile's weekly day the run makes the full file once; on other days none", async () => {
    const id = await carrierId();
    const fullFiles = async () =>
      (await db().selectFrom("carrier_files").select("id").where("carrier_id", "=", id).where("purpose", "=", "audit").execute()).length;
    const before = await fullFiles();
    // Monday is the full file's day; Sunday 2026-11-22 is not
    await db().updateTable("carrier_profiles").set({ schedule: "weekly", full_file_weekday: 1 }).where("carrier_id", "=", id).execute();
    app.clock.now = new Date("2026-11-22T15:00:00Z");
    expect((await send())[0].full).toBeNull();
    app.clock.now = new Date("2026-11-23T06:00:00Z");
    const [monday] = await send();
    expect(monday.full).toMatchObject({ status: "sent" });
    app.clock.now = new Date("2026-11-23T18:00:00Z");
    expect((await send())[0].full).toBeNull();
    expect(await fullFiles()).toBe(before + 1);
    // a daily profile never makes one by itself
    await db().updateTable("carrier_profiles").set({ schedule: "daily", full_file_weekday: null }).where("carrier_id", "=", id).execute();
    app.clock.now = new Date("2026-11-30T06:00:00Z");
    expect((await send())[0].full).toBeNull();
  });
});
