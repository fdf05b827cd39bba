/**
 * Issue 29: a carrier's delivery profile edited in the operator console — validated on the server
 * (messages per field, what was typed kept, nothing changed by a refused form), catalog and admin
 * edit while support reads, CSRF, each change on the trail before → after.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as profileAction, loader as profileLoader } from "~/routes/admin.carriers.$id";
import { addOperator } from "~/.server/operators/directory";
import { DEMO } from "~/.server/db/seed";
import { signInOperator } from "../support/operators";
import { TestClient } from "../support/client";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";

const CLI = { operatorId: null, requestId: "cli", clientKey: null };

/** A valid form for an SFTP, weekly profile. */
const VALID = {
  intent: "save",
  format: "834",
  usage: "P",
  senderQualifier: "30",
  senderId: "741234567",
  receiverQualifier: "ZZ",
  receiverId: "brightsmile",
  applicationSender: "BENEFITSTORE",
  applicationReceiver: "BRIGHTSMILE",
  sponsorName: "Benefit Store",
  sponsorIdQualifier: "FI",
  sponsorId: "741234567",
  payerName: "BrightSmile Dental Network",
  payerIdQualifier: "XV",
  payerId: "880000002",
  masterPolicy: "BRIGHT-MASTER",
  schedule: "weekly",
  fullFileWeekday: "1",
  transport: "sftp",
  sftpHost: "sftp.brightsmile.example",
  sftpPort: "2222",
  sftpUsername: "benefitstore",
  sftpKeyRef: "env:BRIGHTSMILE_KEY",
  sftpHostKeySha256: `SHA256:${"A".repeat(43)}`,
  sftpOutbox: "/outbox",
  sftpInbox: "/inbox",
};

describeEachDatabase("a carrier's delivery profile in the console (issue 29)", (kind) => {
  let app: TestApp;
  let carrierId = 0;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await addOperator(app.services, CLI, { email: "sue@ops.example", name: "Sue Support", role: "support" });
    await addOperator(app.services, CLI, { email: "cat@ops.example", name: "Cat Catalog", role: "catalog" });
    await addOperator(app.services, CLI, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    carrierId = (await app.store.db.selectFrom("carriers").select("id").where("code", "=", "brightsmile").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => app.close());
  const profile = () =>
    app.store.db.selectFrom("carrier_profiles").selectAll().where("carrier_id", "=", carrierId).executeTakeFirstOrThrow();
  const path = () => `/admin/carriers/${carrierId}`;
  const params = () => ({ id: String(carrierId) });
  const signedIn = async (email: string) => {
    const c = new TestClient(app.services);
    await signInOperator(app, c, email);
    return c;
  };

  it("a refused form changes nothing, says why beside each field and keeps what was typed", async () => {
    const cat = await signedIn("cat@ops.example");
    const before = await profile();
    const bad = {
      ...VALID,
      senderId: "74*1234567",
      sftpHost: "",
      sftpPort: "70000",
      sftpKeyRef: "-----BEGIN OPENSSH PRIVATE KEY-----",
      sftpHostKeySha256: "nope",
      sftpOutbox: "../etc",
      fullFileWeekday: "",
    };
    // the base fields first (zod checks the SFTP rules once they are right)
    const first = await cat.submit(profileAction, path(), bad, { params: params() });
    expect(first.status).toBe(422);
    expect(first.data.fieldErrors).toMatchObject({ senderId: "carrierProfile.validation.x12Id" });
    expect(first.data.repopulateFields).toMatchObject({ senderId: "74*1234567", sftpKeyRef: "-----BEGIN OPENSSH PRIVATE KEY-----" });
    const second = await cat.submit(profileAction, path(), { ...bad, senderId: "741234567" }, { params: params() });
    expect(second.status).toBe(422);
    expect(second.data.fieldErrors).toEqual({
      fullFileWeekday: "carrierProfile.validation.weekday",
      sftpHost: "validation.required",
      sftpPort: "carrierProfile.validation.port",
      sftpKeyRef: "carrierProfile.validation.keyRef",
      sftpHostKeySha256: "carrierProfile.validation.hostKey",
      sftpOutbox: "carrierProfile.validation.folder",
    });
    expect(await profile()).toEqual(before);
    // tampered choices are refused too, never a 500
    const tampered = await cat.submit(profileAction, path(), { ...VALID, format: "edifact", usage: "X" }, { params: params() });
    expect(tampered.status).toBe(422);
    expect(Object.keys(tampered.data.fieldErrors)).toEqual(expect.arrayContaining(["format", "usage"]));
    expect(await profile()).toEqual(before);
  });

  it("catalog changes the trading-partner fields but not where the files go: that is refused beside its fields, nothing saved", async () => {
    const cat = await signedIn("cat@ops.example");
    const before = await profile();
    const refused = await cat.submit(profileAction, path(), VALID, { params: params() });
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors).toEqual({
      transport: "carrierProfile.validation.adminOnlyRoute",
      sftpHost: "carrierProfile.validation.adminOnlyRoute",
      sftpPort: "carrierProfile.validation.adminOnlyRoute",
      sftpUsername: "carrierProfile.validation.adminOnlyRoute",
      sftpKeyRef: "carrierProfile.validation.adminOnlyRoute",
      sftpHostKeySha256: "carrierProfile.validation.adminOnlyRoute",
      sftpOutbox: "carrierProfile.validation.adminOnlyRoute",
      sftpInbox: "carrierProfile.validation.adminOnlyRoute",
    });
    expect(refused.data.repopulateFields).toMatchObject({ sftpHost: "sftp.brightsmile.example" });
    expect(await profile()).toEqual(before);
    // the rest of the profile, as it stands, with another master policy: saved (then put back)
    const current = (await cat.load(profileLoader, path(), params())).data.defaults;
    const renamed = { ...current, intent: "save", masterPolicy: "BRIGHT-2027" };
    expect((await cat.submit(profileAction, path(), renamed, { params: params() })).location).toBe(`${path()}?saved=1`);
    expect(await profile()).toMatchObject({ master_policy: "BRIGHT-2027", transport: before.transport });
    await cat.submit(profileAction, path(), { ...current, intent: "save" }, { params: params() });
  });

  it("an admin sets where the files go; the trail records each changed field before → after; the form shows the saved values", async () => {
    const cat = await signedIn(DEMO.operator.email);
    const saved = await cat.submit(profileAction, path(), VALID, { params: params() });
    expect(saved.location).toBe(`${path()}?saved=1`);
    expect(await profile()).toMatchObject({
      usage: "P",
      receiver_id: "BRIGHTSMILE",
      payer_id_qualifier: "XV",
      schedule: "weekly",
      full_file_weekday: 1,
      transport: "sftp",
      sftp_port: 2222,
      sftp_key_ref: "env:BRIGHTSMILE_KEY",
      sftp_outbox: "/outbox",
    });
    const event = (
      await app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", "carrier.profile.update").orderBy("id").execute()
    ).at(-1)!;
    expect(event.target_id).toBe(String(carrierId));
    expect(JSON.parse(event.before_json!)).toMatchObject({ usage: "T", transport: "local", sftp_host: null, full_file_weekday: null });
    expect(JSON.parse(event.after_json!)).toMatchObject({ usage: "P", transport: "sftp", sftp_host: "sftp.brightsmile.example" });
    expect(JSON.parse(event.after_json!)).not.toHaveProperty("format");
    const page = await cat.load(profileLoader, `${path()}?saved=1`, params());
    expect(page.data).toMatchObject({ canEdit: true, saved: true, defaults: { sftpPort: "2222", fullFileWeekday: "1" } });

    // back to local: the SFTP settings are dropped, the day with the daily schedule too
    await cat.submit(profileAction, path(), { ...VALID, transport: "local", schedule: "daily", sftpHost: "ignored" }, { params: params() });
    expect(await profile()).toMatchObject({
      transport: "local",
      sftp_host: null,
      sftp_key_ref: null,
      schedule: "daily",
      full_file_weekday: null,
    });
  });

  it("support reads and may not save; sales may not even read; a POST without the CSRF token is refused; an unknown carrier is a 404", async () => {
    const sue = await signedIn("sue@ops.example");
    const read = await sue.load(profileLoader, path(), params());
    expect(read.status).toBe(200);
    expect(read.data.canEdit).toBe(false);
    const before = await profile();
    expect((await sue.submit(profileAction, path(), VALID, { params: params() })).status).toBe(403);
    const sam = await signedIn("sam@ops.example");
    expect((await sam.load(profileLoader, path(), params())).status).toBe(403);
    const admin = await signedIn(DEMO.operator.email);
    expect((await admin.submit(profileAction, path(), VALID, { params: params(), csrf: null })).status).toBe(403);
    expect(await profile()).toEqual(before);
    expect((await admin.load(profileLoader, "/admin/carriers/999999", { id: "999999" })).status).toBe(404);
    expect((await admin.submit(profileAction, "/admin/carriers/999999", VALID, { params: { id: "999999" } })).status).toBe(404);
    expect((await admin.load(profileLoader, "/admin/carriers/abc", { id: "abc" })).status).toBe(404);
  });
});
