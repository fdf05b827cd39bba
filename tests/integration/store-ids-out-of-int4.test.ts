/**
 * Security review (stop 36): an id typed in an address or a form past PostgreSQL's `integer`
 * (2,147,483,647) reached a query and answered 500 there (SQLite, with 64-bit keys, said 404).
 * Every id the store reads from a request goes through one parser (`recordIdFrom`): a number no
 * record can have is an unknown id on either database, answered like any other unknown id.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as rosterLoader, action as rosterAction } from "~/routes/_store.group-roster_.$id";
import { loader as censusLoader, action as censusAction } from "~/routes/_store.group-census_.$id";
import { loader as progressLoader, action as progressAction } from "~/routes/_store.group-progress_.$id";
import { loader as historyLoader, action as historyAction } from "~/routes/_store.enrollment-history.$id";
import { loader as recordLoader } from "~/routes/enrollment_.record.$id";
import { loader as agentMembersLoader, action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { loader as groupMembersLoader, action as groupMembersAction } from "~/routes/_store.group-select-member";
import { loader as compareLoader, action as compareAction } from "~/routes/_store.compare";
import { action as verifyAction } from "~/routes/verify";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient, repCodeConfirmed, signInGroupAdmin, signInRep } from "../support/staff";
import type { TestClient } from "../support/client";

/** Just past the `integer` column, the largest the old pattern let through, and the largest key. */
const TOO_BIG = ["2147483648", "9999999999"];

describeEachDatabase("ids past a 32-bit key are unknown ids, never a server error", (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let rep: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    app.clock.now = new Date("2026-11-10T15:00:00Z");
    admin = await signInGroupAdmin(app);
    rep = await signInRep(app);
  });
  afterAll(() => app.close());

  const refused = (res: { status: number }) => {
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(500);
  };

  it.each(TOO_BIG)("a group admin's roster, census and progress pages for id %s answer 404", async (id) => {
    for (const [loader, path] of [
      [rosterLoader, "/group-roster"],
      [censusLoader, "/group-census"],
      [progressLoader, "/group-progress"],
      [historyLoader, "/enrollment-history"],
    ] as const) {
      const res = await admin.load(loader, `${path}/${id}`, { id });
      expect(res.status, path).toBe(404);
    }
  });

  it.each(TOO_BIG)("a group admin's posts to id %s change nothing and answer 4xx", async (id) => {
    refused(await admin.submit(progressAction, `/group-progress/${id}`, { intent: "waive", reason: "other" }, { params: { id } }));
    refused(await admin.submit(progressAction, `/group-progress/${id}`, { intent: "unwaive" }, { params: { id } }));
    refused(await admin.submit(rosterAction, `/group-roster/${id}`, { intent: "reinstate" }, { params: { id } }));
    refused(await admin.submit(censusAction, `/group-census/${id}`, { intent: "apply" }, { params: { id } }));
    refused(await admin.submit(historyAction, `/enrollment-history/${id}`, { intent: "end-plan" }, { params: { id } }));
  });

  it.each(TOO_BIG)("a rep's enrollment history, record and current member %s are unknown", async (id) => {
    expect((await rep.load(historyLoader, `/enrollment-history/${id}`, { id })).status).toBe(404);
    refused(await rep.load(recordLoader, `/enrollment/record/${id}`, { id }));
    refused(await rep.load(agentMembersLoader, `/agent-select-member?member=${id}&step=tier`));
    refused(await rep.submit(agentMembersAction, "/agent-select-member", { intent: "enroll", memberId: id, tier: "1" }));
    refused(await admin.load(groupMembersLoader, `/group-select-member?member=${id}&step=tier`));
    refused(await admin.submit(groupMembersAction, "/group-select-member", { intent: "enroll", memberId: id, tier: "1" }));
  });

  it.each(TOO_BIG)("a visitor comparing plan %s, or asking for the record of that id, gets a 4xx", async (id) => {
    const visitor = newClient(app);
    refused(await visitor.load(compareLoader, `/compare?plans=${id}`));
    refused(await visitor.submit(compareAction, "/compare", { plans: id, shown: id }));
    refused(await visitor.load(recordLoader, `/enrollment/record/${id}`, { id }));
  });

  it.each(TOO_BIG)("a sign-in code asked for rep %s is refused, not a 500", async (id) => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    refused(await c.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${id}:email`, as: "rep" }));
  });
});
