/**
 * Security review (stop 37), low: the console's uniqueness checks are select-then-insert in a
 * transaction (operators/groups.ts clashes(), operators/reps.ts), which PostgreSQL's READ
 * COMMITTED did not serialise (now: db/write-lock.ts, one advisory lock for codes and slugs). Two creates at once (a double-click, two operators):
 *   - the same group code: the loser hits the column's UNIQUE constraint → 500, not the page's
 *     "code taken" message;
 *   - the same landing slug for a rep and a group: no constraint spans the two tables, so both are
 *     saved and /<slug> is ambiguous (one of them silently loses its landing page).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as newGroupAction } from "~/routes/admin.groups.new";
import { action as newRepAction } from "~/routes/admin.reps.new";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { signInOperator } from "../support/operators";
import type { TestClient } from "../support/client";

const groupFields = (over: Record<string, string> = {}) => ({
  intent: "save",
  groupCode: "RACE27",
  companyName: "Race Traders",
  landingSlug: "",
  address1: "100 Main St",
  address2: "",
  city: "Dallas",
  state: "tx",
  zip: "75201",
  ...over,
});
const repFields = (over: Record<string, string> = {}) => ({
  intent: "save",
  agentCode: "RACEREP27",
  landingSlug: "",
  firstName: "Lena",
  lastName: "Brandt",
  email: "lena.race@example.com",
  phone: "2145550128",
  displayName: "Lena's Benefits",
  displayPhone: "",
  displayEmail: "",
  logoUrl: "",
  bannerImageUrl: "",
  bannerLink: "",
  brandColor: "#1d4e89",
  taglineEn: "",
  taglineEs: "",
  bioEn: "",
  bioEs: "",
  portals: "1",
  ...over,
});

const statusOf = async (p: Promise<{ status: number }>) => {
  try {
    return (await p).status;
  } catch (e) {
    return e instanceof Response ? e.status : 500;
  }
};

describeEachDatabase("console creates at the same moment", (kind) => {
  let app: TestApp;
  let a: TestClient;
  let b: TestClient;
  beforeAll(async () => {
    app = await createTestApp(kind);
    a = newClient(app);
    b = newClient(app);
    await signInOperator(app, a, DEMO.operator.email);
    await signInOperator(app, b, DEMO.operator.email);
  });
  afterAll(() => app.close());

  it("two groups with one code: one saved, the other told the code is taken (4xx), never a 5xx", async () => {
    const statuses = await Promise.all([
      statusOf(a.submit(newGroupAction, "/admin/groups/new", groupFields())),
      statusOf(b.submit(newGroupAction, "/admin/groups/new", groupFields({ companyName: "Race Two" }))),
    ]);
    expect(statuses.sort()).toEqual([302, 422]);
    expect(await app.store.db.selectFrom("groups").select("id").where("group_code", "=", "RACE27").execute()).toHaveLength(1);
  });

  it("a rep and a group with one landing slug: never both saved", async () => {
    const statuses = await Promise.all([
      statusOf(a.submit(newGroupAction, "/admin/groups/new", groupFields({ groupCode: "RACE28", landingSlug: "same-slug-27" }))),
      statusOf(b.submit(newRepAction, "/admin/reps/new", repFields({ landingSlug: "same-slug-27" }))),
    ]);
    const groups = await app.store.db.selectFrom("groups").select("id").where("slug", "=", "same-slug-27").execute();
    const reps = await app.store.db.selectFrom("reps").select("id").where("landing_slug", "=", "same-slug-27").execute();
    expect(statuses.sort()).toEqual([302, 422]);
    expect(groups.length + reps.length).toBe(1);
  });
});
