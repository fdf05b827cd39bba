/** Operators, their server-side sessions, their passkeys and the console's trail (issue 27). */
import type { Dialect } from "../db/migrations";
import type { DB } from "../db/connection";
import type { OperatorRole } from "../db/schema";

export function operatorById(db: DB, id: number) {
  return db.selectFrom("operators").selectAll().where("id", "=", id).executeTakeFirst();
}

export function operatorByEmail(db: DB, email: string) {
  return db.selectFrom("operators").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function activeOperators(db: DB) {
  return db.selectFrom("operators").selectAll().where("active", "=", 1).orderBy("id").execute();
}

export function allOperators(db: DB) {
  return db.selectFrom("operators").selectAll().orderBy("active", "desc").orderBy("name").orderBy("id").execute();
}

/**
 * How many active admins there are. With `lock` (inside a transaction) their rows stay locked
 * until it ends: on PostgreSQL a second transaction asking the same waits, then counts the
 * admins as the first left them — two admins demoting each other at once cannot both see the
 * other still an admin (the last-admin check). SQLite runs one writing transaction at a time.
 */
export async function countActiveAdmins(db: DB, o: { lock?: boolean; dialect?: Dialect } = {}) {
  if (o.lock && o.dialect === "postgres") {
    const rows = await db.selectFrom("operators").select("id").where("role", "=", "admin").where("active", "=", 1).forUpdate().execute();
    return rows.length;
  }
  const row = await db
    .selectFrom("operators")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("active", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOperator(db: DB, o: { email: string; name: string; role: OperatorRole; now: Date }) {
  const row = await db
    .insertInto("operators")
    .values({
      email: o.email.trim().toLowerCase(),
      name: o.name,
      role: o.role,
      active: 1,
      created_at: o.now.toISOString(),
      updated_at: o.now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOperator(db: DB, id: number, values: { name?: string; role?: OperatorRole; active?: number }, now: Date) {
  await db
    .updateTable("operators")
    .set({ ...values, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

// ---------------------------------------------------------------- sessions

export async function insertOperatorSession(
  db: DB,
  s: { tokenHash: string; operatorId: number; method: string; uaHash: string; now: Date; expiresAt: Date },
) {
  const row = await db
    .insertInto("operator_sessions")
    .values({
      token_hash: s.tokenHash,
      operator_id: s.operatorId,
      method: s.method,
      ua_hash: s.uaHash,
      created_at: s.now.toISOString(),
      last_seen_at: s.now.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      ended_at: null,
      end_reason: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function operatorSessionByTokenHash(db: DB, tokenHash: string) {
  return db.selectFrom("operator_sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** Marks a live session used now, checking in the same statement that it is still live. */
export async function touchOperatorSession(db: DB, id: number, now: Date, idleCutoff: Date) {
  const res = await db
    .updateTable("operator_sessions")
    .set({ last_seen_at: now.toISOString() })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .where("last_seen_at", ">", idleCutoff.toISOString())
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends a live session once: true for the one caller that ended it. */
export async function endOperatorSession(db: DB, id: number, now: Date, reason: string) {
  const res = await db
    .updateTable("operator_sessions")
    .set({ ended_at: now.toISOString(), end_reason: reason })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends every live session of an operator (deactivated, role changed); returns how many. */
export async function endSessionsOf(db: DB, operatorId: number, now: Date, reason: string) {
  const res = await db
    .updateTable("operator_sessions")
    .set({ ended_at: now.toISOString(), end_reason: reason })
    .where("operator_id", "=", operatorId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Ends lapsed sessions; returns those it ended (for the trail). */
export async function endLapsedOperatorSessions(db: DB, now: Date, idleCutoff: Date) {
  const at = now.toISOString();
  const absolute = await db
    .updateTable("operator_sessions")
    .set({ ended_at: at, end_reason: "absolute" })
    .where("ended_at", "is", null)
    .where("expires_at", "<=", at)
    .returning(["id", "operator_id", "end_reason"])
    .execute();
  const idle = await db
    .updateTable("operator_sessions")
    .set({ ended_at: at, end_reason: "idle" })
    .where("ended_at", "is", null)
    .where("last_seen_at", "<=", idleCutoff.toISOString())
    .returning(["id", "operator_id", "end_reason"])
    .execute();
  return [...absolute, ...idle];
}

// ---------------------------------------------------------------- passkeys

export function passkeysOf(db: DB, operatorId: number) {
  return db.selectFrom("operator_passkeys").selectAll().where("operator_id", "=", operatorId).orderBy("id").execute();
}

export function passkeyByCredentialId(db: DB, credentialId: string) {
  return db.selectFrom("operator_passkeys").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export async function insertPasskey(
  db: DB,
  p: {
    operatorId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[] | undefined;
    name: string;
    userHandle: string;
    deviceType: string;
    backedUp: boolean;
    now: Date;
  },
) {
  const row = await db
    .insertInto("operator_passkeys")
    .values({
      operator_id: p.operatorId,
      credential_id: p.credentialId,
      public_key: p.publicKey,
      counter: p.counter,
      transports: p.transports ? JSON.stringify(p.transports) : null,
      name: p.name,
      user_handle: p.userHandle,
      device_type: p.deviceType,
      backed_up: p.backedUp ? 1 : 0,
      created_at: p.now.toISOString(),
      last_used_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records a sign-in with a passkey: its new counter, if the counter is still the one that was
 * checked (two sign-ins racing with one credential: only one moves it). True for that one.
 */
export async function recordPasskeyUse(db: DB, id: number, checkedCounter: number, counter: number, backedUp: boolean, now: Date) {
  const res = await db
    .updateTable("operator_passkeys")
    .set({ counter, backed_up: backedUp ? 1 : 0, last_used_at: now.toISOString() })
    .where("id", "=", id)
    .where("counter", "=", checkedCounter)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: DB, operatorId: number, id: number) {
  const res = await db.deleteFrom("operator_passkeys").where("id", "=", id).where("operator_id", "=", operatorId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---------------------------------------------------------------- passkey challenges

/** Keeps a ceremony's challenge; forgets the ones already expired (the table stays small). */
export async function insertPasskeyChallenge(
  db: DB,
  c: { challenge: string; purpose: "register" | "sign_in"; operatorId: number | null; now: Date; expiresAt: Date },
) {
  await db.deleteFrom("operator_passkey_challenges").where("expires_at", "<=", c.now.toISOString()).execute();
  await db
    .insertInto("operator_passkey_challenges")
    .values({
      challenge: c.challenge,
      purpose: c.purpose,
      operator_id: c.operatorId,
      created_at: c.now.toISOString(),
      expires_at: c.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Uses a challenge once: true for the one caller that finds it unused, unexpired, of this
 * purpose (and, for a registration, this operator's), and marks it used in the same statement.
 */
export async function takePasskeyChallenge(
  db: DB,
  c: { challenge: string; purpose: "register" | "sign_in"; operatorId: number | null; now: Date },
) {
  let q = db
    .updateTable("operator_passkey_challenges")
    .set({ used_at: c.now.toISOString() })
    .where("challenge", "=", c.challenge)
    .where("purpose", "=", c.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", c.now.toISOString());
  q = c.operatorId === null ? q.where("operator_id", "is", null) : q.where("operator_id", "=", c.operatorId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- the trail

export interface NewOperatorEvent {
  kind: string;
  operatorId: number | null;
  subject?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: string | null;
  requestId: string | null;
  clientKey: string | null;
  at: Date;
}

export async function insertOperatorEvent(db: DB, e: NewOperatorEvent) {
  await db
    .insertInto("operator_events")
    .values({
      kind: e.kind,
      operator_id: e.operatorId,
      subject: e.subject ?? null,
      target_type: e.targetType ?? null,
      target_id: e.targetId ?? null,
      before_json: e.before ? JSON.stringify(e.before) : null,
      after_json: e.after ? JSON.stringify(e.after) : null,
      detail: e.detail && /^[a-z0-9_:-]{1,40}$/.test(e.detail) ? e.detail : null,
      request_id: e.requestId,
      client_key: e.clientKey,
      created_at: e.at.toISOString(),
    })
    .execute();
}

/** Whether this client has signed in as this operator since `since` (one of their own places). */
export async function operatorSignedInFrom(db: DB, operatorId: number, clientKey: string, since: Date) {
  const row = await db
    .selectFrom("operator_events")
    .select("id")
    .where("subject", "=", `operator:${operatorId}`)
    .where("kind", "=", "sign_in.success")
    .where("client_key", "=", clientKey)
    .where("created_at", ">", since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export interface TrailFilter {
  operatorId?: number;
  kind?: string;
  targetType?: string;
  targetId?: string;
}

/** A page of the trail, newest first, with the operators' names. */
export async function trailPage(db: DB, filter: TrailFilter, offset: number, limit: number) {
  let q = db.selectFrom("operator_events").leftJoin("operators", "operators.id", "operator_events.operator_id");
  if (filter.operatorId) q = q.where("operator_events.operator_id", "=", filter.operatorId);
  if (filter.kind) q = q.where("operator_events.kind", "=", filter.kind);
  if (filter.targetType) q = q.where("operator_events.target_type", "=", filter.targetType);
  if (filter.targetId) q = q.where("operator_events.target_id", "=", filter.targetId);
  const [rows, total] = await Promise.all([
    q
      .selectAll("operator_events")
      .select(["operators.name as operator_name", "operators.email as operator_email"])
      .orderBy("operator_events.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The kinds on the trail (for the filter). */
export async function trailKinds(db: DB) {
  const rows = await db.selectFrom("operator_events").select("kind").distinct().orderBy("kind").execute();
  return rows.map((r) => r.kind);
}
