/**
 * Signing in a rep or a group admin the way a person does (issue 15): the access code or the
 * group code, the sign-in page, the 6-digit code read from the outbox, the code typed back.
 */
import { expect } from "vitest";
import { action as accessAction } from "~/routes/access";
import { loader as verifyLoader, action as verifyAction } from "~/routes/verify";
import { DEMO } from "~/.server/db/seed";
import type { TestApp } from "./db";
import { TestClient } from "./client";
import { openedAll } from "./outbox";

/** The newest sign-in code sent to this address or number (optionally: the one with this reference). */
export async function signInCodeFor(app: TestApp, recipient: string, reference?: string) {
  const rows = openedAll(
    app,
    await app.store.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "staff_otp")
      .where("recipient", "=", recipient)
      .orderBy("id", "desc")
      .execute(),
  );
  const row = reference ? rows.find((r) => r.text_body.includes(reference)) : rows[0];
  const code = row ? /\b(\d{6})\b/.exec(row.text_body)?.[1] : undefined;
  if (!code) throw new Error(`no sign-in code for ${recipient}`);
  return code;
}

let clients = 0;
/** A client of its own (its own address for the throttles, never another new client's). */
export function newClient(app: TestApp) {
  const c = new TestClient(app.services);
  const n = ++clients;
  c.clientIp = `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
  return c;
}

/** The rep code entered and confirmed: the sign-in page is next. */
export async function repCodeConfirmed(c: TestClient, code: string = DEMO.rep.code) {
  expect((await c.submit(accessAction, "/access", { intent: "rep-code", code })).location).toBe("/access?step=confirm-rep");
  expect((await c.submit(accessAction, "/access", { intent: "confirm-rep" })).location).toBe("/verify");
}

/** The group code entered and confirmed as an employee would: the group home is next. */
export async function groupCodeConfirmed(c: TestClient, code: string = DEMO.group.code) {
  await c.submit(accessAction, "/access", { intent: "group-code", code, purpose: "employee" });
  expect((await c.submit(accessAction, "/access", { intent: "confirm-group", purpose: "employee" })).location).toBe("/group-home");
}

/** Sends the code to `destination` (rep:1:email, group_admin:1:phone…); returns the code and its reference. */
export async function sendSignInCode(app: TestApp, c: TestClient, destination: string, as: "rep" | "admin" = "rep") {
  const sent = await c.submit(verifyAction, "/verify", { intent: "send", destination, as });
  expect(sent.location, JSON.stringify(sent.data)).toBe("/verify");
  const page = await c.load(verifyLoader, "/verify");
  expect(page.data.stage).toBe("code");
  const reference: string = page.data.sent.reference;
  const [kind, id, channel] = destination.split(":");
  const recipient = await recipientOf(app, kind, Number(id), channel);
  return { code: await signInCodeFor(app, recipient, reference), reference, recipient };
}

async function recipientOf(app: TestApp, kind: string, id: number, channel: string) {
  if (kind === "rep") {
    const rep = await app.store.db.selectFrom("reps").select(["email", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();
    return channel === "email" ? rep.email : rep.phone.replace(/\D/g, "");
  }
  const admin = await app.store.db.selectFrom("group_admins").select(["email", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();
  return channel === "email" ? admin.email : (admin.phone ?? "").replace(/\D/g, "");
}

export async function typeSignInCode(c: TestClient, code: string) {
  return c.submit(verifyAction, "/verify", { intent: "verify", code });
}

/** A rep signed in by code: the client's session is a verified server session. */
export async function signInRep(app: TestApp, c: TestClient = newClient(app), rep: { id: number; code: string } = DEMO.rep) {
  await repCodeConfirmed(c, rep.code);
  const { code } = await sendSignInCode(app, c, `rep:${rep.id}:email`);
  expect((await typeSignInCode(c, code)).location).toBe("/agent-home");
  return c;
}

/** A group admin signed in by code, from the group home. */
export async function signInGroupAdmin(app: TestApp, c: TestClient = newClient(app), o: { groupCode?: string; adminId?: number } = {}) {
  await groupCodeConfirmed(c, o.groupCode ?? DEMO.group.code);
  const { code } = await sendSignInCode(app, c, `group_admin:${o.adminId ?? DEMO.groupAdmins.acme.id}:email`, "admin");
  expect((await typeSignInCode(c, code)).location).toBe("/group-home");
  return c;
}

/**
 * A verified session started directly, for a rep who cannot go through the access page (one
 * without a landing URL lands on the configuration error): the same server session a code gives.
 */
export async function verifiedSessionFor(
  app: TestApp,
  c: TestClient,
  staff: { kind: "rep"; repId: number } | { kind: "group_admin"; adminId: number; groupId: number },
  data: Record<string, unknown>,
) {
  const request = c.request("/verify");
  const session = await app.services.sessions.read(request);
  const identity =
    staff.kind === "rep"
      ? { kind: "rep" as const, repId: staff.repId, groupId: null, adminId: null }
      : { kind: "group_admin" as const, repId: null, groupId: staff.groupId, adminId: staff.adminId };
  await app.services.sessions.startStaff(session, request, identity, data);
  const [pair] = (await app.services.sessions.commit(session)).split(";");
  const eq = pair.indexOf("=");
  c.setCookie(pair.slice(0, eq), pair.slice(eq + 1));
  return c;
}
