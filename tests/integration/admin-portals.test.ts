/**
 * Issue 27, portals in the operators' console, on both databases: created with a unique code
 * (messages beside the fields), renamed in English and Spanish with the store showing the new
 * names on the next page (the held reference data is dropped), each change on the trail before →
 * after; support reads only; unknown ids are 404.
 */
import { landingOwnerBySlug } from "~/.server/repositories/entry";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as portalsLoader, action as portalsAction } from "~/routes/admin.portals._index";
import { loader as portalLoader, action as portalAction } from "~/routes/admin.portals.$id";
import { referenceData } from "~/.server/repositories/reference-data";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";
import { action as accessAction } from "~/routes/access";
import { loader as landingLoader } from "~/routes/$landing";
import { loader as referralsLoader } from "~/routes/referrals";
import { choosablePortals } from "~/.server/store/portal-choice";
import { DEMO } from "~/.server/db/seed";

describeEachDatabase("portals in the operators' console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const cli = { operatorId: null, requestId: "cli", clientKey: null };
    await addOperator(app.services, cli, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    await addOperator(app.services, cli, { email: "sue@ops.example", name: "Sue Support", role: "support" });
  });
  afterAll(() => app.close());
  const events = (k: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", k).orderBy("id").execute();
  const held = async (id: number) => (await referenceData(app.store.db)).portals.get(id);

  it("adds a portal with a unique code and renames it; the store's held portals follow; each change on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const bad = await ops.submit(portalsAction, "/admin/portals", { intent: "add", code: "x", name: "", nameEs: "" });
    expect(bad.status).toBe(422);
    expect(bad.data.fieldErrors).toEqual({ code: "admin.validation.codeFormat", name: "validation.required" });
    const taken = await ops.submit(portalsAction, "/admin/portals", { intent: "add", code: "direct", name: "Again", nameEs: "" });
    expect(taken.data.fieldErrors).toEqual({ code: "admin.portals.codeTaken" });
    expect(await events("portal.create")).toEqual([]);

    const created = await ops.submit(portalsAction, "/admin/portals", {
      intent: "add",
      code: "union28",
      name: "Union Members",
      nameEs: "",
    });
    expect(created.location).toMatch(/^\/admin\/portals\/\d+\?saved=1$/);
    const id = Number(created.location!.match(/portals\/(\d+)/)![1]);
    expect(await held(id)).toMatchObject({ code: "UNION28", name: "Union Members", name_es: null });

    const renamed = await ops.submit(
      portalAction,
      `/admin/portals/${id}`,
      { intent: "save", name: "Union Members", nameEs: "Miembros del sindicato" },
      {
        params: { id: String(id) },
      },
    );
    expect(renamed.location).toBe(`/admin/portals/${id}?saved=1`);
    expect(await held(id)).toMatchObject({ name_es: "Miembros del sindicato" });
    const change = (await events("portal.update")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([
      { name_es: null },
      { name_es: "Miembros del sindicato" },
    ]);
    const list = await ops.load(portalsLoader, "/admin/portals");
    expect(list.data.portals.map((p: { code: string }) => p.code)).toContain("UNION28");
  });

  it("support reads but cannot add or rename (403); unknown ids are 404", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    expect((await sue.load(portalLoader, "/admin/portals/1", { id: "1" })).data.canEdit).toBe(false);
    expect(
      (await sue.submit(portalAction, "/admin/portals/1", { intent: "save", name: "Renamed", nameEs: "" }, { params: { id: "1" } })).status,
    ).toBe(403);
    expect((await sue.submit(portalsAction, "/admin/portals", { intent: "add", code: "SUE28", name: "Sue", nameEs: "" })).status).toBe(403);
    expect((await held(1))?.name).toBe("Direct to Consumer");
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    expect((await ops.load(portalLoader, "/admin/portals/99999", { id: "99999" })).status).toBe(404);
    expect(
      (await ops.submit(portalAction, "/admin/portals/99999", { intent: "save", name: "X", nameEs: "" }, { params: { id: "99999" } }))
        .status,
    ).toBe(404);
  });
  it("deactivates a portal: no longer offered, its group's code, landing and referral link stop at once and say so; reactivated, they work again; on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const id = String(DEMO.portals.employer.id);
    const status = (r: { status: number }) => r.status;
    const landing = () => newClient(app).load(landingLoader, `/${DEMO.group.slug}`, { landing: DEMO.group.slug });
    const referral = () => newClient(app).load(referralsLoader, `/referrals?rid=${DEMO.referral.groupCode}`);
    const groupCode = () => newClient(app).submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code });
    expect(status(await landing())).toBe(302);
    expect((await groupCode()).location).toMatch(/^\/access\?step=confirm-group/);

    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    expect((await sue.submit(portalAction, `/admin/portals/${id}`, { intent: "deactivate" }, { params: { id } })).status).toBe(403);

    const off = await ops.submit(portalAction, `/admin/portals/${id}`, { intent: "deactivate" }, { params: { id } });
    expect(off.location).toBe(`/admin/portals/${id}?saved=1`);
    expect((await ops.load(portalLoader, `/admin/portals/${id}`, { id })).data.active).toBe(false);
    expect((await choosablePortals(app.services, DEMO.rep.id)).map((p) => p.id)).toEqual([DEMO.portals.direct.id]);
    expect((await choosablePortals(app.services, null)).map((p) => p.id)).not.toContain(DEMO.portals.employer.id);
    expect(status(await landing())).toBe(410);
    expect(status(await referral())).toBe(410);
    const refused = await groupCode();
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors.code).toBe("validation.inactiveGroupCode");
    const change = (await events("portal.deactivate")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);

    expect((await ops.submit(portalAction, `/admin/portals/${id}`, { intent: "reactivate" }, { params: { id } })).location).toBe(
      `/admin/portals/${id}?saved=1`,
    );
    expect(status(await landing())).toBe(302);
    expect(status(await referral())).toBe(302);
    expect((await groupCode()).location).toMatch(/^\/access\?step=confirm-group/);
    expect(await events("portal.reactivate")).toHaveLength(1);
  });
  it("a rep's landing starts under the rep's first portal still active", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const id = String(DEMO.portals.direct.id);
    const landingPortal = async () => (await landingOwnerBySlug(app.store.db, "jane-carter"))?.portalId;
    expect(await landingPortal()).toBe(DEMO.portals.direct.id);
    await ops.submit(portalAction, `/admin/portals/${id}`, { intent: "deactivate" }, { params: { id } });
    expect(await landingPortal()).toBe(DEMO.portals.employer.id);
    await ops.submit(portalAction, `/admin/portals/${id}`, { intent: "reactivate" }, { params: { id } });
    expect(await landingPortal()).toBe(DEMO.portals.direct.id);
  });
});
