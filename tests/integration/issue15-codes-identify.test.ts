/**
 * Issue 15 as it was reported, through the routes that existed then: the group code handed to
 * every employee, and the rep code printed on the rep's landing material, must not open other
 * people's records by themselves.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as accessAction } from "~/routes/access";
import { loader as agentHomeLoader } from "~/routes/_store.agent-home";
import { loader as agentMembersLoader, action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { loader as groupMembersLoader, action as groupMembersAction } from "~/routes/_store.group-select-member";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

describeEachDatabase("issue 15: a code that is shared opens nobody's records", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const client = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };
  const enrollments = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const COWORKERS = /Brooks|Okafor|Nguyen|XXX-XX-/;
  const BOOK = /Thompson|Ramirez|Chen|XXX-XX-/;

  it("an employee who entered ACME2024 never sees a co-worker, and cannot enroll one", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "group-code", code: DEMO.group.code, purpose: "employee" });
    expect((await c.submit(accessAction, "/access", { intent: "confirm-group", purpose: "employee" })).location).toBe("/group-home");
    for (const path of ["/group-select-member", "/group-select-member?q=a", "/group-select-member?member=4&step=tier"]) {
      const res = await c.load(groupMembersLoader, path);
      expect(res.status, path).not.toBe(200);
      expect(JSON.stringify(res.data ?? ""), path).not.toMatch(COWORKERS);
    }
    const before = await enrollments();
    const res = await c.submit(groupMembersAction, "/group-select-member", { intent: "tier", memberId: "4", tier: "IO" });
    expect(res.location).not.toBe("/plans");
    expect(await enrollments()).toBe(before);
  });

  it("whoever entered the rep's access code does not see the rep's book, nor enroll for it", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code });
    await c.submit(accessAction, "/access", { intent: "confirm-rep" });
    expect((await c.load(agentHomeLoader, "/agent-home")).status).not.toBe(200);
    const list = await c.load(agentMembersLoader, "/agent-select-member");
    expect(list.status).not.toBe(200);
    expect(JSON.stringify(list.data ?? "")).not.toMatch(BOOK);
    const before = await enrollments();
    expect((await c.submit(agentMembersAction, "/agent-select-member", { intent: "tier", memberId: "1", tier: "IO" })).location).not.toBe(
      "/plans",
    );
    const memberId = String(DEMO.members.ids.underRep[0]);
    expect(
      (await c.submit(agentMembersAction, "/agent-select-member", { intent: "resend-signature", memberId })).location ?? "",
    ).not.toContain("signature=");
    expect(await enrollments()).toBe(before);
  });

  it("a rep's session kept by a browser ends: 21 minutes without a request and the book is closed", async () => {
    const c = client();
    await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code });
    await c.submit(accessAction, "/access", { intent: "confirm-rep" });
    try {
      app.clock.now = new Date(app.clock.now.getTime() + 21 * 60 * 1000);
      expect((await c.load(agentMembersLoader, "/agent-select-member")).status).not.toBe(200);
    } finally {
      app.clock.now = new Date();
    }
  });
});
