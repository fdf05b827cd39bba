/**
 * Issue 27, ADR 025: operators' passkeys. An operator signed in with a code adds a passkey on
 * their account page and signs in with it in another browser, into the same server-side session
 * a code gives; the challenge is the server's, single use and expiring; a counter that does not
 * move forward, another origin, a response without user verification, a deactivated operator's
 * or a removed passkey are refused; every step is on the trail. The responses are made by a
 * software authenticator with real ES256 keys and a real "none" attestation (tests/support).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { loader as adminLoader } from "~/routes/admin._index";
import { action as passkeyAction } from "~/routes/admin.passkey";
import { loader as accountLoader, action as accountAction } from "~/routes/admin.account";
import { action as operatorsAction } from "~/routes/admin.operators";
import { DEMO } from "~/.server/db/seed";
import { addOperator } from "~/.server/operators/directory";
import { PASSKEY_CHALLENGE_MS, RECENT_SIGN_IN_MS } from "~/.server/operators/passkeys";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { operatorCodeFor, signInOperator } from "../support/operators";
import { SoftAuthenticator } from "../support/authenticator";
import type { TestClient } from "../support/client";

const ORIGIN = "http://localhost:3000";
const ADMIN = DEMO.operator.email;

describeEachDatabase("operators' passkeys", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "pat@ops.example", name: "Pat Passkey", role: "catalog" },
    );
  });
  afterAll(() => app.close());

  const events = (kind: string) => app.store.db.selectFrom("operator_events").selectAll().where("kind", "=", kind).orderBy("id").execute();
  const post = (c: TestClient, fields: Record<string, string>) => c.submit(passkeyAction, "/admin/passkey", fields);

  /** Adds a passkey for the operator signed in on `c`; returns the authenticator that holds it. */
  async function addPasskey(c: TestClient, name: string, authenticator = new SoftAuthenticator()) {
    const started = await post(c, { intent: "add-options", name });
    expect(started.status, JSON.stringify(started.data)).toBe(200);
    const credential = authenticator.create(started.data.options, ORIGIN);
    const added = await post(c, { intent: "add", name, credential: JSON.stringify(credential) });
    expect(added.data, JSON.stringify(added.data)).toEqual({ next: "/admin/account?added=1" });
    return authenticator;
  }

  async function signInWith(c: TestClient, authenticator: SoftAuthenticator, pick: Parameters<SoftAuthenticator["get"]>[2] = {}) {
    const started = await post(c, { intent: "sign-in-options" });
    expect(started.status, JSON.stringify(started.data)).toBe(200);
    const credential = authenticator.get(started.data.options, ORIGIN, pick);
    return { res: await post(c, { intent: "sign-in", credential: JSON.stringify(credential), next: "/admin/catalog" }), credential };
  }

  it("a signed-in operator adds a passkey (on the trail, e-mailed) and signs in with it elsewhere into a server session", async () => {
    const c = newClient(app);
    await signInOperator(app, c, "pat@ops.example");
    const options = await post(c, { intent: "add-options", name: "Work laptop" });
    expect(options.data.options).toMatchObject({
      rp: { id: "localhost" },
      user: { name: "pat@ops.example", displayName: "Pat Passkey" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      attestation: "none",
    });
    const authenticator = new SoftAuthenticator();
    const credential = authenticator.create(options.data.options, ORIGIN);
    const added = await post(c, { intent: "add", name: "Work laptop", credential: JSON.stringify(credential) });
    expect(added.status).toBe(200);
    expect(added.data).toEqual({ next: "/admin/account?added=1" });

    const page = await c.load(accountLoader, "/admin/account?added=1");
    expect(page.data.notice).toBe("added");
    expect(page.data.passkeys).toEqual([expect.objectContaining({ name: "Work laptop", lastUsed: null })]);
    const row = await app.store.db
      .selectFrom("operator_passkeys")
      .selectAll()
      .where("credential_id", "=", credential.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ counter: 1, transports: '["internal"]', device_type: "singleDevice" });
    expect(row.user_handle).toBe(options.data.options.user.id);
    const trail = (await events("passkey.add")).at(-1)!;
    expect(trail.target_type).toBe("operator_passkey");
    expect(JSON.parse(trail.after_json!)).toMatchObject({ name: "Work laptop", device_type: "singleDevice" });
    const mail = await app.store.db
      .selectFrom("outbox")
      .select(["kind", "recipient"])
      .where("kind", "=", "operator_passkey_added")
      .execute();
    expect(mail).toEqual([{ kind: "operator_passkey_added", recipient: "pat@ops.example" }]);

    // another browser: no address, no code
    const other = newClient(app);
    expect((await other.load(adminLoader, "/admin")).data.stage).toBe("signIn");
    const { res } = await signInWith(other, authenticator);
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toEqual({ next: "/admin/catalog" });
    expect(other.cookieHeader()).toMatch(/__operator=/);
    expect((await other.load(adminLoader, "/admin")).data.stage).toBe("home");
    const operator = await app.store.db
      .selectFrom("operators")
      .select("id")
      .where("email", "=", "pat@ops.example")
      .executeTakeFirstOrThrow();
    const session = await app.store.db
      .selectFrom("operator_sessions")
      .selectAll()
      .where("operator_id", "=", operator.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ method: "passkey", ended_at: null });
    expect(new Date(session.expires_at).getTime() - new Date(session.created_at).getTime()).toBe(12 * 3600_000);
    expect((await events("sign_in.success")).at(-1)).toMatchObject({
      operator_id: operator.id,
      subject: `operator:${operator.id}`,
      detail: "passkey",
    });
    expect((await events("session.start")).at(-1)).toMatchObject({ operator_id: operator.id, detail: "passkey" });
    const used = await app.store.db.selectFrom("operator_passkeys").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(used.counter).toBe(2);
    expect(used.last_used_at).not.toBeNull();
  });

  it("a challenge is used once, belongs to the browser it was given to and expires", async () => {
    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const authenticator = await addPasskey(c, "Security key");

    // replayed with the cookie that named its challenge: the challenge was taken by the first use
    const b = newClient(app);
    const options = await post(b, { intent: "sign-in-options" });
    const cookieOfB = /__operator=([^;]+)/.exec(b.cookieHeader())![1]!;
    const signedForB = authenticator.get(options.data.options, ORIGIN);
    expect((await post(b, { intent: "sign-in", credential: JSON.stringify(signedForB) })).status).toBe(200);
    const copyOfB = newClient(app);
    copyOfB.setCookie("__operator", cookieOfB);
    expect((await post(copyOfB, { intent: "sign-in", credential: JSON.stringify(signedForB) })).data).toEqual({
      error: "admin.passkey.errors.expired",
    });

    // replayed: the same response again, in a browser that asked for a new challenge meanwhile
    const first = await signInWith(newClient(app), authenticator);
    expect(first.res.status).toBe(200);
    const replay = newClient(app);
    await post(replay, { intent: "sign-in-options" });
    const again = await post(replay, { intent: "sign-in", credential: JSON.stringify(first.credential) });
    expect(again.status).toBe(422);
    expect(again.data).toEqual({ error: "admin.passkey.errors.invalid" });

    // the challenge named in another browser's cookie is not this browser's
    const d = newClient(app);
    const started = await post(d, { intent: "sign-in-options" });
    const signed = authenticator.get(started.data.options, ORIGIN);
    const thief = newClient(app);
    const stolen = await post(thief, { intent: "sign-in", credential: JSON.stringify(signed) });
    expect(stolen.data).toEqual({ error: "admin.passkey.errors.expired" });
    // the thief took nothing: the owner still signs in, once
    const owner = await post(d, { intent: "sign-in", credential: JSON.stringify(signed) });
    expect(owner.status).toBe(200);
    const twice = await post(d, { intent: "sign-in", credential: JSON.stringify(signed) });
    expect(twice.data).toEqual({ next: "/admin" }); // already signed in: nothing checked again

    // expired after 5 minutes
    const e = newClient(app);
    const late = await post(e, { intent: "sign-in-options" });
    const lateResponse = authenticator.get(late.data.options, ORIGIN);
    app.clock.now = new Date(app.clock.now.getTime() + PASSKEY_CHALLENGE_MS + 1000);
    try {
      const res = await post(e, { intent: "sign-in", credential: JSON.stringify(lateResponse) });
      expect(res.status).toBe(422);
      expect(res.data).toEqual({ error: "admin.passkey.errors.expired" });
    } finally {
      app.clock.now = new Date();
    }
    expect((await events("sign_in.failure")).map((f) => f.detail)).toEqual(
      expect.arrayContaining(["passkey_invalid", "passkey_challenge"]),
    );
  });

  it("refuses a counter that does not move forward, another origin, no user verification, an unknown credential", async () => {
    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const authenticator = await addPasskey(c, "Phone");
    const credential = authenticator.credentials[0]!;

    const cloned = await signInWith(newClient(app), authenticator, { credential, counter: credential.counter });
    expect(cloned.res.data).toEqual({ error: "admin.passkey.errors.invalid" });
    expect((await events("sign_in.failure")).at(-1)?.detail).toBe("passkey_counter");

    const elsewhere = newClient(app);
    const started = await post(elsewhere, { intent: "sign-in-options" });
    const phished = authenticator.get(started.data.options, "https://console.evil.example");
    expect((await post(elsewhere, { intent: "sign-in", credential: JSON.stringify(phished) })).data).toEqual({
      error: "admin.passkey.errors.invalid",
    });

    authenticator.userVerified = false;
    const unverified = await signInWith(newClient(app), authenticator);
    expect(unverified.res.data).toEqual({ error: "admin.passkey.errors.invalid" });
    authenticator.userVerified = true;

    const stranger = new SoftAuthenticator();
    const unknownClient = newClient(app);
    const options = await post(unknownClient, { intent: "sign-in-options" });
    stranger.create(
      { ...options.data.options, rp: { id: "localhost", name: "x" }, user: { id: "AAAA", name: "x", displayName: "x" } } as never,
      ORIGIN,
    );
    const unknown = await post(unknownClient, {
      intent: "sign-in",
      credential: JSON.stringify(stranger.get(options.data.options, ORIGIN)),
    });
    expect(unknown.data).toEqual({ error: "admin.passkey.errors.unknown" });

    const garbage = newClient(app);
    await post(garbage, { intent: "sign-in-options" });
    expect((await post(garbage, { intent: "sign-in", credential: "{not json" })).status).toBe(422);

    // after all that, the right signature still signs in
    expect((await signInWith(newClient(app), authenticator)).res.data).toEqual({ next: "/admin/catalog" });
  });

  it("a removed passkey and a deactivated operator's passkey sign nobody in; another operator's passkey cannot be removed", async () => {
    const admin = newClient(app);
    await signInOperator(app, admin, ADMIN);
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "dee@ops.example", name: "Dee Deactivated", role: "sales" },
    );
    const dee = newClient(app);
    await signInOperator(app, dee, "dee@ops.example");
    const deeKey = await addPasskey(dee, "Dee's key");
    const deeRow = await app.store.db.selectFrom("operator_passkeys").selectAll().where("name", "=", "Dee's key").executeTakeFirstOrThrow();

    // the admin cannot remove Dee's passkey from their own account page
    const foreign = await admin.submit(accountAction, "/admin/account", { intent: "remove", id: String(deeRow.id) });
    expect(foreign.status).toBe(404);
    expect((await admin.submit(accountAction, "/admin/account", { intent: "remove", id: "abc" })).status).toBe(404);

    const deactivated = await admin.submit(operatorsAction, "/admin/operators", { intent: "deactivate", id: String(deeRow.operator_id) });
    expect(deactivated.location).toBe("/admin/operators?notice=saved");
    expect((await signInWith(newClient(app), deeKey)).res.data).toEqual({ error: "admin.passkey.errors.unknown" });

    const mine = await addPasskey(admin, "Spare key");
    const spare = await app.store.db.selectFrom("operator_passkeys").selectAll().where("name", "=", "Spare key").executeTakeFirstOrThrow();
    const removed = await admin.submit(accountAction, "/admin/account", { intent: "remove", id: String(spare.id) });
    expect(removed.location).toBe("/admin/account?notice=removed");
    const trail = (await events("passkey.remove")).at(-1)!;
    expect(trail.target_id).toBe(String(spare.id));
    expect(JSON.parse(trail.before_json!)).toMatchObject({ name: "Spare key" });
    expect(trail.after_json).toBeNull();
    expect((await signInWith(newClient(app), mine)).res.data).toEqual({ error: "admin.passkey.errors.unknown" });
  });

  it("adding needs a session and a name; the same authenticator is not added twice", async () => {
    const nobody = newClient(app);
    const refused = await post(nobody, { intent: "add-options", name: "Mine" });
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/admin\?/);

    const c = newClient(app);
    await signInOperator(app, c, ADMIN);
    const unnamed = await post(c, { intent: "add-options", name: "  " });
    expect(unnamed.status).toBe(422);
    expect(unnamed.data).toEqual({ fieldErrors: { name: "validation.required" } });

    const authenticator = await addPasskey(c, "Tablet");
    const started = await post(c, { intent: "add-options", name: "Tablet again" });
    const excluded = started.data.options.excludeCredentials.map((x: { id: string }) => x.id);
    expect(excluded).toContain(authenticator.credentials[0]!.id.toString("base64url"));
    // a browser that ignored the exclusion and sent a credential with the same id again
    const dup = authenticator.create(started.data.options, ORIGIN, { id: authenticator.credentials[0]!.id });
    const res = await post(c, { intent: "add", name: "Tablet again", credential: JSON.stringify(dup) });
    expect(res.status).toBe(422);
    expect(res.data).toEqual({ error: "admin.passkey.errors.duplicate" });

    // a registration answered without this browser's challenge
    const noChallenge = newClient(app);
    await signInOperator(app, noChallenge, ADMIN);
    const options = await post(c, { intent: "add-options", name: "Stolen options" });
    const made = new SoftAuthenticator().create(options.data.options, ORIGIN);
    const wrongBrowser = await post(noChallenge, { intent: "add", name: "Stolen options", credential: JSON.stringify(made) });
    expect(wrongBrowser.data).toEqual({ error: "admin.passkey.errors.expired" });
    expect((await events("passkey.add_failure")).map((e) => e.detail)).toEqual(expect.arrayContaining(["challenge"]));
  });

  const mailTo = (kind: string, recipient: string) =>
    app.store.db.selectFrom("outbox").select(["kind", "recipient"]).where("kind", "=", kind).where("recipient", "=", recipient).execute();

  it("adding a passkey needs a sign-in under 5 minutes old; an older session confirms with a new e-mail code first", async () => {
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "rae@ops.example", name: "Rae Reauth", role: "sales" },
    );
    const c = newClient(app);
    await signInOperator(app, c, "rae@ops.example");
    const hijacked = newClient(app);
    hijacked.setCookie("__operator", /__operator=([^;]+)/.exec(c.cookieHeader())![1]!);
    const started = app.clock.now;
    app.clock.now = new Date(started.getTime() + RECENT_SIGN_IN_MS + 1000);
    try {
      // the session lives on, but its sign-in is too old to add a passkey
      const stale = await post(c, { intent: "add-options", name: "Late key" });
      expect(stale.status).toBe(403);
      expect(stale.data).toEqual({ error: "admin.passkey.errors.reauth", reauth: true });
      expect((await events("passkey.add_failure")).at(-1)?.detail).toBe("reauth");
      const page = await c.load(accountLoader, "/admin/account");
      expect(page.data).toMatchObject({ recent: false, confirm: null });

      // confirm: a code to the operator's own address (no JavaScript: POST → redirect)
      const asked = await c.submit(accountAction, "/admin/account", { intent: "confirm-send" });
      expect(asked.location).toBe("/admin/account?confirm=sent");
      const confirming = await c.load(accountLoader, "/admin/account?confirm=sent");
      const reference = confirming.data.confirm.reference as string;
      expect(reference).toBeTruthy();
      const code = await operatorCodeFor(app, "rae@ops.example", reference);
      expect(code).toBeDefined();
      // asked again at once: the page says how long to wait (a redirect), the code sent stays good
      const again = await c.submit(accountAction, "/admin/account", { intent: "confirm-send" });
      expect(again.location).toMatch(/^\/admin\/account\?wait=\d+$/);
      expect((await c.load(accountLoader, again.location!)).data.wait).toBeGreaterThan(0);
      const wrong = await c.submit(accountAction, "/admin/account", {
        intent: "confirm-code",
        code: code === "000000" ? "111111" : "000000",
      });
      expect(wrong.status).toBe(422);
      const empty = await c.submit(accountAction, "/admin/account", { intent: "confirm-code", code: "" });
      expect(empty.status).toBe(422);
      // the hijacked copy of the cookie holds no code key of its own: nothing to confirm
      expect((await hijacked.submit(accountAction, "/admin/account", { intent: "confirm-code", code: code! })).location).toBe(
        "/admin/account",
      );
      const confirmed = await c.submit(accountAction, "/admin/account", { intent: "confirm-code", code: code! });
      expect(confirmed.location).toBe("/admin/account?notice=confirmed");
      expect((await c.load(accountLoader, "/admin/account?notice=confirmed")).data).toMatchObject({ recent: true, notice: "confirmed" });
      expect((await events("session.end")).at(-1)?.detail).toBe("renewed");

      // a new session: the old cookie (the hijacked copy) opens nothing any more
      const copied = await post(hijacked, { intent: "add-options", name: "Thief's key" });
      expect(copied.status).toBe(302);
      await addPasskey(c, "Confirmed key");
    } finally {
      app.clock.now = new Date();
    }
  });

  it("removing a passkey e-mails its operator and is on the trail", async () => {
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "rob@ops.example", name: "Rob Remove", role: "catalog" },
    );
    const c = newClient(app);
    await signInOperator(app, c, "rob@ops.example");
    await addPasskey(c, "Old phone");
    const row = await app.store.db.selectFrom("operator_passkeys").selectAll().where("name", "=", "Old phone").executeTakeFirstOrThrow();
    expect(await mailTo("operator_passkey_removed", "rob@ops.example")).toEqual([]);
    const removed = await c.submit(accountAction, "/admin/account", { intent: "remove", id: String(row.id) });
    expect(removed.location).toBe("/admin/account?notice=removed");
    expect(await mailTo("operator_passkey_removed", "rob@ops.example")).toEqual([
      { kind: "operator_passkey_removed", recipient: "rob@ops.example" },
    ]);
    const trail = (await events("passkey.remove")).at(-1)!;
    expect(trail).toMatchObject({ operator_id: row.operator_id, target_id: String(row.id) });
    expect(JSON.parse(trail.before_json!)).toMatchObject({ name: "Old phone" });
  });

  it("a sign-in by e-mail code to an account with a passkey is e-mailed to its operator; without one, not", async () => {
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "cy@ops.example", name: "Cy Code", role: "sales" },
    );
    const first = newClient(app);
    await signInOperator(app, first, "cy@ops.example");
    expect(await mailTo("operator_code_sign_in", "cy@ops.example")).toEqual([]);
    const key = await addPasskey(first, "Cy's key");
    await signInOperator(app, newClient(app), "cy@ops.example");
    expect(await mailTo("operator_code_sign_in", "cy@ops.example")).toEqual([
      { kind: "operator_code_sign_in", recipient: "cy@ops.example" },
    ]);
    // a passkey sign-in sends no such notice
    expect((await signInWith(newClient(app), key)).res.status).toBe(200);
    expect(await mailTo("operator_code_sign_in", "cy@ops.example")).toHaveLength(1);
  });
});
