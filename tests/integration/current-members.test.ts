import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import { loader as agentLoader, action as agentAction } from "~/routes/_store.agent-select-member";
import { loader as groupLoader, action as groupAction } from "~/routes/_store.group-select-member";
import { loader as memberStoreLoader, action as memberStoreAction } from "~/routes/member-benefit-store.$id.$tier";
import { loader as memberHomeLoader } from "~/routes/_store.member-home";
import { loader as groupHomeLoader } from "~/routes/_store.group-home";
import { DEMO } from "~/.server/db/seed";
import { MEMBERS } from "~/.server/db/seed/identities";
import { searchMembers, findMemberInScope } from "~/.server/repositories/members";
import { memberStoreToken, parseMemberStoreToken, readMemberStoreToken } from "~/.server/members/member-links";
import { createCipher } from "~/.server/platform/crypto";
import { createTestApp, describeEachDatabase, TEST_ENCRYPTION_KEY, type TestApp } from "../support/db";
import { TestClient } from "../support/client";
import { signInGroupAdmin, signInRep, verifiedSessionFor } from "../support/staff";

const REP = DEMO.rep.id;
const GROUP = DEMO.group.id;
const MBS = DEMO.memberBenefitStoreGroupId;
/** rep 1's members by last name, first name: Brooks, Chen, Mendoza, Nguyen, Okafor | Ramirez, Thompson */
const REP_ORDER = [4, 3, 7, 6, 5, 2, 1];

interface Row {
  id: number;
  name: string;
  dob: string;
  email: string | null;
  ssn: string | null;
  groupName: string | null;
  plans: Array<{ name: string; inactive: boolean }>;
}

describe("member store tokens", () => {
  const cipher = createCipher(Buffer.from(TEST_ENCRYPTION_KEY, "hex"));
  const other = createCipher(Buffer.from("11".repeat(32), "hex"));
  const now = new Date("2030-01-01T00:00:00Z");
  const later = new Date("2030-01-31T00:00:00Z");
  it("round-trips and refuses anything forged or malformed", () => {
    const token = memberStoreToken(cipher, 42, later);
    expect(token).toBe(`42.${later.getTime() / 1000}.${token.split(".")[2]}`);
    expect(token).toMatch(/^42\.[0-9]{10}\.[A-Za-z0-9_-]{22}$/);
    expect(parseMemberStoreToken(cipher, token, now)).toBe(42);
    const [, exp, mac] = token.split(".") as [string, string, string];
    expect(parseMemberStoreToken(cipher, `43.${exp}.${mac}`, now)).toBeNull(); // another member's id with this mac
    expect(parseMemberStoreToken(cipher, `42.${Number(exp) + 86400}.${mac}`, now)).toBeNull(); // a later expiry with this mac
    expect(parseMemberStoreToken(other, token, now)).toBeNull(); // another key
    for (const bad of [
      "42",
      "42.",
      `042.${exp}.${mac}`,
      `42.${exp}.${mac}x`,
      `42.${exp}.${mac.slice(1)}`,
      `-42.${exp}.${mac}`,
      `42.${exp}.${mac.slice(0, 21)}=`,
      "",
      `99999999999.${exp}.${mac}`,
      `42.${exp}.${mac}/../1`,
      `42.0${exp}.${mac}`,
    ]) {
      expect(parseMemberStoreToken(cipher, bad, now), bad).toBeNull();
    }
    expect(parseMemberStoreToken(cipher, undefined, now)).toBeNull();
    expect(() => memberStoreToken(cipher, 0, later)).toThrow();
  });

  it("expires: refused from its expiry on, as 'expired'; a link of the old format (no expiry) is refused as expired", () => {
    const token = memberStoreToken(cipher, 42, later);
    expect(readMemberStoreToken(cipher, token, new Date(later.getTime() - 1000))).toMatchObject({ status: "ok", memberId: 42 });
    expect(readMemberStoreToken(cipher, token, later)).toEqual({ status: "expired" });
    expect(parseMemberStoreToken(cipher, token, later)).toBeNull();
    // the first format, {id}.{mac}, never expired: a genuine one is now "expired", a forged one invalid
    const oldFormat = `42.${cipher.hash("member-store:42").slice(0, 22)}`;
    expect(readMemberStoreToken(cipher, oldFormat, now)).toEqual({ status: "expired" });
    expect(readMemberStoreToken(other, oldFormat, now)).toEqual({ status: "invalid" });
  });
});

describeEachDatabase("current members: search, paging, Enroll Now and the member benefit store", (kind) => {
  let app: TestApp;
  let mbsMemberId: number;
  beforeAll(async () => {
    app = await createTestApp(kind);
    // One more member of the member benefit store group (1929), with a policy, for these tests alone.
    const db = app.store.db;
    const cipher = app.services.cipher;
    const member = await db
      .insertInto("members")
      .values({
        rep_id: null,
        group_id: MBS,
        portal_id: 1,
        first_name: "Grace",
        last_name: "Holloway",
        birthdate: "1975-08-14",
        gender: 1,
        email: "grace.holloway@example.com",
        phone: "2145550111",
        ssn_enc: cipher.encrypt("523118842"),
        ssn_last4: "8842",
        address1: "120 Elm Street",
        address2: null,
        city: "Dallas",
        state: "TX",
        zip: "75201",
        last_enrollment_id: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    mbsMemberId = member.id;
    const policy = await db
      .insertInto("policies")
      .values({
        policy_number: "BS-TEST-000901",
        member_id: mbsMemberId,
        enrollment_id: null,
        idempotency_key: `test-mbs-${mbsMemberId}`,
        tier: "IO",
        effective_date: "2024-01-01",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const dental = await db.selectFrom("plans").select("id").where("code", "=", DEMO.plans.dental).executeTakeFirstOrThrow();
    await db
      .insertInto("policy_plans")
      .values({ policy_id: policy.id, plan_id: dental.id, plan_price_id: null, price_cents: 2500, status: "ACTIVE" })
      .execute();
  });
  afterAll(() => app.close());

  const client = () => {
    const c = new TestClient(app.services);
    c.clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return c;
  };
  // Reps and group admins see members once verified by a code (issue 15).
  const repClient = async (agentId: number = REP) => {
    if (agentId === REP) return signInRep(app, client());
    // a rep without a landing URL cannot go through the access page: the same server session, started directly
    return verifiedSessionFor(app, client(), { kind: "rep", repId: agentId }, { eprocess: "rep", agentId, repAuthenticated: true });
  };
  const groupClient = async (groupId: number = GROUP) => {
    const admin = Object.values(DEMO.groupAdmins).find((a) => a.groupId === groupId)!;
    return signInGroupAdmin(app, client(), { groupCode: groupId === GROUP ? DEMO.group.code : DEMO.group2.code, adminId: admin.id });
  };
  const ids = (res: { data: { members: Row[] } }) => res.data.members.map((m) => m.id);
  const enrollmentCount = async () =>
    Number(
      (
        await app.store.db
          .selectFrom("enrollments")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // ---- listing and paging
  it("a rep sees exactly their own members, 5 per page, ordered by last name", async () => {
    const c = await repClient();
    const first = await c.load(agentLoader, "/agent-select-member");
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ total: 7, page: 1, pageCount: 2, q: "", dialog: null });
    expect(ids(first)).toEqual(REP_ORDER.slice(0, 5));
    const second = await c.load(agentLoader, "/agent-select-member?page=2");
    expect(ids(second)).toEqual(REP_ORDER.slice(5));
    // every member of rep 1 in the seed, nobody else's (rep 2's senior member, the 1929 member)
    const expected = MEMBERS.filter((m) => m.rep_id === REP).map((m) => m.id);
    expect([...ids(first), ...ids(second)].sort()).toEqual([...expected].sort());
    // a page past the end shows the last page; a nonsense page the first
    expect(ids(await c.load(agentLoader, "/agent-select-member?page=99"))).toEqual(REP_ORDER.slice(5));
    expect((await c.load(agentLoader, "/agent-select-member?page=abc")).data.page).toBe(1);
    // another rep sees only theirs
    const rep2 = await repClient(DEMO.repNoLanding.id);
    expect(ids(await rep2.load(agentLoader, "/agent-select-member"))).toEqual(DEMO.members.ids.senior);
  });

  it("each row: name, date of birth mm/dd/yyyy, e-mail, masked SSN, group name and plans", async () => {
    const c = await repClient();
    const res = await c.load(agentLoader, "/agent-select-member");
    const brooks = res.data.members.find((m: Row) => m.id === 4) as Row;
    expect(brooks).toMatchObject({
      name: "Angela Brooks",
      dob: "06/30/1990",
      email: "angela.brooks@example.com",
      ssn: "XXX-XX-1038",
      groupName: DEMO.group.companyName,
    });
    expect(brooks.plans.map((p) => p.name)).toHaveLength(3);
    const chen = res.data.members.find((m: Row) => m.id === 3) as Row;
    expect(chen.groupName).toBeNull();
  });

  it("never sends a full SSN: only XXX-XX-last4", async () => {
    const c = await repClient();
    const rows = await app.store.db.selectFrom("members").select(["id", "ssn_enc", "ssn_last4"]).where("rep_id", "=", REP).execute();
    const ssns = rows.map((r) => app.services.cipher.decrypt(r.ssn_enc!));
    expect(ssns.every((s) => /^\d{9}$/.test(s))).toBe(true);
    for (const path of [
      "/agent-select-member",
      "/agent-select-member?page=2",
      "/agent-select-member?q=3307",
      "/agent-select-member?member=1&step=tier",
    ]) {
      const text = JSON.stringify((await c.load(agentLoader, path)).data);
      for (const ssn of ssns) {
        expect(text).not.toContain(ssn);
        expect(text).not.toContain(`${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`);
      }
      expect(text).not.toMatch(/ssn_enc|v1\./);
    }
    const text = JSON.stringify((await c.load(agentLoader, "/agent-select-member")).data);
    for (const r of rows.filter((r) => REP_ORDER.slice(0, 5).includes(r.id))) expect(text).toContain(`XXX-XX-${r.ssn_last4}`);
  });

  it("marks inactive plans, with plan names in the visitor's language", async () => {
    const c = await repClient();
    const inactivePlan = await app.store.db
      .selectFrom("policy_plans")
      .innerJoin("policies", "policies.id", "policy_plans.policy_id")
      .innerJoin("plan_texts", "plan_texts.plan_id", "policy_plans.plan_id")
      .select(["plan_texts.locale", "plan_texts.name"])
      .where("policies.member_id", "=", 6)
      .where("policy_plans.status", "=", "INACTIVE")
      .execute();
    const name = (lng: string) => inactivePlan.find((p) => p.locale === lng)!.name;
    const en = (await c.load(agentLoader, "/agent-select-member?q=nguyen")).data.members[0] as Row;
    expect(en.name).toBe(DEMO.members.withInactivePlan);
    expect(en.plans.filter((p) => p.inactive)).toEqual([
      { name: name("en"), inactive: true, awaitingSignature: false, carrier: { state: "waiting", on: null } },
    ]);
    expect(en.plans.filter((p) => !p.inactive)).toHaveLength(2);
    expect(name("es")).not.toBe(name("en"));
    const es = (await c.load(agentLoader, "/agent-select-member?q=nguyen&lng=es")).data.members[0] as Row;
    expect(es.plans.filter((p) => p.inactive)).toEqual([
      { name: name("es"), inactive: true, awaitingSignature: false, carrier: { state: "waiting", on: null } },
    ]);
  });

  // ---- search
  it("searches by first name, last name, full name, e-mail, group name and the SSN's last four, ignoring case", async () => {
    const c = await repClient();
    const search = async (q: string) => ids(await c.load(agentLoader, `/agent-select-member?q=${encodeURIComponent(q)}`));
    expect(await search("thompson")).toEqual([1]);
    expect(await search("  SOFIA  ")).toEqual([2]);
    expect(await search("sofia ramirez")).toEqual([2]);
    expect(await search("Robert   Chen")).toEqual([3]);
    expect(await search("angela.brooks@example.com")).toEqual([4]);
    expect(await search("@EXAMPLE.com")).toEqual(REP_ORDER.slice(0, 5));
    expect(await search("acme")).toEqual([4, 6, 5]);
    expect(await search("3307")).toEqual([1]); // Michael Thompson's SSN ends 3307
    expect(await search("2719")).toEqual([6]);
    const found = await c.load(agentLoader, "/agent-select-member?q=acme");
    expect(found.data).toMatchObject({ q: "acme", total: 3, pageCount: 1 });
  });

  it("a search without results says so; LIKE wildcards are taken literally; other reps' members never match", async () => {
    const c = await repClient();
    const none = await c.load(agentLoader, "/agent-select-member?q=zzzz");
    expect(none.data).toMatchObject({ total: 0, members: [], q: "zzzz" });
    expect((await c.load(agentLoader, "/agent-select-member?q=%25")).data.total).toBe(0);
    expect((await c.load(agentLoader, "/agent-select-member?q=_")).data.total).toBe(0);
    expect((await c.load(agentLoader, "/agent-select-member?q=walsh")).data.total).toBe(0); // rep 2's member
    expect((await c.load(agentLoader, "/agent-select-member?q=6648")).data.total).toBe(0); // rep 2's member's last four
    expect((await c.load(agentLoader, "/agent-select-member?q=holloway")).data.total).toBe(0); // group 1929
  });

  it("the repository needs a scope and runs a bounded number of queries", async () => {
    expect(await searchMembers(app.store.db, {}, "", 1)).toEqual({ rows: [], total: 0, page: 1 });
    expect(await findMemberInScope(app.store.db, 1, {})).toBeUndefined();
    expect(await findMemberInScope(app.store.db, 8, { repId: REP })).toBeUndefined();
    expect((await findMemberInScope(app.store.db, 1, { repId: REP }))?.id).toBe(1);
    const both = await searchMembers(app.store.db, { repId: REP, groupId: GROUP }, "", 1, 10);
    expect(both.rows.map((r) => r.id)).toEqual([4, 6, 5]);
    // the count, one page of members, their plans: never a query per member
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = app.store.db.withPlugin(counting);
    const page = await searchMembers(db, { repId: REP }, "", 1, 10);
    expect(page.rows).toHaveLength(7);
    expect(page.rows.every((r) => r.plans.length > 0)).toBe(true);
    expect(queries).toBe(3);
  });

  // ---- group scope
  it("a group user sees the group's members only, and the group home links to them", async () => {
    const c = await groupClient();
    const res = await c.load(groupLoader, "/group-select-member");
    expect(ids(res)).toEqual([4, 6, 5]);
    expect(res.data).toMatchObject({ total: 3, pageCount: 1, basePath: "/group-select-member" });
    expect((await c.load(groupLoader, "/group-select-member?q=thompson")).data.total).toBe(0);
    expect(ids(await c.load(groupLoader, "/group-select-member?q=linda"))).toEqual([6]);
    const brazos = await groupClient(DEMO.group2.id);
    expect(ids(await brazos.load(groupLoader, "/group-select-member"))).toEqual(DEMO.members.ids.group2);
    expect((await c.load(groupHomeLoader, "/group-home")).status).toBe(200);
  });

  it("each screen is for its role only", async () => {
    const applicant = client();
    await applicant.setSession({ eprocess: "applicant", repAuthenticated: true });
    expect((await applicant.load(agentLoader, "/agent-select-member")).location).toBe("/access");
    expect((await applicant.load(groupLoader, "/group-select-member")).location).toBe("/access");
    expect((await (await groupClient()).load(agentLoader, "/agent-select-member")).location).toBe("/access");
    expect((await (await repClient()).load(groupLoader, "/group-select-member")).location).toBe("/access");
    expect((await client().load(agentLoader, "/agent-select-member")).location).toMatch(/^\/\?next=/);
  });

  // ---- Enroll Now
  it("Enroll Now → Choose Tier → IF → dependents (validated) → an existing-member enrollment → /plans", async () => {
    const c = await repClient();
    const memberId = 1;
    const tierPage = await c.load(agentLoader, `/agent-select-member?q=thompson&member=${memberId}&step=tier`);
    expect(tierPage.data.dialog).toEqual({ step: "tier", memberId, memberName: "Michael Thompson", tier: null });
    const before = await enrollmentCount();
    const path = `/agent-select-member?q=thompson&member=${memberId}&step=tier`;
    expect((await c.submit(agentAction, path, { intent: "tier", memberId: String(memberId) })).data.fieldErrors.tier).toBe(
      "validation.chooseTier",
    );
    expect((await c.submit(agentAction, path, { intent: "tier", memberId: String(memberId), tier: "XX" })).data.fieldErrors.tier).toBe(
      "validation.chooseTier",
    );
    const toDependents = await c.submit(agentAction, path, { intent: "tier", memberId: String(memberId), tier: "IF" });
    expect(toDependents.location).toBe(`/agent-select-member?q=thompson&member=${memberId}&step=dependents&tier=IF`);
    const depPage = await c.load(agentLoader, toDependents.location!);
    expect(depPage.data.dialog).toEqual({ step: "dependents", memberId, memberName: "Michael Thompson", tier: "IF" });
    const missing = await c.submit(agentAction, toDependents.location!, { intent: "dependents", memberId: String(memberId), tier: "IF" });
    expect(missing.data.fieldErrors).toEqual({ spouseDob: "validation.required", childCount: "validation.required" });
    const bad = await c.submit(agentAction, toDependents.location!, {
      intent: "dependents",
      memberId: String(memberId),
      tier: "IF",
      spouseDob: "01/01/2020",
      childCount: "12",
    });
    expect(bad.data.fieldErrors).toEqual({ spouseDob: "validation.spouseAdult", childCount: "validation.childCount" });
    expect(await enrollmentCount()).toBe(before);
    const ok = await c.submit(agentAction, toDependents.location!, {
      intent: "dependents",
      memberId: String(memberId),
      tier: "IF",
      spouseDob: "04/12/1980",
      childCount: "2",
    });
    expect(ok.location).toBe("/plans");
    const s = await c.session();
    expect(s).toMatchObject({ eprocess: "rep", agentId: REP, enrollType: "existing-member", memberId, portalId: 1 });
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", s.tempId!).executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({
      enroll_type: "existing-member",
      type: "existing",
      member_id: memberId,
      tier: "IF",
      spouse_birthdate: "1980-04-12",
      child_count: 2,
      eprocess: "rep",
      agent_id: REP,
      zip: "75024",
      birthdate: "1979-04-12",
    });
    expect(await enrollmentCount()).toBe(before + 1);
  });

  it("Enroll Now with IO goes straight to /plans; a dependents step with a bad tier falls back to the tier choice", async () => {
    const c = await groupClient();
    const page = await c.load(groupLoader, "/group-select-member?member=6&step=dependents&tier=IO");
    expect(page.data.dialog).toMatchObject({ step: "tier", memberId: 6 });
    const res = await c.submit(groupAction, "/group-select-member?member=6&step=tier", { intent: "tier", memberId: "6", tier: "IO" });
    expect(res.location).toBe("/plans");
    const s = await c.session();
    expect(s).toMatchObject({ eprocess: "group", groupId: GROUP, enrollType: "existing-member", memberId: 6 });
    const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", s.tempId!).executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({
      enroll_type: "existing-member",
      member_id: 6,
      tier: "IO",
      group_id: GROUP,
      eprocess: "group",
      child_count: null,
      spouse_birthdate: null,
    });
  });

  it("a member of another rep or group is refused (404) and nothing is created", async () => {
    const before = await enrollmentCount();
    const rep = await repClient();
    const senior = String(DEMO.members.ids.senior[0]);
    expect((await rep.load(agentLoader, `/agent-select-member?member=${senior}&step=tier`)).status).toBe(404);
    expect((await rep.submit(agentAction, "/agent-select-member", { intent: "tier", memberId: senior, tier: "IO" })).status).toBe(404);
    expect(
      (
        await rep.submit(agentAction, "/agent-select-member", {
          intent: "dependents",
          memberId: senior,
          tier: "IS",
          spouseDob: "04/12/1960",
        })
      ).status,
    ).toBe(404);
    expect(
      (await rep.submit(agentAction, "/agent-select-member", { intent: "tier", memberId: String(mbsMemberId), tier: "IO" })).status,
    ).toBe(404);
    for (const bad of ["", "abc", "1.5", "-1", "0", "99999"]) {
      expect((await rep.submit(agentAction, "/agent-select-member", { intent: "tier", memberId: bad, tier: "IO" })).status, bad).toBe(404);
    }
    const acme = await groupClient();
    const brazosMember = String(DEMO.members.ids.group2[0]);
    expect((await acme.load(groupLoader, `/group-select-member?member=${brazosMember}&step=tier`)).status).toBe(404);
    expect((await acme.submit(groupAction, "/group-select-member", { intent: "tier", memberId: brazosMember, tier: "IO" })).status).toBe(
      404,
    );
    expect((await acme.submit(groupAction, "/group-select-member", { intent: "tier", memberId: "1", tier: "IO" })).status).toBe(404); // rep 1's direct member
    expect(await enrollmentCount()).toBe(before);
    expect((await rep.session()).tempId).toBeUndefined();
  });

  it("Enroll Now needs the CSRF token", async () => {
    const before = await enrollmentCount();
    const rep = await repClient();
    expect(
      (await rep.submit(agentAction, "/agent-select-member", { intent: "tier", memberId: "1", tier: "IO" }, { csrf: null })).status,
    ).toBe(403);
    expect(await enrollmentCount()).toBe(before);
  });

  // ---- member benefit store
  describe("member benefit store links", () => {
    let links = 0;
    /** a new link each time (its own expiry: ADR 033, each link has its own holder browser) */
    const link = (memberId: number, tier: string) => {
      const token = memberStoreToken(app.services.cipher, memberId, new Date(Date.now() + 30 * 86400_000 + ++links * 1000));
      return { path: `/member-benefit-store/${token}/${tier}`, params: { id: token, tier } };
    };

    it("a good IO link enters as the member (GET writes no row); its button starts their existing-member enrollment; following it again continues it", async () => {
      const c = client();
      await c.setSession({ eprocess: "rep", agentId: REP, repAuthenticated: true, tempId: 999999, openType: "agent" });
      const { path, params } = link(mbsMemberId, "IO");
      const [rows, audits] = [
        await enrollmentCount(),
        Number(
          (
            await app.store.db
              .selectFrom("audit_events")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ];
      const page = await c.load(memberStoreLoader, path, params);
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ state: "start", name: { first: "Grace", last: "Holloway" } });
      expect(await enrollmentCount()).toBe(rows);
      expect(
        Number(
          (
            await app.store.db
              .selectFrom("audit_events")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(audits);
      // a link nobody holds yet: the GET leaves the session as it was (ADR 033: only the button makes this browser the holder)
      expect(await c.session()).toMatchObject({ eprocess: "rep", tempId: 999999 });
      const res = await c.submit(memberStoreAction, path, {}, { params });
      expect(res.location).toBe("/plans");
      expect(await enrollmentCount()).toBe(rows + 1);
      const s = await c.session();
      expect(s).toMatchObject({
        eprocess: "applicant",
        groupId: MBS,
        memberId: mbsMemberId,
        repAuthenticated: true,
        enrollType: "existing-member",
        portalId: 1,
      });
      expect(s.agentId).toBeUndefined();
      expect(s.openType).toBeUndefined();
      const enrollment = await app.store.db.selectFrom("enrollments").selectAll().where("id", "=", s.tempId!).executeTakeFirstOrThrow();
      expect(enrollment).toMatchObject({
        enroll_type: "existing-member",
        member_id: mbsMemberId,
        group_id: MBS,
        tier: "IO",
        eprocess: "applicant",
        agent_id: null,
        zip: "75201",
      });
      const before = await enrollmentCount();
      expect((await c.load(memberStoreLoader, path, params)).location).toBe("/plans");
      expect((await c.session()).tempId).toBe(s.tempId);
      expect(await enrollmentCount()).toBe(before);
    });

    it("a tier with dependents goes to the member home's dependents dialog", async () => {
      const c = client();
      const { path, params } = link(mbsMemberId, "IF");
      const before = await enrollmentCount();
      expect((await c.load(memberStoreLoader, path, params)).data).toMatchObject({ state: "start" });
      const res = await c.submit(memberStoreAction, path, { intent: "start" }, { params });
      expect(res.location).toBe("/member-home?step=dependents&tier=IF");
      // the browser that holds the link: its GET goes straight there
      expect((await c.load(memberStoreLoader, path, params)).location).toBe(res.location);
      expect(await c.session()).toMatchObject({
        eprocess: "applicant",
        groupId: MBS,
        memberId: mbsMemberId,
        repAuthenticated: true,
        enrollType: "existing-member",
      });
      expect(await enrollmentCount()).toBe(before);
      const home = await c.load(memberHomeLoader, res.location!);
      expect(home.data).toMatchObject({ member: { firstName: "Grace", lastName: "Holloway" }, dependentsFor: "IF" });
    });

    it("a bad token, a member outside group 1929 or a bad tier is a 404 that changes nothing", async () => {
      const before = await enrollmentCount();
      const soon = new Date(Date.now() + 30 * 86400_000);
      const good = memberStoreToken(app.services.cipher, mbsMemberId, soon);
      const [, exp, mac] = good.split(".") as [string, string, string];
      const forged = createCipher(Buffer.from("22".repeat(32), "hex"));
      const cases: Array<[string, string]> = [
        [`${mbsMemberId}.${exp}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`, "IO"], // altered mac
        [`${mbsMemberId + 1}.${exp}.${mac}`, "IO"], // next id, same mac
        [String(mbsMemberId), "IO"], // the raw id
        [memberStoreToken(forged, mbsMemberId, soon), "IO"], // signed with another key
        ["not-a-token", "IO"],
        [memberStoreToken(app.services.cipher, 1, soon), "IO"], // a real member of rep 1, not of group 1929
        [memberStoreToken(app.services.cipher, 4, soon), "IF"], // a member of Acme
        [good, "XX"],
        [good, "io"],
        [good, ""],
      ];
      for (const [id, tier] of cases) {
        const c = client();
        const res = await c.load(memberStoreLoader, `/member-benefit-store/${id}/${tier}`, { id, tier });
        expect(res.status, `${id}/${tier}`).toBe(404);
        expect(await c.session(), `${id}/${tier}`).toEqual({});
        expect(
          (await c.submit(memberStoreAction, `/member-benefit-store/${id}/${tier}`, {}, { params: { id, tier } })).status,
          `POST ${id}/${tier}`,
        ).toBe(404);
      }
      expect(await enrollmentCount()).toBe(before);
    });

    it("an expired link (or one of the old format, which never expired) is a 410 page saying so, and changes nothing", async () => {
      const before = await enrollmentCount();
      const expired = memberStoreToken(app.services.cipher, mbsMemberId, new Date(app.services.now().getTime() - 1000)); // the app's clock
      const oldFormat = `${mbsMemberId}.${app.services.cipher.hash(`member-store:${mbsMemberId}`).slice(0, 22)}`;
      for (const id of [expired, oldFormat]) {
        const c = client();
        const res = await c.load(memberStoreLoader, `/member-benefit-store/${id}/IO`, { id, tier: "IO" });
        expect(res.status).toBe(410);
        expect(res.data).toMatchObject({ state: "expired" });
        expect(await c.session()).toEqual({});
        expect((await c.submit(memberStoreAction, `/member-benefit-store/${id}/IO`, {}, { params: { id, tier: "IO" } })).status).toBe(410);
      }
      expect(await enrollmentCount()).toBe(before);
    });
  });
});
