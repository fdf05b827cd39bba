/**
 * Issue 23, item 4: strangers who know a rep code or a group code cannot lock the real person out.
 * Sign-in codes are counted per client per person; the person-wide caps (codes an hour, wrong
 * codes an hour) count and stop only clients the person has not signed in from; a code already
 * sent to the real person keeps working whatever others do. Every scene on both databases, and
 * the caps hold when the requests come at once (two instances on one database).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as verifyAction } from "~/routes/verify";
import { DEMO } from "~/.server/db/seed";
import { STAFF_FAILURE_LIMIT, STAFF_MAX_TRIES } from "~/.server/members/verification";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { TestClient, type RouteResult } from "../support/client";
import {
  groupCodeConfirmed,
  newClient,
  repCodeConfirmed,
  sendSignInCode,
  signInGroupAdmin,
  signInRep,
  typeSignInCode,
} from "../support/staff";

const PER_CLIENT = 5;
const PER_PERSON = 30;

describeEachDatabase("strangers cannot lock a rep or admin out", (kind) => {
  let app: TestApp;
  let instances: Instance[];
  let ip = 0;
  /** a throw-away browser: its own cookies, from the given address or one of its own */
  const stranger = (address?: string) => {
    const c = newClient(app);
    c.clientIp = address ?? `203.0.${113 + Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
    return c;
  };
  const codesTo = async (recipient: string) =>
    (await app.store.db.selectFrom("outbox").select("id").where("kind", "=", "staff_otp").where("recipient", "=", recipient).execute())
      .length;
  /** asks for a code for the rep; the answer as it came */
  async function askRep(c: TestClient, rep: { id: number; code: string }) {
    await repCodeConfirmed(c, rep.code);
    return c.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${rep.id}:email` });
  }

  beforeAll(async () => {
    app = await createTestApp(kind, {
      config: { STAFF_CODES_PER_HOUR: String(PER_PERSON), STAFF_CLIENT_CODES_PER_HOUR: String(PER_CLIENT) },
    });
    instances = [openInstance(app), openInstance(app)];
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await app.close();
  });

  /** a rep of the test's own (every scene starts with nobody's counts) */
  async function otherRep(n: number) {
    const { id: _id, ...jane } = await app.store.db.selectFrom("reps").selectAll().where("id", "=", DEMO.rep.id).executeTakeFirstOrThrow();
    const code = `LOCK${kind === "sqlite" ? "S" : "P"}${n}00`;
    const email = `rep${n}@lockout.example`;
    const row = await app.store.db
      .insertInto("reps")
      .values({ ...jane, agent_code: code, email, landing_slug: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, code, email };
  }

  it("30 throw-away browsers on 30 addresses, each with a wrong code: the real rep still gets a code and signs in where they sign in from", async () => {
    const rep = await otherRep(1);
    const home = "192.0.2.10";
    // the rep signed in from their office before
    await signInRep(app, stranger(home), rep);
    for (let i = 0; i < PER_PERSON + 5; i++) {
      const c = stranger();
      const asked = await askRep(c, rep);
      if (asked.location) await typeSignInCode(c, "000000");
    }
    // the hour's cap held for strangers (the office's first code, before it was known, was one of them)
    expect(await codesTo(rep.email)).toBe(PER_PERSON);
    const office = stranger(home);
    expect((await askRep(office, rep)).location).toBe("/verify");
    const { code } = await sendCodeOf(office, rep);
    expect((await typeSignInCode(office, code)).location).toBe("/agent-home");
  });

  async function sendCodeOf(c: TestClient, rep: { id: number; email: string }) {
    const { signInCodeFor } = await import("../support/staff");
    const { loader } = await import("~/routes/verify");
    const page = await c.load(loader, "/verify");
    return { code: await signInCodeFor(app, rep.email, page.data.sent.reference) };
  }

  it("a code already sent to the rep (from an address never used before) keeps working after strangers' wrong codes fill the hour", async () => {
    const rep = await otherRep(2);
    const real = stranger();
    await repCodeConfirmed(real, rep.code);
    const { code } = await sendSignInCode(app, real, `rep:${rep.id}:email`);
    for (let i = 0; i < STAFF_FAILURE_LIMIT.max / STAFF_MAX_TRIES + 1; i++) {
      const c = stranger();
      const asked = await askRep(c, rep);
      if (!asked.location) continue;
      for (let t = 0; t < STAFF_MAX_TRIES; t++) await typeSignInCode(c, "000000");
    }
    expect((await typeSignInCode(real, code)).location).toBe("/agent-home");
  });

  it(`one client cannot use up the rep's codes: ${PER_CLIENT} an hour from one address, however many browsers; the rep elsewhere still gets one`, async () => {
    const rep = await otherRep(3);
    const before = await codesTo(rep.email);
    const address = "203.0.200.7";
    const answers: RouteResult[] = [];
    for (let i = 0; i < PER_PERSON; i++) answers.push(await askRep(stranger(address), rep));
    expect(answers.filter((a) => a.location === "/verify")).toHaveLength(PER_CLIENT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(PER_PERSON - PER_CLIENT);
    expect(await codesTo(rep.email)).toBe(before + PER_CLIENT);
    await signInRep(app, stranger(), rep);
  });

  it("wrong codes from one address (all its codes, all their tries) do not lock the rep out elsewhere", async () => {
    const rep = await otherRep(4);
    const address = "203.0.201.9";
    for (let i = 0; i < PER_CLIENT + 1; i++) {
      const c = stranger(address);
      const asked = await askRep(c, rep);
      if (!asked.location) continue;
      for (let t = 0; t < STAFF_MAX_TRIES; t++) await typeSignInCode(c, "000000");
      // the client's own 10 wrong codes in 10 minutes: later ones wait
      app.clock.now = new Date(app.clock.now.getTime() + 5 * 60 * 1000);
    }
    try {
      await signInRep(app, stranger(), rep);
    } finally {
      app.clock.now = new Date();
    }
  });

  it("group admins: strangers with the group code do not lock the admins out", async () => {
    const admin = DEMO.groupAdmins.brazos;
    const office = "192.0.2.20";
    await signInGroupAdmin(app, stranger(office), { groupCode: DEMO.group2.code, adminId: admin.id });
    for (let i = 0; i < PER_PERSON + 3; i++) {
      const c = stranger();
      await groupCodeConfirmed(c, DEMO.group2.code);
      const asked = await c.submit(verifyAction, "/verify", { intent: "send", destination: `group_admin:${admin.id}:email`, as: "admin" });
      if (asked.location) for (let t = 0; t < STAFF_MAX_TRIES; t++) await typeSignInCode(c, "000000");
    }
    await signInGroupAdmin(app, stranger(office), { groupCode: DEMO.group2.code, adminId: admin.id });
  });

  it("at once, over two instances: one address gets exactly its codes, many addresses exactly the rep's hour", async () => {
    const rep = await otherRep(5);
    const browsers = async (n: number, address?: () => string) => {
      const out: TestClient[] = [];
      for (let i = 0; i < n; i++) {
        const c = stranger(address?.());
        await repCodeConfirmed(c, rep.code);
        const on = new TestClient(instances[i % 2].services);
        on.clientIp = c.clientIp;
        for (const pair of c.cookieHeader().split("; ").filter(Boolean))
          on.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
        out.push(on);
      }
      return out;
    };
    const one = await browsers(20, () => "203.0.202.1");
    const tokens = await Promise.all(one.map((c) => c.csrfToken()));
    await Promise.all(
      one.map((c, i) => c.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${rep.id}:email` }, { csrf: tokens[i] })),
    );
    expect(await codesTo(rep.email)).toBe(PER_CLIENT);
    const many = await browsers(40);
    const tokens2 = await Promise.all(many.map((c) => c.csrfToken()));
    await Promise.all(
      many.map((c, i) => c.submit(verifyAction, "/verify", { intent: "send", destination: `rep:${rep.id}:email` }, { csrf: tokens2[i] })),
    );
    expect(await codesTo(rep.email)).toBe(PER_PERSON);
  });
});
