/**
 * /referrals?rid=… looks a referral code up: a referral enters the visitor with its rep, group and
 * portal (a group's as a new group member) and shows the referrer's name. Its codes are counted per
 * client with the rep and group codes of the access page (CODE_LIMIT, ADR 017 addendum w10), so the
 * address is no unthrottled way to find them.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as referralsLoader } from "~/routes/referrals";
import { action as accessAction } from "~/routes/access";
import { DEMO } from "~/.server/db/seed";
import { CODE_LIMIT } from "~/.server/store/access-codes";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { TestClient } from "../support/client";

describeEachDatabase("referral codes: counted per client with the access codes", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());
  const client = (ip: string) => {
    const c = new TestClient(app.services);
    c.clientIp = ip;
    return c;
  };

  it("wrong rids stop after CODE_LIMIT (429, nothing entered); the access page is locked too; other clients are not", async () => {
    const c = client("198.51.100.81");
    for (let i = 0; i < CODE_LIMIT.max; i++) expect((await c.load(referralsLoader, `/referrals?rid=NOPE${i}`)).location).toBe("/404");
    const blocked = await c.load(referralsLoader, `/referrals?rid=${DEMO.referral.code}`);
    expect(blocked.status).toBe(429);
    expect((await c.session()).referral).toBeUndefined();
    expect((await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code })).status).toBe(429);

    const other = client("198.51.100.82");
    const first = await other.load(referralsLoader, `/referrals?rid=${DEMO.referral.code}`);
    const page = first.location ? await other.load(referralsLoader, first.location) : first;
    expect(page.status).toBe(200);
    expect(page.data.referrerName).toBe(DEMO.referral.referrerName);
  });

  it("a right rid is never counted (a shared referral link opened again and again)", async () => {
    const c = client("198.51.100.83");
    for (let i = 0; i < CODE_LIMIT.max + 2; i++) {
      const res = await c.load(referralsLoader, `/referrals?rid=${DEMO.referral.code}`);
      expect(res.status === 200 || res.location?.startsWith("/referrals")).toBe(true);
    }
    expect((await c.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code })).location).toBe(
      "/access?step=confirm-rep",
    );
  });
});
