/**
 * Issue 27, groups in the operators' console, on both databases: created and edited with the
 * store's checks (the enrollment code unique among groups, the landing slug among reps' and
 * groups'), each change on the trail before → after, a deactivated group code refused at once
 * with its own message and working again when reactivated; support reads, unknown ids are 404.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as groupsLoader } from "~/routes/admin.groups._index";
import { action as newGroupAction } from "~/routes/admin.groups.new";
import { loader as groupLoader, action as groupAction } from "~/routes/admin.groups.$id";
import { action as accessAction } from "~/routes/access";
import { loader as landingLoader } from "~/routes/$landing";
import { DEMO } from "~/.server/db/seed";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";

const groupFields = (over: Record<string, string> = {}) => ({
  intent: "save",
  groupCode: "northwind27",
  companyName: "Northwind Traders",
  landingSlug: "northwind-traders",
  address1: "100 Main St",
  address2: "",
  city: "Dallas",
  state: "tx",
  zip: "75201",
  ...over,
});

describeEachDatabase("groups in the operators' console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "sue@ops.example", name: "Sue Support", role: "support" },
    );
  });
  afterAll(() => app.close());
  const events = (k: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", k).orderBy("id").execute();

  it("creates and edits a group with the store's checks; each change is on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, DEMO.operator.email);
    // a taken code (Acme's) and a slug a rep uses are refused beside their fields; nothing written
    const clash = await ops.submit(newGroupAction, "/admin/groups/new", groupFields({ groupCode: "ACME2024", landingSlug: "jane-carter" }));
    expect(clash.status).toBe(422);
    expect(clash.data.fieldErrors).toEqual({ groupCode: "admin.groups.codeTaken", landingSlug: "admin.validation.slugTaken" });
    const bad = await ops.submit(newGroupAction, "/admin/groups/new", groupFields({ state: "ZZ", zip: "123" }));
    expect(bad.data.fieldErrors).toEqual({ state: "validation.state", zip: "validation.zipFormat" });
    expect(await events("group.create")).toEqual([]);

    const created = await ops.submit(newGroupAction, "/admin/groups/new", groupFields());
    expect(created.location).toMatch(/^\/admin\/groups\/\d+\?saved=1$/);
    const id = created.location!.match(/groups\/(\d+)/)![1];
    const row = await app.store.db.selectFrom("groups").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      group_code: "NORTHWIND27",
      slug: "northwind-traders",
      landing_url: "/northwind-traders",
      state: "TX",
      active: 1,
    });
    expect(JSON.parse((await events("group.create"))[0].after_json!)).toMatchObject({ group_code: "NORTHWIND27", city: "Dallas" });

    const edited = await ops.submit(
      groupAction,
      `/admin/groups/${id}`,
      groupFields({ address1: "200 Elm St", city: "Austin", zip: "78701" }),
      {
        params: { id },
      },
    );
    expect(edited.location).toBe(`/admin/groups/${id}?saved=1`);
    const change = (await events("group.update")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([
      { address1: "100 Main St", city: "Dallas", zip: "75201" },
      { address1: "200 Elm St", city: "Austin", zip: "78701" },
    ]);
    const page = await ops.load(groupLoader, `/admin/groups/${id}`, { id });
    expect(page.data.defaults).toMatchObject({ groupCode: "NORTHWIND27", address1: "200 Elm St" });
    expect((await ops.load(groupsLoader, "/admin/groups")).data.groups.some((g: { id: number }) => g.id === Number(id))).toBe(true);
  });

  it("a deactivated group code stops at once and says so; reactivated, it works again", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, DEMO.operator.email);
    const created = await ops.submit(
      newGroupAction,
      "/admin/groups/new",
      groupFields({ groupCode: "GONEGRP27", landingSlug: "gone-group" }),
    );
    const id = created.location!.match(/groups\/(\d+)/)![1];
    const tryCode = () => newClient(app).submit(accessAction, "/access", { intent: "group-code", code: "gonegrp27", purpose: "employee" });
    expect((await tryCode()).location).toMatch(/^\/access\?step=confirm-group/);
    // a session of the group's admin, live when the group is deactivated, ends with it
    const admin = await app.store.db
      .insertInto("staff_sessions")
      .values({
        token_hash: "0".repeat(64),
        actor_kind: "group_admin",
        rep_id: null,
        group_id: Number(id),
        admin_id: null,
        data: "{}",
        ua_hash: "x",
        created_at: new Date().toISOString(),
        last_seen_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await ops.submit(groupAction, `/admin/groups/${id}`, { intent: "deactivate" }, { params: { id } })).location).toBe(
      `/admin/groups/${id}?saved=1`,
    );
    const ended = await app.store.db.selectFrom("staff_sessions").select("ended_at").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(ended.ended_at).not.toBeNull();
    const refused = await tryCode();
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors.code).toMatch(/inactive/i);
    // a deactivated group's landing says it is no longer active (410)
    expect((await newClient(app).load(landingLoader, "/gone-group", { landing: "gone-group" })).status).toBe(410);
    const change = (await events("group.deactivate")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);
    await ops.submit(groupAction, `/admin/groups/${id}`, { intent: "reactivate" }, { params: { id } });
    expect((await tryCode()).location).toMatch(/^\/access\?step=confirm-group/);
  });

  it("support reads but may not change a group; unknown ids answer 404", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    const page = await sue.load(groupLoader, "/admin/groups/1", { id: "1" });
    expect(page.status).toBe(200);
    expect(page.data.canEdit).toBe(false);
    expect((await sue.submit(groupAction, "/admin/groups/1", groupFields(), { params: { id: "1" } })).status).toBe(403);
    expect((await sue.submit(newGroupAction, "/admin/groups/new", groupFields())).status).toBe(403);
    const ops = newClient(app);
    await signInOperator(app, ops, DEMO.operator.email);
    expect((await ops.load(groupLoader, "/admin/groups/99999", { id: "99999" })).status).toBe(404);
    expect((await ops.submit(groupAction, "/admin/groups/99999", groupFields(), { params: { id: "99999" } })).status).toBe(404);
  });
});
