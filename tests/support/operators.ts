/** Signing an operator in at /admin the way a person does (issue 27): the e-mail, the code from the outbox. */
import { expect } from "vitest";
import { action as adminAction } from "~/routes/admin._index";
import { action as codeAction, loader as codeLoader } from "~/routes/admin.code";
import type { TestApp } from "./db";
import type { TestClient } from "./client";
import { openedAll } from "./outbox";

/** The newest console sign-in code e-mailed to this address (the one whose message carries `reference`). */
export async function operatorCodeFor(app: TestApp, email: string, reference?: string) {
  const rows = openedAll(
    app,
    await app.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "operator_otp")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .execute(),
  );
  const row = reference ? rows.find((r) => r.text_body.includes(reference)) : rows[0];
  return row ? /\b(\d{6})\b/.exec(row.text_body)?.[1] : undefined;
}

/** Asks for a code for `email`; returns the page's reference. */
export async function askOperatorCode(c: TestClient, email: string) {
  const sent = await c.submit(adminAction, "/admin", { intent: "send", email });
  expect(sent.location, JSON.stringify(sent.data)).toBe("/admin/code");
  const page = await c.load(codeLoader, "/admin/code");
  return page.data.reference as string;
}

export function typeOperatorCode(c: TestClient, code: string) {
  return c.submit(codeAction, "/admin/code", { intent: "verify", code });
}

export async function signInOperator(app: TestApp, c: TestClient, email: string) {
  const reference = await askOperatorCode(c, email);
  const code = await operatorCodeFor(app, email, reference);
  expect(code).toBeDefined();
  const res = await typeOperatorCode(c, code!);
  expect(res.location, JSON.stringify(res.data)).toBe("/admin");
  return res;
}
