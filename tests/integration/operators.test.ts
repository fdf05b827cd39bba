/**
 * Issue 27, the operators' console: sign-in by a code e-mailed to the operator (the same answer
 * for any address), its limits, server sessions revoked on logout, roles refused per page and per
 * action, every change on the trail before → after, reps' branding checked (contrast AA, unique
 * code and slug), a deactivated rep code refused in the store with its own message, and the
 * last admin kept.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/admin._index";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as repsLoader } from "~/routes/admin.reps._index";
import { action as newRepAction } from "~/routes/admin.reps.new";
import { loader as repLoader, action as repAction } from "~/routes/admin.reps.$id";
import { loader as operatorsLoader, action as operatorsAction } from "~/routes/admin.operators";
import { action as logoutAction } from "~/routes/admin.logout";
import { action as accessAction } from "~/routes/access";
import { loader as landingLoader } from "~/routes/$landing";
import { DEMO } from "~/.server/db/seed";
import { STAFF_CLIENT_FAILURE_LIMIT, STAFF_MAX_TRIES } from "~/.server/members/verification";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, signInRep } from "../support/staff";
import { loader as agentHomeLoader } from "~/routes/_store.agent-home";
import { askOperatorCode, operatorCodeFor, signInOperator, typeOperatorCode } from "../support/operators";
import { addOperator, changeOperator } from "~/.server/operators/directory";

const ADMIN = DEMO.operator.email;

const repFields = (over: Record<string, string | string[]> = {}) => ({
  intent: "save",
  agentCode: "TEST27A",
  landingSlug: "test-rep-27",
  firstName: "Rosa",
  lastName: "Operatorova",
  email: "rosa@example.com",
  phone: "2145550100",
  displayName: "Rosa's Benefits",
  displayPhone: "",
  displayEmail: "",
  logoUrl: "/brand/reps/jane-carter.svg",
  bannerImageUrl: "",
  bannerLink: "",
  brandColor: "#1d4e89",
  taglineEn: "Coverage made simple",
  taglineEs: "Cobertura sencilla",
  bioEn: "",
  bioEs: "",
  portals: ["1"],
  ...over,
});

describeEachDatabase("the operators' console", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "sam@ops.example", name: "Sam Sales", role: "sales" },
    );
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "sue@ops.example", name: "Sue Support", role: "support" },
    );
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "cat@ops.example", name: "Cat Catalog", role: "catalog" },
    );
  });
  afterAll(() => app.close());

  const events = (kind: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", kind).orderBy("id").execute();

  it("every /admin page but the sign-in sends a visitor without a session to the sign-in", async () => {
    const c = newClient(app);
    for (const [loader, path] of [
      [auditLoader, "/admin/audit"],
      [repsLoader, "/admin/reps"],
      [operatorsLoader, "/admin/operators"],
    ] as const) {
      const res = await c.load(loader, path);
      expect(res.status).toBe(302);
      expect(res.location).toBe(`/admin?next=${encodeURIComponent(path)}`);
    }
    const post = await c.submit(repAction, "/admin/reps/1", repFields(), { params: { id: "1" } });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/admin\?/);
    expect((await c.load(adminLoader, "/admin")).data.stage).toBe("signIn");
  });

  it("signs in with the code e-mailed; the answer is the same for an address that is no operator's, which gets no message", async () => {
    const stranger = newClient(app);
    const refA = await askOperatorCode(stranger, "nobody@ops.example");
    expect(refA).toMatch(/^[A-Z2-9]{4}$/);
    expect(await operatorCodeFor(app, "nobody@ops.example")).toBeUndefined();
    const wrong = await typeOperatorCode(stranger, "123456");
    expect(wrong.status).toBe(422);
    expect(wrong.data.fieldErrors.code).toBe("validation.otpWrong");

    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const home = await c.load(adminLoader, "/admin");
    expect(home.data.stage).toBe("home");
    const cookie = c.cookieHeader();
    expect(cookie).toMatch(/__operator=/);
    expect(cookie).not.toContain("operator%40demo.test");
    const success = await events("sign_in.success");
    expect(success.at(-1)).toMatchObject({ subject: expect.stringMatching(/^operator:\d+$/), detail: "code" });
    expect((await events("sign_in.code_sent")).some((e) => e.subject === "unknown")).toBe(true);
  });

  it("a code has 5 tries; a client has 10 wrong codes in 10 minutes; a right code signs in once", async () => {
    const c = newClient(app);
    const ref = await askOperatorCode(c, "sam@ops.example");
    const code = (await operatorCodeFor(app, "sam@ops.example", ref))!;
    const other = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < STAFF_MAX_TRIES; i++) expect((await typeOperatorCode(c, other)).data.fieldErrors.code).toBe("validation.otpWrong");
    expect((await typeOperatorCode(c, other)).data.fieldErrors.code).toBe("validation.otpTooMany");
    // the right code after 5 wrong ones: the code is spent
    expect((await typeOperatorCode(c, code)).location).toBeNull();
    expect((await events("sign_in.failure")).filter((e) => e.detail === "too_many_tries").length).toBeGreaterThan(0);

    const burst = newClient(app);
    await askOperatorCode(burst, "nobody2@ops.example");
    for (let i = 0; i < STAFF_CLIENT_FAILURE_LIMIT.max; i++) await typeOperatorCode(burst, "999999");
    const throttled = await typeOperatorCode(burst, "999999");
    expect(throttled.status).toBe(429);
    expect(throttled.data.fieldErrors.code).toBe("validation.tooManyCodes");

    const once = newClient(app);
    const r2 = await askOperatorCode(once, "sue@ops.example");
    const c2 = (await operatorCodeFor(app, "sue@ops.example", r2))!;
    expect((await typeOperatorCode(once, c2)).location).toBe("/admin");
    expect((await typeOperatorCode(once, c2)).location).toBe("/admin"); // signed in already: home, no second session
  });

  it("a second code request from the same client and address within 120 s waits (429), whoever the address belongs to", async () => {
    const c = newClient(app);
    await askOperatorCode(c, "cat@ops.example");
    const second = await c.submit((await import("~/routes/admin._index")).action, "/admin", { intent: "send", email: "cat@ops.example" });
    expect(second.status).toBe(429);
    const s2 = newClient(app);
    await askOperatorCode(s2, "ghost@ops.example");
    const ghost = await s2.submit((await import("~/routes/admin._index")).action, "/admin", { intent: "send", email: "ghost@ops.example" });
    expect(ghost.status).toBe(429);
    expect(Object.keys(ghost.data.fieldErrors)).toEqual(Object.keys(second.data.fieldErrors));
  });

  it("logout revokes the server session: the cookie replayed opens nothing", async () => {
    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const kept = c.cookieHeader().match(/__operator=([^;]+)/)![1];
    expect((await c.submit(logoutAction, "/admin/logout", {})).location).toBe("/admin?ended=logout");
    const replay = newClient(app);
    replay.setCookie("__operator", kept);
    const res = await replay.load(auditLoader, "/admin/audit");
    expect(res.location).toMatch(/^\/admin\?.*ended=logout/);
    expect((await events("session.end")).at(-1)?.detail).toBe("logout");
  });

  it("an idle session ends after SESSION_IDLE_MINUTES and is on the trail", async () => {
    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    app.clock.now = new Date(app.clock.now.getTime() + app.services.sessions.idleMs + 1000);
    const res = await c.load(auditLoader, "/admin/audit");
    expect(res.location).toMatch(/ended=idle/);
    expect((await events("session.expire")).some((e) => e.detail === "idle")).toBe(true);
  });

  it("roles: support reads reps but cannot save (403); catalog cannot open reps; only admins open operators", async () => {
    const support = newClient(app);
    await signInOperator(app, support, "sue@ops.example");
    expect((await support.load(repLoader, "/admin/reps/1", { id: "1" })).data.canEdit).toBe(false);
    const refused = await support.submit(repAction, "/admin/reps/1", repFields({ agentCode: "ABCD1212", landingSlug: "jane-carter" }), {
      params: { id: "1" },
    });
    expect(refused.status).toBe(403);
    const catalog = newClient(app);
    await signInOperator(app, catalog, "cat@ops.example");
    expect((await catalog.load(repsLoader, "/admin/reps")).status).toBe(403);
    const sales = newClient(app);
    await signInOperator(app, sales, "sam@ops.example");
    expect((await sales.load(operatorsLoader, "/admin/operators")).status).toBe(403);
    expect((await sales.load(repsLoader, "/admin/reps")).data.canEdit).toBe(true);
    const rep = await app.store.db.selectFrom("reps").select("agent_code").where("id", "=", 1).executeTakeFirstOrThrow();
    expect(rep.agent_code).toBe("ABCD1212");
  });

  it("a rep's branding: a colour too light is refused beside the field (nothing saved); a good edit is saved and on the trail before → after, and on the landing page", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "sam@ops.example");
    const created = await c.submit(newRepAction, "/admin/reps/new", repFields());
    expect(created.location).toMatch(/^\/admin\/reps\/\d+\?saved=1$/);
    const id = created.location!.match(/reps\/(\d+)/)![1];

    const light = await c.submit(repAction, `/admin/reps/${id}`, repFields({ brandColor: "#ffdd00", taglineEn: "Changed" }), {
      params: { id },
    });
    expect(light.status).toBe(422);
    expect(light.data.fieldErrors.brandColor).toMatch(/^admin\.validation\.colorContrast::\{"ratio":"1\.\d\d"\}$/);
    const bad = await c.submit(
      repAction,
      `/admin/reps/${id}`,
      repFields({ brandColor: "blue", logoUrl: "javascript:alert(1)", landingSlug: "jane-carter", agentCode: "ABCD1212" }),
      { params: { id } },
    );
    expect(bad.status).toBe(422);
    expect(bad.data.fieldErrors).toMatchObject({ brandColor: "admin.validation.colorFormat", logoUrl: "admin.validation.imageLink" });
    const clash = await c.submit(repAction, `/admin/reps/${id}`, repFields({ landingSlug: "jane-carter", agentCode: "abcd1212" }), {
      params: { id },
    });
    expect(clash.status).toBe(422);
    expect(clash.data.fieldErrors).toEqual({ agentCode: "admin.validation.codeTaken", landingSlug: "admin.validation.slugTaken" });
    const unchanged = await app.store.db.selectFrom("reps").selectAll().where("id", "=", Number(id)).executeTakeFirstOrThrow();
    expect(unchanged).toMatchObject({ brand_color: "#1d4e89", tagline_en: "Coverage made simple", agent_code: "TEST27A" });

    const ok = await c.submit(repAction, `/admin/reps/${id}`, repFields({ brandColor: "#6B2C91", taglineEn: "Benefits, explained" }), {
      params: { id },
    });
    expect(ok.location).toBe(`/admin/reps/${id}?saved=1`);
    const change = (await events("rep.update")).at(-1)!;
    expect(JSON.parse(change.before_json!)).toEqual({ brand_color: "#1d4e89", tagline_en: "Coverage made simple" });
    expect(JSON.parse(change.after_json!)).toEqual({ brand_color: "#6b2c91", tagline_en: "Benefits, explained" });
    expect(change.operator_id).toBeGreaterThan(0);

    const visitor = newClient(app);
    // the first visit enters the landing (a redirect that sets the session), the next shows it
    expect((await visitor.load(landingLoader, "/test-rep-27", { landing: "test-rep-27" })).location).toBe("/test-rep-27?entered=1");
    const landing = await visitor.load(landingLoader, "/test-rep-27?entered=1", { landing: "test-rep-27" });
    expect(landing.status).toBe(200);
    expect(landing.data.branding).toMatchObject({ brandColor: "#6b2c91", tagline: "Benefits, explained", name: "Rosa's Benefits" });

    const trail = await c.load(auditLoader, `/admin/audit?kind=rep.update`);
    expect(trail.data.entries[0].changes).toEqual([
      { field: "brand_color", before: "#1d4e89", after: "#6b2c91" },
      { field: "tagline_en", before: "Coverage made simple", after: "Benefits, explained" },
    ]);
  });

  it("a deactivated rep code stops at once and the person typing it is told so; reactivated, it works again", async () => {
    const ops = newClient(app);
    await signInOperator(app, ops, "sam@ops.example");
    const created = await ops.submit(
      newRepAction,
      "/admin/reps/new",
      repFields({ agentCode: "GONE2027", landingSlug: "gone-rep", email: "gone@example.com" }),
    );
    const id = created.location!.match(/reps\/(\d+)/)![1];
    const visitor = newClient(app);
    expect((await visitor.submit(accessAction, "/access", { intent: "rep-code", code: "GONE2027" })).location).toBe(
      "/access?step=confirm-rep",
    );
    // the rep is signed in when the operator deactivates them
    const rep = await signInRep(app, newClient(app), { id: Number(id), code: "GONE2027" });
    expect((await rep.load(agentHomeLoader, "/agent-home")).status).toBe(200);
    expect((await ops.submit(repAction, `/admin/reps/${id}`, { intent: "deactivate" }, { params: { id } })).location).toBe(
      `/admin/reps/${id}?saved=1`,
    );
    // …and is signed out at once: their session no longer opens the rep's pages
    const after = await rep.load(agentHomeLoader, "/agent-home");
    expect(after.location).toBe("/session-expired");
    const live = await app.store.db
      .selectFrom("staff_sessions")
      .select("id")
      .where("rep_id", "=", Number(id))
      .where("ended_at", "is", null)
      .execute();
    expect(live).toEqual([]);
    const refused = await newClient(app).submit(accessAction, "/access", { intent: "rep-code", code: "gone2027" });
    expect(refused.status).toBe(422);
    expect(refused.data.fieldErrors.code).toBe("validation.inactiveRepCode");
    expect((await newClient(app).load(landingLoader, "/gone-rep", { landing: "gone-rep" })).status).toBe(410);
    const change = (await events("rep.deactivate")).at(-1)!;
    expect([JSON.parse(change.before_json!), JSON.parse(change.after_json!)]).toEqual([{ active: true }, { active: false }]);
    await ops.submit(repAction, `/admin/reps/${id}`, { intent: "reactivate" }, { params: { id } });
    expect((await newClient(app).submit(accessAction, "/access", { intent: "rep-code", code: "GONE2027" })).location).toBe(
      "/access?step=confirm-rep",
    );
  });

  it("two admins demoting each other at once leave one admin (the second change waits for the first, then is refused)", async () => {
    const actor = { operatorId: null, requestId: "test", clientKey: null };
    const a = await addOperator(app.services, actor, { email: "ana.race@ops.example", name: "Ana", role: "admin" });
    const b = await addOperator(app.services, actor, { email: "ben.race@ops.example", name: "Ben", role: "admin" });
    if (!a.ok || !b.ok) throw new Error("could not add the admins");
    // every other admin steps aside, so Ana and Ben are the only two
    const others = await app.store.db
      .selectFrom("operators")
      .select("id")
      .where("role", "=", "admin")
      .where("active", "=", 1)
      .where("id", "not in", [a.id, b.id])
      .execute();
    for (const o of others) expect((await changeOperator(app.services, actor, o.id, { role: "support" })).ok).toBe(true);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        changeOperator(app.services, actor, a.id, { role: "sales" }),
        changeOperator(app.services, actor, b.id, { role: "sales" }),
      ]);
      expect(results.filter((r) => r.ok).length, JSON.stringify(results)).toBe(1);
      expect(results.filter((r) => !r.ok && r.error === "lastAdmin").length).toBe(1);
      const admins = await app.store.db.selectFrom("operators").select("id").where("role", "=", "admin").where("active", "=", 1).execute();
      expect(admins.length).toBe(1);
      // make both admins again for the next round
      const demoted = results[0]!.ok ? a.id : b.id;
      expect((await changeOperator(app.services, actor, demoted, { role: "admin" })).ok).toBe(true);
    }
    // the file's other tests expect the admins they found: put them back, Ana and Ben off
    for (const o of others) expect((await changeOperator(app.services, actor, o.id, { role: "admin" })).ok).toBe(true);
    for (const id of [a.id, b.id]) expect((await changeOperator(app.services, actor, id, { active: false })).ok).toBe(true);
  });

  it("unknown ids answer 404", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "sam@ops.example");
    expect((await c.load(repLoader, "/admin/reps/99999", { id: "99999" })).status).toBe(404);
    expect((await c.load(repLoader, "/admin/reps/abc", { id: "abc" })).status).toBe(404);
    expect((await c.submit(repAction, "/admin/reps/99999", repFields(), { params: { id: "99999" } })).status).toBe(404);
  });

  it("the last active admin cannot be demoted or deactivated; with a second admin, it can; a changed role ends the sessions", async () => {
    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const list = (await c.load(operatorsLoader, "/admin/operators")).data.operators as { id: number; email: string }[];
    const me = list.find((o) => o.email === ADMIN)!;
    const demote = await c.submit(operatorsAction, "/admin/operators", { intent: "role", id: String(me.id), role: "sales" });
    expect(demote.location).toBe("/admin/operators?notice=lastAdmin");
    const off = await c.submit(operatorsAction, "/admin/operators", { intent: "deactivate", id: String(me.id) });
    expect(off.location).toBe("/admin/operators?notice=lastAdmin");
    expect(await app.store.db.selectFrom("operators").select(["role", "active"]).where("id", "=", me.id).executeTakeFirstOrThrow()).toEqual(
      { role: "admin", active: 1 },
    );

    const taken = await c.submit(operatorsAction, "/admin/operators", {
      intent: "add",
      email: "SAM@ops.example",
      name: "Again",
      role: "sales",
    });
    expect(taken.data.fieldErrors.email).toBe("admin.operators.emailTaken");
    const sam = list.find((o) => o.email === "sam@ops.example")!;
    const samClient = newClient(app);
    await signInOperator(app, samClient, "sam@ops.example");
    expect((await c.submit(operatorsAction, "/admin/operators", { intent: "role", id: String(sam.id), role: "admin" })).location).toBe(
      "/admin/operators?notice=saved",
    );
    expect((await samClient.load(repsLoader, "/admin/reps")).location).toMatch(/ended=role_changed/);
    const roleChange = (await events("operator.update")).at(-1)!;
    expect([JSON.parse(roleChange.before_json!), JSON.parse(roleChange.after_json!)]).toEqual([{ role: "sales" }, { role: "admin" }]);
    // now two admins: the demo admin may step down
    expect((await c.submit(operatorsAction, "/admin/operators", { intent: "role", id: String(me.id), role: "support" })).location).toBe(
      "/admin/operators?notice=saved",
    );
  });

  it("the trail cannot be changed", async () => {
    await expect(app.store.db.updateTable("operator_events").set({ kind: "x" }).execute()).rejects.toThrow();
    await expect(app.store.db.deleteFrom("operator_events").execute()).rejects.toThrow();
  });
});
