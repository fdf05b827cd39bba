/**
 * Removing a passkey needs a recent sign-in, as adding one does (ADR 025 addendum): a stolen
 * operator session must not strip the real owner of their passkeys. The use case refuses a session
 * signed in more than RECENT_SIGN_IN_MS ago (`reauth`, on the trail as `passkey.remove_failure`),
 * removes nothing and e-mails nothing; the account page sends an older session back with the
 * "confirm it is you" prompt (no JavaScript: POST → redirect), and after the e-mailed code the
 * removal goes through.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import * as accountRoute from "~/routes/admin.account";
import en from "../../public/locales/en/common.json";
import es from "../../public/locales/es/common.json";
import { addOperator } from "~/.server/operators/directory";
import { RECENT_SIGN_IN_MS, removePasskey } from "~/.server/operators/passkeys";
import { insertPasskey } from "~/.server/repositories/operators";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { operatorCodeFor, signInOperator } from "../support/operators";
import { renderPage } from "../support/render";

const { loader: accountLoader, action: accountAction } = accountRoute;
const accountPage = { path: "admin/account", module: accountRoute };

describeEachDatabase("removing a passkey needs a recent sign-in", (kind) => {
  let app: TestApp;
  let seq = 0;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.close());

  const cli = { operatorId: null, requestId: "cli", clientKey: null };

  async function operatorWithPasskey(email: string, name: string) {
    const added = await addOperator(app.services, cli, { email, name, role: "catalog" });
    if (!added.ok) throw new Error("operator not added");
    seq += 1;
    const passkeyId = await insertPasskey(app.services.db, {
      operatorId: added.id,
      credentialId: `cred-${kind}-${seq}`,
      publicKey: "AAAA",
      counter: 0,
      transports: ["internal"],
      name: `Key ${seq}`,
      userHandle: `handle-${seq}`,
      deviceType: "singleDevice",
      backedUp: false,
      now: app.clock.now,
    });
    return { operator: { id: added.id, email, name }, passkeyId };
  }

  const passkeyExists = async (id: number) =>
    (await app.store.db.selectFrom("operator_passkeys").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  const eventsOf = (operatorId: number, kind: string) =>
    app.store.db
      .selectFrom("operator_events")
      .select(["kind", "subject", "detail", "target_id"])
      .where("operator_id", "=", operatorId)
      .where("kind", "=", kind)
      .orderBy("id")
      .execute();
  const removedMail = (email: string) =>
    app.store.db
      .selectFrom("outbox")
      .select("kind")
      .where("kind", "=", "operator_passkey_removed")
      .where("recipient", "=", email)
      .execute();

  it("the use case refuses a session signed in too long ago (on the trail), and removes with a recent one", async () => {
    const { operator, passkeyId } = await operatorWithPasskey("uma@ops.example", "Uma Usecase");
    const actor = { operatorId: operator.id, requestId: "r1", clientKey: null };
    const now = app.clock.now.getTime();

    const stale = await removePasskey(app.services, actor, operator, now - RECENT_SIGN_IN_MS, passkeyId, "en");
    expect(stale).toEqual({ ok: false, reason: "reauth" });
    expect(await passkeyExists(passkeyId)).toBe(true);
    expect(await eventsOf(operator.id, "passkey.remove")).toEqual([]);
    expect(await eventsOf(operator.id, "passkey.remove_failure")).toEqual([
      { kind: "passkey.remove_failure", subject: `operator:${operator.id}`, detail: "reauth", target_id: null },
    ]);
    expect(await removedMail(operator.email)).toEqual([]);

    // another operator's passkey with a stale session: refused for the sign-in's age before anything is looked up
    const other = await operatorWithPasskey("oz@ops.example", "Oz Other");
    expect(await removePasskey(app.services, actor, operator, now - RECENT_SIGN_IN_MS - 1, other.passkeyId, "en")).toEqual({
      ok: false,
      reason: "reauth",
    });
    expect(await passkeyExists(other.passkeyId)).toBe(true);
    // … and with a recent one it is not theirs
    expect(await removePasskey(app.services, actor, operator, now, other.passkeyId, "en")).toEqual({ ok: false, reason: "notFound" });
    expect(await passkeyExists(other.passkeyId)).toBe(true);

    const recent = await removePasskey(app.services, actor, operator, now - RECENT_SIGN_IN_MS + 1000, passkeyId, "en");
    expect(recent).toEqual({ ok: true });
    expect(await passkeyExists(passkeyId)).toBe(false);
    expect(await eventsOf(operator.id, "passkey.remove")).toEqual([
      { kind: "passkey.remove", subject: null, detail: null, target_id: String(passkeyId) },
    ]);
    expect(await removedMail(operator.email)).toHaveLength(1);
  });

  it("the account page sends an older session to confirm with an e-mail code (no JavaScript), then removes", async () => {
    const { operator, passkeyId } = await operatorWithPasskey("ria@ops.example", "Ria Route");
    const c = newClient(app);
    await signInOperator(app, c, operator.email);
    const started = app.clock.now;
    // still within the idle limit, but past the recent sign-in window (a hijacked session)
    app.clock.now = new Date(started.getTime() + RECENT_SIGN_IN_MS + 1000);
    try {
      const refused = await c.submit(accountAction, "/admin/account", { intent: "remove", id: String(passkeyId) });
      expect(refused.status).toBe(303);
      expect(refused.location).toBe("/admin/account?notice=reauth");
      expect(await passkeyExists(passkeyId)).toBe(true);
      expect((await eventsOf(operator.id, "passkey.remove_failure")).map((e) => e.detail)).toEqual(["reauth"]);

      const page = await c.load(accountLoader, "/admin/account?notice=reauth");
      expect(page.data).toMatchObject({ recent: false, notice: "reauth", confirm: null });
      expect(page.data.passkeys).toEqual([expect.objectContaining({ id: passkeyId })]);
      // what the operator sees, in English and Spanish: why, and the same "send me a code" form as for adding
      for (const [lng, strings] of [
        ["en", en],
        ["es", es],
      ] as const) {
        const { html } = await renderPage(c, `/admin/account?notice=reauth&lng=${lng}`, accountPage);
        expect(html).toContain(strings.admin.account.removeReauth);
        expect(html).toContain('href="#passkey-confirm"');
        expect(html).toContain('id="passkey-confirm"');
        expect(html).toContain(strings.admin.account.confirmIntro);
        expect(html).toContain(strings.admin.account.confirmSend);
        expect(html).toContain('name="intent" value="confirm-send"');
      }

      // the same confirmation as for adding: a new code to the operator's address, then the code
      expect((await c.submit(accountAction, "/admin/account", { intent: "confirm-send" })).location).toBe("/admin/account?confirm=sent");
      const code = (await operatorCodeFor(app, operator.email))!;
      expect((await c.submit(accountAction, "/admin/account", { intent: "confirm-code", code })).location).toBe(
        "/admin/account?notice=confirmed",
      );
      // a recent session does not show a stale "reauth" notice
      expect((await c.load(accountLoader, "/admin/account?notice=reauth")).data).toMatchObject({ recent: true, notice: null });

      const removed = await c.submit(accountAction, "/admin/account", { intent: "remove", id: String(passkeyId) });
      expect(removed.location).toBe("/admin/account?notice=removed");
      expect(await passkeyExists(passkeyId)).toBe(false);
      expect(await removedMail(operator.email)).toHaveLength(1);
    } finally {
      app.clock.now = started;
    }
  });
});
