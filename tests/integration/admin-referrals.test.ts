/**
 * Issue 27, referral links in the operators' console and what a deactivated code, slug or referral
 * does in the store, on both databases: a referral created and edited with the store's checks (the
 * code unique, the rep, group and portal existing), each change on the trail before → after; a
 * deactivated referral, rep landing or group landing answers 410 "no longer active" at once (the
 * page translated), an unknown one stays 404; reactivated, it works again; support reads only.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as referralsListLoader } from "~/routes/admin.referrals._index";
import { action as newReferralAction } from "~/routes/admin.referrals.new";
import { loader as referralLoader, action as referralAction } from "~/routes/admin.referrals.$id";
import { action as repAction } from "~/routes/admin.reps.$id";
import { action as groupAction } from "~/routes/admin.groups.$id";
import { loader as referralsLoader } from "~/routes/referrals";
import { loader as landingLoader } from "~/routes/$landing";
import { DEMO } from "~/.server/db/seed";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";

const fields = (over: Record<string, string> = {}) => ({
  intent: "save",
  code: "spring28",
  referrerName: "Spring Fair Booth",
  repId: String(DEMO.rep.id),
  groupId: "",
  portalId: "1",
  ...over,
});

describeEachDatabase("referral links and deactivated codes", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    const cli = { operatorId: null, requestId: "cli", clientKey: null };
    await addOperator(app.services, cli, { email: "sam@ops.example", name: "Sam Sales", role: "sales" });
    await addOperator(app.services, cli, { email: "sue@ops.example", name: "Sue Support", role: "support" });
  });
  afterAll(() => app.close());
  const events = (k: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", k).orderBy("id").execute();
  const count = async () => (await app.store.db.selectFrom("referrals").select("id").execute()).length;

  it("creates and edits a referral with the store's checks; each change is on the trail", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const before = await count();
    const bad = await ops.submit(newReferralAction, "/admin/referrals/new", fields({ code: "x!", referrerName: "", portalId: "abc" }));
    expect(bad.status).toBe(422);
    expect(bad.data.fieldErrors).toEqual({
      code: "admin.referrals.codeFormat",
      referrerName: "validation.required",
      portalId: "admin.referrals.unknownChoice",
    });
    const clash = await ops.submit(
      newReferralAction,
      "/admin/referrals/new",
      fields({ code: DEMO.referral.code.toLowerCase(), groupId: "99999" }),
    );
    expect(clash.status).toBe(422);
    expect(clash.data.fieldErrors).toEqual({ code: "admin.referrals.codeTaken", groupId: "admin.referrals.unknownChoice" });
    expect(clash.data.repopulateFields).toMatchObject({ referrerName: "Spring Fair Booth" });
    expect(await count()).toBe(before);
    expect(await events("referral.create")).toEqual([]);

    const created = await ops.submit(newReferralAction, "/admin/referrals/new", fields());
    expect(created.location).toMatch(/^\/admin\/referrals\/\d+\?saved=1$/);
    const id = created.location!.match(/referrals\/(\d+)/)![1];
    const row = await app.store.db.selectFrom("referrals").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      code: "SPRING28",
      referrer_name: "Spring Fair Booth",
      rep_id: DEMO.rep.id,
      group_id: null,
      portal_id: 1,
      active: 1,
    });

    const visitor = newClient(app);
    expect((await visitor.load(referralsLoader, "/referrals?rid=spring28")).location).toBe("/referrals?rid=spring28&entered=1");
    expect((await visitor.load(referralsLoader, "/referrals?rid=spring28&entered=1")).data.referrerName).toBe("Spring Fair Booth");

    const edited = await ops.submit(referralAction, `/admin/referrals/${id}`, fields({ referrerName: "Spring Fair" }), { params: { id } });
    expect(edited.location).toBe(`/admin/referrals/${id}?saved=1`);
    const change = (await events("referral.update")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([
      { referrer_name: "Spring Fair Booth" },
      { referrer_name: "Spring Fair" },
    ]);
    const list = await ops.load(referralsListLoader, "/admin/referrals");
    expect(list.data.referrals.map((r: { code: string }) => r.code)).toContain("SPRING28");
  });

  it("a deactivated referral answers 410 at once, an unknown one 404; reactivated it works again", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const { id } = await app.store.db.selectFrom("referrals").select("id").where("code", "=", "SPRING28").executeTakeFirstOrThrow();
    const params = { params: { id: String(id) } };
    expect((await ops.submit(referralAction, `/admin/referrals/${id}`, { intent: "deactivate" }, params)).location).toBe(
      `/admin/referrals/${id}?saved=1`,
    );
    const gone = await newClient(app).load(referralsLoader, "/referrals?rid=SPRING28");
    expect(gone.status).toBe(410);
    expect(gone.headers.get("cache-control")).toBe("no-store");
    expect((await newClient(app).load(referralsLoader, "/referrals?rid=NOSUCH99")).location).toBe("/404");
    const change = (await events("referral.deactivate")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);
    await ops.submit(referralAction, `/admin/referrals/${id}`, { intent: "reactivate" }, params);
    expect((await newClient(app).load(referralsLoader, "/referrals?rid=SPRING28")).location).toBe("/referrals?rid=SPRING28&entered=1");
  });

  it("a deactivated rep's or group's landing answers 410 at once; an unknown slug stays 404", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const rep = { params: { id: String(DEMO.rep.id) } };
    await ops.submit(repAction, `/admin/reps/${DEMO.rep.id}`, { intent: "deactivate" }, rep);
    const repSlug = (await app.store.db.selectFrom("reps").select("landing_slug").where("id", "=", DEMO.rep.id).executeTakeFirstOrThrow())
      .landing_slug!;
    expect((await newClient(app).load(landingLoader, `/${repSlug}`, { landing: repSlug })).status).toBe(410);
    await ops.submit(repAction, `/admin/reps/${DEMO.rep.id}`, { intent: "reactivate" }, rep);
    expect((await newClient(app).load(landingLoader, `/${repSlug}`, { landing: repSlug })).location).toBe(`/${repSlug}?entered=1`);

    const group = { params: { id: String(DEMO.group.id) } };
    await ops.submit(groupAction, `/admin/groups/${DEMO.group.id}`, { intent: "deactivate" }, group);
    expect((await newClient(app).load(landingLoader, `/${DEMO.group.slug}`, { landing: DEMO.group.slug })).status).toBe(410);
    await ops.submit(groupAction, `/admin/groups/${DEMO.group.id}`, { intent: "reactivate" }, group);
    expect((await newClient(app).load(landingLoader, "/no-such-landing", { landing: "no-such-landing" })).status).toBe(404);
  });

  it("support reads referrals but cannot change them (403); unknown ids are 404", async () => {
    const sue = newClient(app);
    await signInOperator(app, sue, "sue@ops.example");
    const { id } = await app.store.db.selectFrom("referrals").select("id").where("code", "=", "SPRING28").executeTakeFirstOrThrow();
    const page = await sue.load(referralLoader, `/admin/referrals/${id}`, { id: String(id) });
    expect(page.data.canEdit).toBe(false);
    expect(page.data.link).toBe("/referrals?rid=SPRING28");
    expect(
      (await sue.submit(referralAction, `/admin/referrals/${id}`, { intent: "deactivate" }, { params: { id: String(id) } })).status,
    ).toBe(403);
    expect((await sue.submit(newReferralAction, "/admin/referrals/new", fields({ code: "SUE28" }))).status).toBe(403);
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    expect((await ops.load(referralLoader, "/admin/referrals/99999", { id: "99999" })).status).toBe(404);
    expect((await ops.submit(referralAction, "/admin/referrals/99999", fields(), { params: { id: "99999" } })).status).toBe(404);
  });
});
