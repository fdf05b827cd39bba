/**
 * Limits under concurrency (issue 16): many requests at once, through the real route actions,
 * split over two server instances that share one database (each with its own connections to
 * the same SQLite file or PostgreSQL schema). Every limit must hold exactly: an attempt is
 * counted in one atomic statement before anything is evaluated.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { action as personalAction } from "~/routes/enrollment.personal-info";
import { action as contactAction } from "~/routes/enrollment.contact-info";
import { action as accessAction } from "~/routes/access";
import { action as continueAction } from "~/routes/continue-enrollment";
import { action as reviewAction } from "~/routes/enrollment.review-confirm";
import { action as agentMembersAction } from "~/routes/_store.agent-select-member";
import { action as cartAction } from "~/routes/_store.cart";
import type { Services } from "~/.server/services";
import { FAILURE_LIMIT, MAX_TRIES } from "~/.server/wizard/contact-codes";
import { CODE_LIMIT } from "~/.server/store/access-codes";
import { CONTINUE_LIMIT } from "~/.server/wizard/resume";
import { RESEND_LIMIT } from "~/.server/wizard/text-signature";
import { DEMO } from "~/.server/db/seed";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { openInstance, type Instance } from "../support/instances";
import { TestClient, type RouteResult } from "../support/client";
import { addPlan, inWizard, quotedClient, readyForTextSignature } from "../support/journeys";
import { newClient, repCodeConfirmed, sendSignInCode, signInCodeFor, signInRep } from "../support/staff";
import { action as verifyAction } from "~/routes/verify";
import { STAFF_MAX_TRIES } from "~/.server/members/verification";
import { opened } from "../support/outbox";
import { CONTACT_FORM, PERSONAL_FORM } from "../support/step-payloads";

const PERSONAL = PERSONAL_FORM;
const CONTACT = CONTACT_FORM;
const HERE = "/enrollment/contact-info";
const REP_SESSION = { eprocess: "rep", agentId: DEMO.rep.id, repAuthenticated: true, portalId: 1, enrollType: "new-member" };

/** The same browser (cookies, address) talking to another instance. */
function sameBrowserOn(client: TestClient, services: Services) {
  const other = new TestClient(services);
  other.clientIp = client.clientIp;
  for (const pair of client.cookieHeader().split("; ").filter(Boolean)) {
    const eq = pair.indexOf("=");
    other.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return other;
}

const count = (results: RouteResult[], test: (r: RouteResult) => boolean) => results.filter(test).length;
const fieldError = (r: RouteResult, name: string) => (r.data && typeof r.data === "object" ? r.data.fieldErrors?.[name] : undefined);

describeEachDatabase("limits under concurrency", (kind) => {
  let app: TestApp;
  /** two instances on the app's database; the app itself only sets the scenes up */
  let instances: Instance[];
  beforeAll(async () => {
    app = await createTestApp(kind);
    instances = [openInstance(app), openInstance(app)];
  });
  afterAll(async () => {
    for (const i of instances) await i.close();
    await app.close();
  });
  /** the browser's requests, alternately to each instance */
  const onBothInstances = (client: TestClient) => instances.map((i) => sameBrowserOn(client, i.services));

  /**
   * Counts the one-time codes each instance compares (the keyed hash of a typed code is taken
   * only to compare it with the stored one, or once to store a new code).
   */
  function countComparisons() {
    const seen = { n: 0 };
    const spies = instances.map(({ services: s }) => {
      // A typed code is compared through cipher.hashes (one hash per configured key) or cipher.hash.
      const hashes = s.cipher.hashes.bind(s.cipher);
      const hash = s.cipher.hash.bind(s.cipher);
      const counting = (value: string) => {
        if (value.startsWith("otp:") || value.startsWith("staff-otp:")) seen.n++;
      };
      return [
        vi.spyOn(s.cipher, "hashes").mockImplementation((value: string) => {
          counting(value);
          return hashes(value);
        }),
        vi.spyOn(s.cipher, "hash").mockImplementation((value: string) => {
          counting(value);
          return hash(value);
        }),
      ];
    });
    return {
      seen,
      restore: () => {
        for (const s of spies.flat()) s.mockRestore();
      },
    };
  }

  /** A visitor on the contact step with a code sent to an unreachable e-mail (and phone); one client per instance. */
  async function withCode(o: { phone?: boolean } = {}) {
    const { client } = await inWizard(app);
    expect((await client.submit(personalAction, "/enrollment/personal-info", PERSONAL)).location).toBe(HERE);
    expect((await client.submit(contactAction, HERE, { ...CONTACT, intent: "verify-email" })).location).toBe(
      `${HERE}?dialog=otp&type=email`,
    );
    if (o.phone)
      expect((await client.submit(contactAction, HERE, { ...CONTACT, intent: "verify-phone" })).location).toBe(
        `${HERE}?dialog=otp&type=phone`,
      );
    const id = (await client.session()).tempId!;
    const csrf = await client.csrfToken();
    const clients = onBothInstances(client);
    return { id, csrf, clients };
  }
  const lastCode = async (id: number, channel: "email" | "sms") => {
    const row = opened(
      app,
      await app.store.db
        .selectFrom("outbox")
        .select(["text_body", "html_body", "body_enc"])
        .where("enrollment_id", "=", id)
        .where("channel", "=", channel)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
    return /\b(\d{6})\b/.exec(row.text_body)![1];
  };
  const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
  const codesOf = (id: number) =>
    app.store.db.selectFrom("one_time_codes").selectAll().where("enrollment_id", "=", id).orderBy("id").execute();
  const failures = async (id: number) =>
    (await app.store.db.selectFrom("rate_limits").select("count").where("key", "=", `otp-fail:${id}`).executeTakeFirst())?.count ?? 0;

  it(`40 concurrent wrong tries on one code: exactly ${MAX_TRIES} evaluated, then the code is dead`, async () => {
    const { id, csrf, clients } = await withCode();
    const code = await lastCode(id, "email");
    const compared = countComparisons();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients[i % 2].submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: wrongFor(code) }, { csrf }),
      ),
    );
    compared.restore();
    expect(compared.seen.n, "codes evaluated").toBe(MAX_TRIES);
    expect(count(results, (r) => r.status === 422)).toBe(40);
    expect(count(results, (r) => fieldError(r, "otp") === "validation.otpWrong")).toBe(MAX_TRIES - 1);
    const [row] = await codesOf(id);
    expect(row.attempts).toBe(MAX_TRIES);
    expect(row.invalidated_at).not.toBeNull();
    expect(await failures(id)).toBe(MAX_TRIES);
    // the right code no longer opens anything
    const late = await clients[0].submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: code }, { csrf });
    expect(fieldError(late, "otp")).toBe("validation.otpNoCode");
  });

  it("the right code sent as the 26th of 30 concurrent guesses is refused", async () => {
    const { id, csrf, clients } = await withCode();
    const code = await lastCode(id, "email");
    const compared = countComparisons();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        clients[i % 2].submit(
          contactAction,
          HERE,
          { intent: "otp-verify", type: "email", otp: i === 25 ? code : wrongFor(code) },
          { csrf },
        ),
      ),
    );
    compared.restore();
    expect(compared.seen.n, "codes evaluated").toBe(MAX_TRIES);
    expect(results[25].location).toBeNull();
    // refused without being compared: no try was left, or the code was already retired
    expect(["validation.otpTooMany", "validation.otpNoCode"]).toContain(fieldError(results[25], "otp"));
    expect(
      count(results, (r) => r.location !== null),
      "accepted",
    ).toBe(0);
    const [row] = await codesOf(id);
    expect(row.used_at).toBeNull();
    expect(row.attempts).toBe(MAX_TRIES);
  });

  it(`bursts of 50 wrong codes: exactly ${FAILURE_LIMIT.max} failures evaluated before the hourly lock`, async () => {
    const { id, csrf, clients } = await withCode({ phone: true });
    const compared = countComparisons();
    const started = app.clock.now;
    try {
      // three wrong tries one by one first, so the hourly limit falls in the middle of a burst
      const first = await lastCode(id, "email");
      for (let i = 0; i < 3; i++)
        expect(
          fieldError(
            await clients[0].submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: wrongFor(first) }, { csrf }),
            "otp",
          ),
        ).toBe("validation.otpWrong");
      const perBurst: number[] = [];
      for (let round = 0; round < 20; round++) {
        // a new code on both channels (the resend wait has passed), then 50 wrong codes at once, split over them
        app.clock.now = new Date(app.clock.now.getTime() + 121_000);
        const sends = await Promise.all(
          (["email", "phone"] as const).map((type) => clients[0].submit(contactAction, HERE, { intent: "otp-resend", type }, { csrf })),
        );
        if (sends.some((s) => s.status === 429)) {
          expect(sends.map((s) => s.data?.otpError)).toEqual(["validation.otpLocked", "validation.otpLocked"]);
          break;
        }
        const [email, phone] = [await lastCode(id, "email"), await lastCode(id, "sms")];
        const before = compared.seen.n; // (the two new codes' hashes were taken before this)
        const burst = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            clients[i % 2].submit(
              contactAction,
              HERE,
              { intent: "otp-verify", type: i % 4 < 2 ? "email" : "phone", otp: wrongFor(i % 4 < 2 ? email : phone) },
              { csrf },
            ),
          ),
        );
        expect(count(burst, (r) => r.location !== null)).toBe(0);
        perBurst.push(compared.seen.n - before);
      }
      // 3 + 9 bursts of 10 + one burst cut short at 7
      expect(perBurst).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 7]);
      expect(3 + perBurst.reduce((a, b) => a + b, 0), "failures evaluated").toBe(FAILURE_LIMIT.max);
      expect(await failures(id)).toBe(FAILURE_LIMIT.max);
      const tries = (await codesOf(id)).reduce((sum, c) => sum + c.attempts, 0);
      expect(tries).toBe(FAILURE_LIMIT.max);
      // locked: nothing more is evaluated, whichever instance asks
      const before = compared.seen.n;
      const after = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          clients[i % 2].submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: "123456" }, { csrf }),
        ),
      );
      expect(compared.seen.n - before).toBe(0);
      expect(count(after, (r) => fieldError(r, "otp") === "validation.otpLocked")).toBe(50);
    } finally {
      compared.restore();
      app.clock.now = started;
    }
  });

  it("concurrent resend requests send one code", async () => {
    const { id, csrf, clients } = await withCode();
    const started = app.clock.now;
    try {
      app.clock.now = new Date(app.clock.now.getTime() + 121_000);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => clients[i % 2].submit(contactAction, HERE, { intent: "otp-resend", type: "email" }, { csrf })),
      );
      expect(
        count(results, (r) => r.location === `${HERE}?dialog=otp&type=email`),
        "codes sent",
      ).toBe(1);
      expect(count(results, (r) => r.status === 429 && r.data.otpError === "validation.otpWait")).toBe(9);
      expect(await codesOf(id)).toHaveLength(2);
      const mails = await app.store.db
        .selectFrom("outbox")
        .select("id")
        .where("enrollment_id", "=", id)
        .where("kind", "=", "otp")
        .execute();
      expect(mails).toHaveLength(2);
      // the newest code is the live one, and it works once
      const code = await lastCode(id, "email");
      const live = (await codesOf(id)).filter((c) => c.invalidated_at === null);
      expect(live).toHaveLength(1);
      const verified = await Promise.all(
        [0, 1, 0, 1].map((i) => clients[i].submit(contactAction, HERE, { intent: "otp-verify", type: "email", otp: code }, { csrf })),
      );
      expect(
        count(verified, (r) => r.location === `${HERE}?dialog=otp&type=email&state=done`),
        "accepted",
      ).toBe(1);
    } finally {
      app.clock.now = started;
    }
  });

  it(`60 concurrent rep-code guesses: exactly ${CODE_LIMIT.max} evaluated`, async () => {
    const a = new TestClient(app.services);
    a.clientIp = `192.0.2.${kind === "sqlite" ? 31 : 32}`;
    const csrf = await a.csrfToken();
    const clients = onBothInstances(a);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        clients[i % 2].submit(accessAction, "/access", { intent: i % 3 ? "rep-code" : "group-code", code: `WRONG${i}` }, { csrf }),
      ),
    );
    expect(
      count(results, (r) => r.status === 422),
      "codes evaluated",
    ).toBe(CODE_LIMIT.max);
    expect(count(results, (r) => r.status === 429 && fieldError(r, "code") === "validation.tooManyCodes")).toBe(60 - CODE_LIMIT.max);
    // the right code is refused too, until the window ends
    expect((await a.submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code }, { csrf })).status).toBe(429);
  });

  it("a right rep code hands its place back; it is refused only while the window is full", async () => {
    const a = new TestClient(app.services);
    a.clientIp = `192.0.2.${kind === "sqlite" ? 41 : 42}`;
    const csrf = await a.csrfToken();
    const clients = onBothInstances(a);
    // ten right codes at once fill the window while they are looked up, then leave it empty
    const right = await Promise.all(
      Array.from({ length: CODE_LIMIT.max }, (_, i) =>
        clients[i % 2].submit(accessAction, "/access", { intent: "rep-code", code: DEMO.rep.code }, { csrf }),
      ),
    );
    expect(count(right, (r) => r.location === "/access?step=confirm-rep")).toBe(CODE_LIMIT.max);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % 2].submit(accessAction, "/access", { intent: "rep-code", code: `WRONG${i}` }, { csrf }),
      ),
    );
    expect(
      count(results, (r) => r.status === 422),
      "codes evaluated",
    ).toBe(CODE_LIMIT.max);
  });

  it(`60 concurrent continue-enrollment guesses: exactly ${CONTINUE_LIMIT.max} evaluated`, async () => {
    const a = new TestClient(app.services);
    a.clientIp = `192.0.2.${kind === "sqlite" ? 51 : 52}`;
    const csrf = await a.csrfToken();
    const clients = onBothInstances(a);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        clients[i % 2].submit(
          continueAction,
          "/continue-enrollment",
          { code: `AAAAA-${String(10000 + i).replace(/[01]/g, "B")}`, email: "x@gmail.com" },
          { csrf },
        ),
      ),
    );
    expect(
      count(results, (r) => r.status === 422 && fieldError(r, "code") === "validation.resumeNotFound"),
      "codes evaluated",
    ).toBe(CONTINUE_LIMIT.max);
    expect(count(results, (r) => r.status === 429 && fieldError(r, "code") === "validation.tooManyCodes")).toBe(60 - CONTINUE_LIMIT.max);
  });

  it("Save & Continue Later: at most 5 resume e-mails an hour, however many are asked for at once", async () => {
    const { id, csrf, clients } = await withCode();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 2].submit(contactAction, HERE, { intent: "send-resume", email: "ana.lopez@gmail.com" }, { csrf }),
      ),
    );
    expect(
      count(results, (r) => r.location === `${HERE}?dialog=save-later&sent=1`),
      "e-mails sent",
    ).toBe(5);
    expect(count(results, (r) => r.status === 429)).toBe(7);
    const mails = await app.store.db
      .selectFrom("outbox")
      .select("id")
      .where("enrollment_id", "=", id)
      .where("kind", "=", "save_later")
      .execute();
    expect(mails).toHaveLength(5);
  });

  it(`signature-link resends: exactly ${RESEND_LIMIT.max} an hour`, async () => {
    const { client } = await inWizard(app, { session: REP_SESSION });
    const id = await readyForTextSignature(app, client);
    expect((await client.submit(reviewAction, "/enrollment/review-confirm", { intent: "complete", send_sms: "1" })).location).toBe(
      "/enrollment/receipt",
    );
    const memberId = (
      await app.store.db.selectFrom("policies").select("member_id").where("enrollment_id", "=", id).executeTakeFirstOrThrow()
    ).member_id;

    // the rep's members need the rep verified by a code (issue 15); the server session serves both instances
    const rep = await signInRep(app);
    const csrf = await rep.csrfToken();
    const reps = onBothInstances(rep);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        reps[i % 2].submit(
          agentMembersAction,
          "/agent-select-member",
          { intent: "resend-signature", memberId: String(memberId) },
          { csrf },
        ),
      ),
    );
    expect(
      count(results, (r) => r.location === "/agent-select-member?signature=sent"),
      "links sent",
    ).toBe(RESEND_LIMIT.max);
    expect(count(results, (r) => r.location === "/agent-select-member?signature=limited")).toBe(12 - RESEND_LIMIT.max);
    const texts = await app.store.db
      .selectFrom("outbox")
      .select("id")
      .where("enrollment_id", "=", id)
      .where("kind", "=", "signature_request")
      .execute();
    expect(texts).toHaveLength(1 + RESEND_LIMIT.max);
  });

  it(`a rep's sign-in code: 40 concurrent wrong tries, exactly ${STAFF_MAX_TRIES} evaluated; the right one as the 26th of 30 is refused`, async () => {
    const c = newClient(app);
    await repCodeConfirmed(c);
    const { code } = await sendSignInCode(app, c, `rep:${DEMO.rep.id}:email`);
    const csrf = await c.csrfToken();
    const clients = onBothInstances(c);
    const compared = countComparisons();
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients[i % 2].submit(verifyAction, "/verify", { intent: "verify", code: wrongFor(code) }, { csrf }),
      ),
    );
    compared.restore();
    expect(compared.seen.n, "codes evaluated").toBe(STAFF_MAX_TRIES);
    expect(count(wrong, (r) => fieldError(r, "code") === "validation.otpWrong")).toBe(STAFF_MAX_TRIES - 1);
    expect(count(wrong, (r) => r.location !== null)).toBe(0);
    const late = await clients[0].submit(verifyAction, "/verify", { intent: "verify", code }, { csrf });
    expect(["validation.otpTooMany", "validation.otpNoCode"]).toContain(fieldError(late, "code"));

    // a new code: the right one sent among 30 at once, as the 26th, is refused
    app.clock.now = new Date(app.clock.now.getTime() + 121 * 1000);
    try {
      const resent = await c.submit(verifyAction, "/verify", { intent: "resend" });
      expect(resent.location).toBe("/verify");
      const fresh = await signInCodeFor(app, DEMO.rep.email);
      const again = onBothInstances(c);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          again[i % 2].submit(verifyAction, "/verify", { intent: "verify", code: i === 25 ? fresh : wrongFor(fresh) }, { csrf }),
        ),
      );
      expect(
        count(results, (r) => r.location !== null),
        "signed in",
      ).toBe(0);
      const sessions = await app.store.db
        .selectFrom("staff_sessions")
        .select("id")
        .where("rep_id", "=", DEMO.rep.id)
        .where("created_at", ">=", app.clock.now.toISOString())
        .execute();
      expect(sessions).toHaveLength(0);
    } finally {
      app.clock.now = new Date();
    }
  });

  it("quote e-mails: at most 5 a cart an hour, however many are asked for at once", async () => {
    const c = await quotedClient(app);
    await addPlan(c, "BSD-PPO-ESS");
    const csrf = await c.csrfToken();
    const clients = onBothInstances(c);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 2].submit(cartAction, "/cart", { intent: "send-quote", name: "Sam", email: `sam${i}-${kind}@example.com` }, { csrf }),
      ),
    );
    expect(
      count(results, (r) => r.status === 302),
      "e-mails sent",
    ).toBe(5);
    expect(count(results, (r) => r.status === 429 && fieldError(r, "email") === "validation.tooManyQuotes")).toBe(7);
    const id = (await c.session()).tempId!;
    expect(
      await app.store.db.selectFrom("outbox").select("id").where("enrollment_id", "=", id).where("kind", "=", "quote").execute(),
    ).toHaveLength(5);
  });
});
