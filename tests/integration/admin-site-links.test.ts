/**
 * Issue 27, the sites' links in the operators' console, on both databases: created with the
 * form's checks (labels in both languages, a safe address, an order; an unknown site refused),
 * edited and removed, each change on the trail before → after, and the store's footer showing
 * the change on the next page (the held reference data is dropped); support reads only.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as linksLoader } from "~/routes/admin.links._index";
import { action as newLinkAction } from "~/routes/admin.links.new";
import { loader as linkLoader, action as linkAction } from "~/routes/admin.links.$id";
import { siteLinks } from "~/.server/repositories/sites";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";

const fields = (over: Record<string, string> = {}) => ({
  intent: "save",
  siteId: "1",
  kind: "footer",
  labelEn: "Accessibility",
  labelEs: "Accesibilidad",
  url: "/accessibility",
  sortOrder: "99",
  ...over,
});

describeEachDatabase("site links in the operators' console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const cli = { operatorId: null, requestId: "cli", clientKey: null };
    await addOperator(app.services, cli, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    await addOperator(app.services, cli, { email: "sue@ops.example", name: "Sue Support", role: "support" });
  });
  afterAll(() => app.close());
  const events = (k: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", k).orderBy("id").execute();
  const footer = async () => (await siteLinks(app.store.db, 1)).map((l) => l.label_en);

  it("creates, edits and removes a link with the form's checks; the footer shows each change; all on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const before = await footer();
    const bad = await ops.submit(
      newLinkAction,
      "/admin/links/new",
      fields({ url: "javascript:alert(1)", labelEs: "", sortOrder: "-1", kind: "header", siteId: "" }),
    );
    expect(bad.status).toBe(422);
    expect(bad.data.fieldErrors).toEqual({
      siteId: "admin.links.siteRequired",
      kind: "admin.links.kindRequired",
      labelEs: "validation.required",
      url: "admin.validation.link",
      sortOrder: "admin.links.sortOrderFormat",
    });
    expect((await ops.submit(newLinkAction, "/admin/links/new", fields({ siteId: "99999" }))).data.fieldErrors).toEqual({
      siteId: "admin.links.siteRequired",
    });
    expect(await footer()).toEqual(before);
    expect(await events("site_link.create")).toEqual([]);

    const created = await ops.submit(newLinkAction, "/admin/links/new", fields());
    expect(created.location).toMatch(/^\/admin\/links\/\d+\?saved=1$/);
    const id = created.location!.match(/links\/(\d+)/)![1];
    expect(await footer()).toEqual([...before, "Accessibility"]);

    const edited = await ops.submit(linkAction, `/admin/links/${id}`, fields({ labelEn: "Accessibility statement" }), { params: { id } });
    expect(edited.location).toBe(`/admin/links/${id}?saved=1`);
    expect(await footer()).toContain("Accessibility statement");
    const change = (await events("site_link.update")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([
      { label_en: "Accessibility" },
      { label_en: "Accessibility statement" },
    ]);
    const list = await ops.load(linksLoader, "/admin/links");
    expect(list.data.sites[0].links.map((l: { label_en: string }) => l.label_en)).toContain("Accessibility statement");

    const removed = await ops.submit(linkAction, `/admin/links/${id}`, { intent: "remove" }, { params: { id } });
    expect(removed.location).toBe("/admin/links?removed=1");
    expect(await footer()).toEqual(before);
    const gone = (await events("site_link.remove")).at(-1)!;
    expect(JSON.parse(gone.before_json!)).toMatchObject({ label_en: "Accessibility statement", url: "/accessibility" });
    expect((await ops.load(linkLoader, `/admin/links/${id}`, { id })).status).toBe(404);
    expect((await ops.submit(linkAction, `/admin/links/${id}`, { intent: "remove" }, { params: { id } })).status).toBe(404);
  });

  it("support reads the links but cannot change them (403)", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    const first = (await app.store.db.selectFrom("site_links").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const id = String(first);
    expect((await sue.load(linkLoader, `/admin/links/${id}`, { id })).data.canEdit).toBe(false);
    expect((await sue.submit(linkAction, `/admin/links/${id}`, { intent: "remove" }, { params: { id } })).status).toBe(403);
    expect((await sue.submit(newLinkAction, "/admin/links/new", fields())).status).toBe(403);
    expect(await app.store.db.selectFrom("site_links").select("id").where("id", "=", first).executeTakeFirst()).toBeDefined();
  });
  it("deactivates a link: the footer stops showing it at once, the console keeps it; reactivated, it shows again; on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const created = await ops.submit(newLinkAction, "/admin/links/new", fields({ labelEn: "Privacy choices" }));
    const id = created.location!.match(/links\/(\d+)/)![1]!;
    expect(await footer()).toContain("Privacy choices");
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    expect((await sue.submit(linkAction, `/admin/links/${id}`, { intent: "deactivate" }, { params: { id } })).status).toBe(403);

    const off = await ops.submit(linkAction, `/admin/links/${id}`, { intent: "deactivate" }, { params: { id } });
    expect(off.location).toBe(`/admin/links/${id}?saved=1`);
    expect(await footer()).not.toContain("Privacy choices");
    expect((await ops.load(linkLoader, `/admin/links/${id}`, { id })).data.active).toBe(false);
    const listed = (await ops.load(linksLoader, "/admin/links")).data.sites as { links: { id: number; active: number }[] }[];
    expect(listed.flatMap((s) => s.links).find((l) => l.id === Number(id))).toMatchObject({ active: 0 });
    const change = (await events("site_link.deactivate")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);

    await ops.submit(linkAction, `/admin/links/${id}`, { intent: "reactivate" }, { params: { id } });
    expect(await footer()).toContain("Privacy choices");
    expect(await events("site_link.reactivate")).toHaveLength(1);
  });
});
