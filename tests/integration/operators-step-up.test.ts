/**
 * Step-up for lasting access (ADR 025 addendum): adding an operator, changing a role or
 * reactivating one is refused to a session not signed in within RECENT_SIGN_IN_MS — a stolen
 * admin session must not mint an admin account for its thief — and works again once the
 * operator confirms it is them with an e-mail code.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { action as operatorsAction, loader as operatorsLoader } from "~/routes/admin.operators";
import { action as accountAction } from "~/routes/admin.account";
import { DEMO } from "~/.server/db/seed";
import { RECENT_SIGN_IN_MS } from "~/.server/operators/passkeys";
import { addOperator } from "~/.server/operators/directory";
import { createTestApp, describeEachDatabase, type TestApp } from "../support/db";
import { newClient } from "../support/staff";
import { operatorCodeFor, signInOperator } from "../support/operators";

describeEachDatabase("operator changes need a recent sign-in", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
    await addOperator(
      app.services,
      { operatorId: null, requestId: "cli", clientKey: null },
      { email: "sam@ops.example", name: "Sam Sales", role: "sales" },
    );
  });
  afterAll(() => app.close());

  const operatorRow = (email: string) =>
    app.store.db.selectFrom("operators").select(["id", "role", "active"]).where("email", "=", email).executeTakeFirst();

  it("a session older than the step-up window cannot add an admin, raise a role or reactivate; a confirmed one can", async () => {
    const c = newClient(app);
    await signInOperator(app, c, DEMO.operator.email);
    const sam = (await operatorRow("sam@ops.example"))!;
    // still within the idle limit, but past the recent sign-in window (a hijacked session)
    app.clock.now = new Date(app.clock.now.getTime() + RECENT_SIGN_IN_MS + 60_000);
    expect((await c.load(operatorsLoader, "/admin/operators")).status).toBe(200);

    const add = await c.submit(operatorsAction, "/admin/operators", {
      intent: "add",
      email: "thief@evil.example",
      name: "Thief",
      role: "admin",
    });
    expect(add.location).toBe("/admin/operators?notice=reauth");
    expect(await operatorRow("thief@evil.example")).toBeUndefined();

    const raise = await c.submit(operatorsAction, "/admin/operators", { intent: "role", id: String(sam.id), role: "admin" });
    expect(raise.location).toBe("/admin/operators?notice=reauth");
    expect((await operatorRow("sam@ops.example"))!.role).toBe("sales");

    const refused = await app.store.db
      .selectFrom("operator_events")
      .select("detail")
      .where("kind", "=", "operator.change_refused")
      .execute();
    expect(refused.map((r) => r.detail)).toEqual(["reauth_add", "reauth_role"]);

    // confirming with an e-mail code renews the session's sign-in: the change goes through
    expect((await c.submit(accountAction, "/admin/account", { intent: "confirm-send" })).location).toBe("/admin/account?confirm=sent");
    const code = (await operatorCodeFor(app, DEMO.operator.email))!;
    expect((await c.submit(accountAction, "/admin/account", { intent: "confirm-code", code })).location).toBe(
      "/admin/account?notice=confirmed",
    );
    const again = await c.submit(operatorsAction, "/admin/operators", { intent: "role", id: String(sam.id), role: "admin" });
    expect(again.location).toBe("/admin/operators?notice=saved");
    expect((await operatorRow("sam@ops.example"))!.role).toBe("admin");
  });
});
