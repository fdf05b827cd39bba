/**
 * Operators' sessions (issue 27), with ADR 009's rules: the session lives on the server
 * (`operator_sessions`), the cookie — `__operator`, signed, HttpOnly, SameSite=Lax, path /admin,
 * ending with the browser — holds only a random 32-byte token (the row keeps its SHA-256) or,
 * while signing in, the random key the code belongs to. A session ends on logout (revoked), after
 * SESSION_IDLE_MINUTES without a request, 12 hours after it started, when the operator is
 * deactivated or their role changes; a token that is ended, unknown or shown by another browser
 * (User-Agent) opens nothing. Lapsed sessions are ended and put on the trail at most once a minute.
 */
import crypto from "node:crypto";
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import type { Services } from "../services";
import type { Operator } from "../db/schema";
import { CLIENT_KEY_HEADER } from "../platform/client-key";
import {
  endLapsedOperatorSessions,
  endOperatorSession,
  insertOperatorSession,
  operatorById,
  operatorSessionByTokenHash,
  touchOperatorSession,
} from "../repositories/operators";
import { recordEvent, type OperatorActor } from "./trail";

export const OPERATOR_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const OPERATOR_WARNING_SECONDS = 120;
const TOUCH_EVERY_MS = 10 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

export interface OperatorCookie {
  /** the session's token */
  sid?: string;
  /** the key of the sign-in under way (its code's purpose) */
  signin?: string;
  /** a passkey ceremony's challenge (registration or sign-in) */
  challenge?: string;
  /** the key of a signed-in operator's "confirm it is you" code (to add a passkey) */
  reauth?: string;
  /** a random id of this browser (the resend wait counts per browser) */
  browser?: string;
  /** where to go after signing in (a local /admin path) */
  next?: string;
}

const storages = new WeakMap<Services["config"], SessionStorage<OperatorCookie>>();

export function operatorCookies(services: Services) {
  let storage = storages.get(services.config);
  if (!storage) {
    const secure = services.config.env === "production" && services.config.publicBaseUrl.startsWith("https:");
    storage = createCookieSessionStorage<OperatorCookie>({
      cookie: { name: "__operator", httpOnly: true, sameSite: "lax", secure, path: "/admin", secrets: [services.config.sessionSecret] },
    });
    storages.set(services.config, storage);
  }
  return storage;
}

export async function readOperatorCookie(services: Services, request: Request) {
  try {
    return await operatorCookies(services).getSession(request.headers.get("Cookie"));
  } catch {
    return operatorCookies(services).getSession(null);
  }
}

const sha256 = (v: string) => crypto.createHash("sha256").update(v).digest("hex");
const uaHash = (services: Services, request: Request) =>
  crypto
    .createHmac("sha256", services.config.sessionSecret)
    .update(`operator-ua:${request.headers.get("user-agent") ?? ""}`)
    .digest("base64url");

export function actorFrom(request: Request, operatorId: number | null): OperatorActor {
  return { operatorId, requestId: request.headers.get("x-request-id"), clientKey: request.headers.get(CLIENT_KEY_HEADER) };
}

const lastSweep = new WeakMap<Services["db"], number>();
async function sweep(services: Services, at: Date) {
  const last = lastSweep.get(services.db) ?? Number.NEGATIVE_INFINITY;
  if (Math.abs(at.getTime() - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(services.db, at.getTime());
  const ended = await endLapsedOperatorSessions(services.db, at, new Date(at.getTime() - services.sessions.idleMs));
  for (const row of ended)
    await recordEvent(
      services,
      { operatorId: row.operator_id, requestId: null, clientKey: null },
      { kind: "session.expire", detail: row.end_reason },
    );
}

export type OperatorSessionState =
  | { state: "none" }
  | { state: "ended"; reason: string }
  | { state: "live"; operator: Operator; sessionId: number; lastSeenAt: number; expiresAt: number; signedInAt: number };

/** The operator session this request's cookie holds, touched as activity unless `touch` is false. */
export async function readOperatorSession(services: Services, request: Request, touch = true): Promise<OperatorSessionState> {
  const cookie = await readOperatorCookie(services, request);
  const token = cookie.get("sid");
  if (typeof token !== "string" || !token) return { state: "none" };
  const at = services.now();
  await sweep(services, at);
  const row = await operatorSessionByTokenHash(services.db, sha256(token));
  if (!row) return { state: "ended", reason: "unknown" };
  if (row.ended_at) return { state: "ended", reason: row.end_reason ?? "unknown" };
  if (row.ua_hash !== uaHash(services, request)) {
    services.log.warn("operator session token from another browser refused");
    return { state: "ended", reason: "elsewhere" };
  }
  const idleCutoff = new Date(at.getTime() - services.sessions.idleMs);
  if (row.expires_at <= at.toISOString() || row.last_seen_at <= idleCutoff.toISOString()) {
    const reason = row.expires_at <= at.toISOString() ? "absolute" : "idle";
    if (await endOperatorSession(services.db, row.id, at, reason))
      await recordEvent(services, actorFrom(request, row.operator_id), { kind: "session.expire", detail: reason });
    return { state: "ended", reason };
  }
  const operator = await operatorById(services.db, row.operator_id);
  if (!operator?.active) {
    if (await endOperatorSession(services.db, row.id, at, "deactivated"))
      await recordEvent(services, actorFrom(request, row.operator_id), { kind: "session.end", detail: "deactivated" });
    return { state: "ended", reason: "deactivated" };
  }
  let lastSeenAt = new Date(row.last_seen_at).getTime();
  if (touch && at.getTime() - lastSeenAt >= TOUCH_EVERY_MS) {
    if (!(await touchOperatorSession(services.db, row.id, at, idleCutoff))) return { state: "ended", reason: "idle" };
    lastSeenAt = at.getTime();
  }
  return {
    state: "live",
    operator,
    sessionId: row.id,
    lastSeenAt,
    expiresAt: new Date(row.expires_at).getTime(),
    // a session starts at a sign-in (a code or a passkey): when its operator last proved who they are
    signedInAt: new Date(row.created_at).getTime(),
  };
}

/** Starts an operator's session in this browser; returns the Set-Cookie header. */
export async function startOperatorSession(services: Services, request: Request, operator: Operator, method: "code" | "passkey") {
  const at = services.now();
  const token = crypto.randomBytes(32).toString("base64url");
  await insertOperatorSession(services.db, {
    tokenHash: sha256(token),
    operatorId: operator.id,
    method,
    uaHash: uaHash(services, request),
    now: at,
    expiresAt: new Date(at.getTime() + OPERATOR_SESSION_ABSOLUTE_MS),
  });
  await recordEvent(services, actorFrom(request, operator.id), {
    kind: "session.start",
    subject: `operator:${operator.id}`,
    detail: method,
  });
  const storage = operatorCookies(services);
  const cookie = await storage.getSession(null);
  cookie.set("sid", token);
  return storage.commitSession(cookie);
}

/**
 * A fresh sign-in in a browser already signed in (the account page's "confirm it is you"): the
 * current session is ended (`renewed`) and a new one started; returns the Set-Cookie header.
 */
export async function renewOperatorSession(services: Services, request: Request, sessionId: number, operator: Operator) {
  if (await endOperatorSession(services.db, sessionId, services.now(), "renewed"))
    await recordEvent(services, actorFrom(request, operator.id), { kind: "session.end", detail: "renewed" });
  return startOperatorSession(services, request, operator, "code");
}

/** Logout: the server session is revoked (its cookie, replayed, opens nothing); returns the Set-Cookie header. */
export async function endOperatorSessionOf(services: Services, request: Request) {
  const cookie = await readOperatorCookie(services, request);
  const token = cookie.get("sid");
  if (typeof token === "string" && token) {
    const row = await operatorSessionByTokenHash(services.db, sha256(token));
    if (row && (await endOperatorSession(services.db, row.id, services.now(), "logout")))
      await recordEvent(services, actorFrom(request, row.operator_id), { kind: "session.end", detail: "logout" });
  }
  return operatorCookies(services).destroySession(cookie);
}

/** Seconds left before the idle and absolute limits, for the page's warning. */
export function sessionLimits(services: Services, live: Extract<OperatorSessionState, { state: "live" }>) {
  const t = services.now().getTime();
  return {
    idleSeconds: Math.max(0, Math.floor((live.lastSeenAt + services.sessions.idleMs - t) / 1000)),
    absoluteSeconds: Math.max(0, Math.floor((live.expiresAt - t) / 1000)),
    warningSeconds: OPERATOR_WARNING_SECONDS,
  };
}
