/**
 * Issue 27, a group's admins in the operators' console, on both databases: added by e-mail with
 * the form's checks (messages beside the fields; an e-mail already among the group's admins
 * refused), then able to sign in for the group; removed, they cannot be sent a code and the
 * session they had open ends at once; each change on the trail before → after; support reads
 * the list but cannot change it; unknown ids are 404.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as groupLoader, action as groupAction } from "~/routes/admin.groups.$id";
import { loader as groupHomeLoader } from "~/routes/_store.group-home";
import { action as verifyAction } from "~/routes/verify";
import { DEMO } from "~/.server/db/seed";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { groupCodeConfirmed, newClient, signInGroupAdmin } from "../support/staff";
import { signInOperator } from "../support/operators";

const GROUP = String(DEMO.group.id);
const params = { params: { id: GROUP } };
const path = `/admin/groups/${GROUP}`;
const adminFields = (over: Record<string, string> = {}) => ({
  intent: "add-admin",
  __rvfInternalFormId: "group-admin",
  firstName: "Nadia",
  lastName: "Okafor",
  email: "Nadia.Okafor@acmelogistics.example",
  phone: "(214) 555-0142",
  ...over,
});

describeEachDatabase("group admins in the operators' console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const cli = { operatorId: null, requestId: "cli", clientKey: null };
    await addOperator(app.services, cli, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    await addOperator(app.services, cli, { email: "sue@ops.example", name: "Sue Support", role: "support" });
  });
  afterAll(() => app.close());
  const events = (k: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", k).orderBy("id").execute();
  const admins = () => app.store.db.selectFrom("group_admins").selectAll().where("group_id", "=", DEMO.group.id).orderBy("id").execute();

  it("adds an admin by e-mail with the form's checks; the new admin signs in for the group", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const before = await admins();
    const bad = await ops.submit(groupAction, path, adminFields({ firstName: "", email: "nadia@", phone: "12" }), params);
    expect(bad.status).toBe(422);
    expect(bad.data.formId).toBe("group-admin");
    expect(bad.data.fieldErrors).toEqual({
      firstName: "validation.required",
      email: "validation.emailModal",
      phone: "validation.phoneFormat",
    });
    expect(bad.data.repopulateFields).toMatchObject({ lastName: "Okafor", email: "nadia@" });
    const taken = await ops.submit(groupAction, path, adminFields({ email: DEMO.groupAdmins.acme.email.toUpperCase() }), params);
    expect(taken.data.fieldErrors).toEqual({ email: "admin.groups.admins.emailTaken" });
    expect(await admins()).toEqual(before);
    expect(await events("group_admin.add")).toEqual([]);

    const added = await ops.submit(groupAction, path, adminFields(), params);
    expect(added.location).toBe(`${path}?saved=1`);
    const row = (await admins()).at(-1)!;
    expect(row).toMatchObject({
      first_name: "Nadia",
      last_name: "Okafor",
      email: "nadia.okafor@acmelogistics.example",
      phone: "2145550142",
      active: 1,
    });
    const page = await ops.load(groupLoader, path, { id: GROUP });
    expect(page.data.admins.map((a: { email: string }) => a.email)).toContain("nadia.okafor@acmelogistics.example");
    const change = (await events("group_admin.add")).at(-1)!;
    expect(change.before_json).toBeNull();
    expect(JSON.parse(change.after_json!)).toMatchObject({
      email: "nadia.okafor@acmelogistics.example",
      active: true,
      group_id: DEMO.group.id,
    });

    await signInGroupAdmin(app, newClient(app), { adminId: row.id });
  });

  it("a removed admin cannot be sent a code, and their open session ends at once; adding them again brings back the same row", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const row = (await admins()).find((a) => a.email === "nadia.okafor@acmelogistics.example")!;
    const signedIn = await signInGroupAdmin(app, newClient(app), { adminId: row.id });
    expect((await signedIn.load(groupHomeLoader, "/group-home")).status).toBe(200);

    const removed = await ops.submit(groupAction, path, { intent: "remove-admin", adminId: String(row.id) }, params);
    expect(removed.location).toBe(`${path}?saved=1`);
    expect((await signedIn.load(groupHomeLoader, "/group-home")).location).toBe("/session-expired");
    const change = (await events("group_admin.remove")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);

    // the group's sign-in offers the others, not them: a code asked for them is refused
    const c = newClient(app);
    await groupCodeConfirmed(c);
    const sent = await c.submit(verifyAction, "/verify", { intent: "send", destination: `group_admin:${row.id}:email`, as: "admin" });
    expect(sent.status).toBe(422);
    expect(sent.data.fieldErrors).toEqual({ destination: "validation.chooseDestination" });
    // removing again, or an admin of another group, is 404
    expect((await ops.submit(groupAction, path, { intent: "remove-admin", adminId: String(row.id) }, params)).status).toBe(404);
    const other = String(DEMO.groupAdmins.brazos.id);
    expect((await ops.submit(groupAction, path, { intent: "remove-admin", adminId: other }, params)).status).toBe(404);
    expect((await ops.submit(groupAction, path, { intent: "remove-admin", adminId: "x" }, params)).status).toBe(404);

    const back = await ops.submit(groupAction, path, adminFields({ firstName: "Nadia B." }), params);
    expect(back.location).toBe(`${path}?saved=1`);
    const again = (await admins()).filter((a) => a.email === "nadia.okafor@acmelogistics.example");
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: row.id, first_name: "Nadia B.", active: 1 });
  });

  it("support reads the admins but cannot add or remove (403); an unknown group is 404", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    const page = await sue.load(groupLoader, path, { id: GROUP });
    expect(page.data.canEdit).toBe(false);
    expect(page.data.admins.length).toBeGreaterThan(0);
    const before = await admins();
    expect((await sue.submit(groupAction, path, adminFields({ email: "x@acmelogistics.example" }), params)).status).toBe(403);
    expect((await sue.submit(groupAction, path, { intent: "remove-admin", adminId: String(before[0].id) }, params)).status).toBe(403);
    expect(await admins()).toEqual(before);

    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    expect((await ops.submit(groupAction, "/admin/groups/99999", adminFields(), { params: { id: "99999" } })).status).toBe(404);
  });
});
