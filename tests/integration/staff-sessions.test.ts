/**
 * Issue 15: server-side sessions for verified reps and group admins. The cookie holds only a
 * random id; Logout and Not My Site revoke the session; it ends after SESSION_IDLE_MINUTES
 * (20 by default) without a request and 12 hours after it started; a replayed cookie, or one
 * shown by another browser, opens nothing; the same person signing in again in the same browser
 * continues where they were.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as agentHomeLoader } from "~/routes/_store.agent-home";
import { loader as agentMembersLoader, action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { loader as groupMembersLoader } from "~/routes/_store.group-select-member";
import { action as logoutAction } from "~/routes/logout";
import { action as notMySiteAction } from "~/routes/not-my-site";
import { loader as expiredLoader, action as expiredAction } from "~/routes/session-expired";
import { loader as sessionLoader, action as sessionAction } from "~/routes/session";
import { loader as personalLoader, action as personalAction } from "~/routes/enrollment.personal-info";
import { DEMO } from "~/.server/db/seed";
import { loadConfig } from "~/.server/platform/config";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { checkOut } from "../support/journeys";
import { newClient, sendSignInCode, signInGroupAdmin, signInRep, typeSignInCode } from "../support/staff";

const MINUTE = 60 * 1000;

/** The signed cookie's payload, as the browser holds it. */
function cookiePayload(c: TestClient) {
  const pair = c
    .cookieHeader()
    .split("; ")
    .find((p) => p.startsWith("__store="))!;
  const signed = decodeURIComponent(pair.slice("__store=".length));
  const data = signed.slice(0, signed.lastIndexOf("."));
  return JSON.parse(Buffer.from(data, "base64").toString("utf8")) as Record<string, unknown>;
}

/** Another browser holding exactly these cookies. */
function copyOf(c: TestClient, app: TestApp, userAgent = c.userAgent) {
  const other = new TestClient(app.services);
  other.clientIp = c.clientIp;
  other.userAgent = userAgent;
  for (const pair of c.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    other.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return other;
}

describeEachDatabase("server-side sessions of verified reps and group admins", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const later = (ms: number) => {
    app.clock.now = new Date(app.clock.now.getTime() + ms);
  };
  const reset = () => {
    app.clock.now = new Date();
  };
  const rowOf = async (c: TestClient) => {
    const sid = cookiePayload(c).sid as string;
    return app.store.db
      .selectFrom("staff_sessions")
      .selectAll()
      .where("token_hash", "=", crypto.createHash("sha256").update(sid).digest("hex"))
      .executeTakeFirstOrThrow();
  };

  it("the cookie holds only an id; the session's ids and modes live in the sessions table", async () => {
    const c = await signInRep(app, newClient(app));
    const payload = cookiePayload(c);
    expect(Object.keys(payload)).toEqual(["sid"]);
    expect(payload.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(c);
    expect(row).toMatchObject({ actor_kind: "rep", rep_id: DEMO.rep.id, ended_at: null });
    expect(row.token_hash).not.toContain(payload.sid as string);
    expect(JSON.parse(row.data)).toMatchObject({ eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true });
    expect(row.data).not.toContain(payload.sid as string);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(12 * 60 * MINUTE);
    // a change to the session is written to the row, the cookie still holds only the id
    await c.setSession({ over65: true });
    expect(Object.keys(cookiePayload(c))).toEqual(["sid"]);
    expect(JSON.parse((await rowOf(c)).data).over65).toBe(true);
  });

  it("Logout revokes it: the same cookie, replayed, opens nothing", async () => {
    const c = await signInRep(app, newClient(app));
    const replay = copyOf(c, app);
    const row = await rowOf(c);
    expect((await c.submit(logoutAction, "/logout", {})).location).toBe("/");
    expect(await c.session()).toEqual({});
    const ended = await app.store.db.selectFrom("staff_sessions").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ end_reason: "logout", ended_at: expect.any(String) });
    for (const [loader, path] of [
      [agentHomeLoader, "/agent-home"],
      [agentMembersLoader, "/agent-select-member"],
    ] as const) {
      expect((await replay.load(loader, path)).location, path).toBe("/session-expired");
    }
    expect((await replay.submit(agentMembersAction, "/agent-select-member", { intent: "tier", memberId: "1", tier: "IO" })).location).toBe(
      "/session-expired",
    );
    const page = await replay.load(expiredLoader, "/session-expired");
    expect(page.status).toBe(401);
    expect(page.data).toMatchObject({ reason: "logout", canSignInAgain: false });
    // the way out: a fresh start
    expect((await replay.submit(expiredAction, "/session-expired", { intent: "leave" })).location).toBe("/access");
    expect(cookiePayload(replay).sid).toBeUndefined();
  });

  it("Not My Site revokes it too", async () => {
    const c = await signInGroupAdmin(app, newClient(app));
    const replay = copyOf(c, app);
    expect((await c.submit(notMySiteAction, "/not-my-site", {})).location).toBe("/access");
    expect((await replay.load(groupMembersLoader, "/group-select-member")).location).toBe("/session-expired");
    expect(
      (
        await app.store.db
          .selectFrom("staff_sessions")
          .select("end_reason")
          .where("admin_id", "=", DEMO.groupAdmins.acme.id)
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow()
      ).end_reason,
    ).toBe("not_my_site");
  });

  it("ends after 20 minutes without a request, never while in use", async () => {
    const c = await signInRep(app, newClient(app));
    try {
      later(19 * MINUTE);
      expect((await c.load(agentHomeLoader, "/agent-home")).status).toBe(200);
      later(19 * MINUTE);
      expect((await c.load(agentMembersLoader, "/agent-select-member")).status).toBe(200);
      later(20 * MINUTE + 1000);
      expect((await c.load(agentMembersLoader, "/agent-select-member")).location).toBe("/session-expired");
      expect((await rowOf(c)).end_reason).toBe("idle");
      const page = await c.load(expiredLoader, "/session-expired");
      expect(page.data).toMatchObject({ reason: "idle", canSignInAgain: true, minutes: 20 });
      // looking at the page that says so does not bring the session back
      expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/session-expired");
    } finally {
      reset();
    }
  });

  it("ends 12 hours after it started, however active", async () => {
    const c = await signInRep(app, newClient(app));
    try {
      for (let i = 0; i < 47; i++) {
        later(15 * MINUTE);
        expect((await c.load(agentHomeLoader, "/agent-home")).status, `after ${(i + 1) * 15} minutes`).toBe(200);
      }
      later(15 * MINUTE);
      expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/session-expired");
      expect((await rowOf(c)).end_reason).toBe("absolute");
      expect((await c.load(expiredLoader, "/session-expired")).data.reason).toBe("absolute");
    } finally {
      reset();
    }
  });

  it("the idle limit is configurable: SESSION_IDLE_MINUTES", async () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(20);
    expect(loadConfig({ SESSION_IDLE_MINUTES: "45" }).sessionIdleMinutes).toBe(45);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: "2" })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: "soon" })).toThrow(/SESSION_IDLE_MINUTES/);
    const short = await createTestApp(kind, { config: { SESSION_IDLE_MINUTES: "5" } });
    try {
      const c = await signInRep(short, newClient(short));
      short.clock.now = new Date(short.clock.now.getTime() + 4 * MINUTE);
      expect((await c.load(agentHomeLoader, "/agent-home")).status).toBe(200);
      short.clock.now = new Date(short.clock.now.getTime() + 5 * MINUTE + 1000);
      expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/session-expired");
      expect((await c.load(expiredLoader, "/session-expired")).data.minutes).toBe(5);
    } finally {
      await short.close();
    }
  });

  it("a session id from another browser opens nothing; an id without our signature is no session at all", async () => {
    const a = await signInRep(app, newClient(app));
    const b = copyOf(a, app, "AnotherBrowser/9.0");
    expect((await b.load(agentMembersLoader, "/agent-select-member")).location).toBe("/session-expired");
    expect((await b.load(expiredLoader, "/session-expired")).data).toMatchObject({ reason: "elsewhere", canSignInAgain: false });
    // the browser it belongs to goes on
    expect((await a.load(agentMembersLoader, "/agent-select-member")).status).toBe(200);
    // the bare id, or the payload with a made-up signature
    const sid = cookiePayload(a).sid as string;
    for (const forged of [sid, `${Buffer.from(JSON.stringify({ sid })).toString("base64")}.${"A".repeat(43)}`]) {
      const c = newClient(app);
      c.setCookie("__store", encodeURIComponent(forged));
      const res = await c.load(agentMembersLoader, "/agent-select-member");
      expect(res.location).not.toBe("/session-expired");
      expect(res.status).not.toBe(200);
      expect(await c.session()).toEqual({});
    }
  });

  it("the same person signing in again in the same browser continues the enrollment where it was, answers kept", async () => {
    const c = await signInRep(app, newClient(app));
    // Enroll Now for Michael Thompson → a plan → the wizard → personal information saved
    expect((await c.submit(agentMembersAction, "/agent-select-member", { intent: "tier", memberId: "1", tier: "IO" })).location).toBe(
      "/plans",
    );
    expect(await checkOut(c, ["BSD-PPO-ESS"])).toBe("/enrollment/personal-info");
    const personal = {
      intent: "next",
      first_name: "Michael",
      last_name: "Thompson",
      height_feet: "5",
      height_inch: "11",
      weight: "182",
      marital_status: "1",
      ssn: "",
      prior_coverage_flag: "0",
    };
    const saved = await c.submit(personalAction, "/enrollment/personal-info", personal);
    expect(saved.location, JSON.stringify(saved.data)).toBe("/enrollment/contact-info");
    const tempId = (await c.session()).tempId;
    try {
      later(21 * MINUTE);
      expect((await c.load(personalLoader, "/enrollment/personal-info")).location).toBe("/session-expired");
      expect((await c.submit(expiredAction, "/session-expired", { intent: "again" })).location).toBe("/verify");
      const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
      expect((await typeSignInCode(c, code)).location).toBe("/enrollment");
      expect((await c.session()).tempId).toBe(tempId);
      const page = await c.load(personalLoader, "/enrollment/personal-info");
      expect(page.status).toBe(200);
      expect(page.data.values).toMatchObject({
        first_name: "Michael",
        last_name: "Thompson",
        height_feet: "5",
        height_inch: "11",
        weight: "182",
      });
      expect(page.data.ssnLast4).toBe("3307");
    } finally {
      reset();
    }
  });

  it("Start over forgets the ended session: whoever signs in next on that browser starts afresh", async () => {
    const c = await signInRep(app, newClient(app));
    await c.setSession({ tempId: 424242 });
    try {
      later(21 * MINUTE);
      expect((await c.load(agentHomeLoader, "/agent-home")).location).toBe("/session-expired");
      // Start over, then a group admin signs in on the same browser
      await c.submit(expiredAction, "/session-expired", { intent: "leave" });
      await signInGroupAdmin(app, c);
      expect((await c.session()).tempId).toBeUndefined();
    } finally {
      reset();
    }
  });

  it("the page's warning: the time left comes with every page; asking does not count as activity, Stay signed in does", async () => {
    const applicant = newClient(app);
    expect((await applicant.load(rootLoader, "/")).data.staffSession).toBeNull();
    const c = await signInRep(app, newClient(app));
    const shell = await c.load(rootLoader, "/agent-home");
    expect(shell.data.staffSession).toMatchObject({ idleSeconds: 20 * 60, warningSeconds: 120 });
    expect(shell.data.staffSession.absoluteSeconds).toBeGreaterThan(11 * 60 * 60);
    try {
      later(18 * MINUTE);
      const asked = await c.load(sessionLoader, "/session");
      expect(asked.data).toMatchObject({ active: true, idleSeconds: 2 * 60 });
      later(60 * 1000);
      expect((await c.load(sessionLoader, "/session")).data).toMatchObject({ active: true, idleSeconds: 60 });
      const stay = await c.submit(sessionAction, "/session", {});
      expect(stay.data).toMatchObject({ active: true, idleSeconds: 20 * 60 });
      later(19 * MINUTE);
      expect((await c.load(agentHomeLoader, "/agent-home")).status).toBe(200);
      later(21 * MINUTE);
      expect((await c.load(sessionLoader, "/session")).data).toEqual({ active: false, idleSeconds: 0, absoluteSeconds: 0 });
    } finally {
      reset();
    }
  });
});
