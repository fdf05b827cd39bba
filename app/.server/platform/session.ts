/**
 * The store's session. For applicants and visitors: a signed, HttpOnly, SameSite=Lax cookie
 * holding only the ids and modes the spec keeps in local storage — never names, dates of birth,
 * SSNs or answers (ADR 001). For a verified rep or group admin (issue 15): a server-side session
 * — a row of `staff_sessions` holds the same ids and modes and who was verified, and the cookie
 * holds only a random token (the table keeps its SHA-256). Such a session ends on Logout and
 * Not My Site (revoked), after SESSION_IDLE_MINUTES without a request (20 by default) and 12 hours
 * after it started; a token that is ended, unknown, or shown by another browser opens nothing,
 * and the page asked for becomes the session-expired page. Every read goes through a zod schema,
 * so a forged or stale shape becomes a fresh session.
 *
 * The cookie is a browser-session cookie (no Max-Age): closing the browser forgets it (issue 23).
 * Every read also checks what the session says it may reach (issue 23), here and nowhere else:
 * the enrollment of `tempId` and `receiptId` only while this browser holds it (an enrollment
 * resumed elsewhere since is lost here, `enrollments.holder`), and the receipt only until
 * `receiptUntil`. What fails the check is dropped from the session as read, so every page acts as
 * if this browser had never had it.
 */
import crypto from "node:crypto";
import { createCookieSessionStorage, createSession, redirect, type Session, type SessionStorage } from "@remix-run/node";
import type { DB } from "../db/connection";
import type { Dialect } from "../db/migrations";
import type { StaffSession } from "../db/schema";
import { loggablePath, type Logger } from "./log";
import { holdsEnrollment, sessionSchema, type Flash, type SessionData, type SessionKey } from "~/domain/session";
import { enrollmentRowsOnce } from "../store/enrollment-rows";
import { auditActor, type StaffIdentity } from "~/domain/audit";
import { insertAuditEvent } from "../repositories/audit";
import { CLIENT_KEY_HEADER } from "./client-key";
import type { Cipher } from "./crypto";
import { memberLinkHolder } from "./member-link-hold";
import type { MemoScope } from "./memo";
import { findMemberInScope, type MemberScope } from "../repositories/members";
import {
  endLapsedStaffSessions,
  endStaffSession,
  insertStaffSession,
  saveStaffSessionData,
  staffSessionByTokenHash,
  touchStaffSession,
} from "../repositories/staff";

export type { Flash, SessionData, SessionKey };
export type { StaffIdentity };

/** A verified session lasts at most 12 hours, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** With JavaScript, the page warns this long before the idle limit (WCAG 2.2.1: at least 20 s to answer). */
export const SESSION_WARNING_SECONDS = 120;
/** A request marks the session used at most this often (one write, not one per loader). */
const TOUCH_EVERY_MS = 10 * 1000;
/** Lapsed sessions are ended (and their expiry audited) at most this often per process. */
const SWEEP_EVERY_MS = 60 * 1000;

/** Pages an ended session may still open: the page that says so, the keep-alive check, the way out. */
const ENDED_MAY_OPEN = ["/session-expired", "/session", "/logout", "/not-my-site", "/language"];
const ENDED_MAY_OPEN_PREFIX = ["/dev/outbox"];
/** Looking at these does not count as activity (the page that says it ended, the warning's check). */
const NOT_ACTIVITY = ["/session-expired", "/session"];

type Raw = SessionData & { __flash_flash__?: Flash; sid?: string };

export type EndReason = "logout" | "not_my_site" | "idle" | "absolute" | "elsewhere" | "unknown";

/** A server session the cookie pointed to that no longer opens anything. */
export interface EndedSession {
  reason: EndReason;
  /** who was verified in it (null when the token is unknown or shown by another browser) */
  staff: StaffIdentity | null;
  /** the dead token, so the same person signing in again in this browser continues where they were */
  token: string;
}

interface Backing {
  rowId: number;
  token: string;
  staff: StaffIdentity;
  lastSeenAt: number;
  expiresAt: number;
}

const SESSION_KEYS = Object.keys(sessionSchema.shape) as SessionKey[];

export class StoreSession {
  constructor(
    private raw: Session<Raw, { flash: Flash }>,
    /** the request this session was read for (audit events carry it) */
    readonly requestId: string | null = null,
    private backing: Backing | null = null,
    /** set when the cookie held a server session that has ended */
    readonly ended: EndedSession | null = null,
    /** the requesting client, as a keyed hash of its address (audit events carry it) */
    readonly clientKey: string | null = null,
  ) {}

  get<K extends SessionKey>(key: K): SessionData[K] {
    const parsed = sessionSchema.shape[key].safeParse(this.raw.get(key));
    return parsed.success ? (parsed.data as SessionData[K]) : undefined;
  }
  set<K extends SessionKey>(key: K, value: SessionData[K] | undefined) {
    if (value === undefined || value === null) this.raw.unset(key);
    else this.raw.set(key, value as never);
  }
  unset(...keys: SessionKey[]) {
    for (const k of keys) this.raw.unset(k);
  }
  all(): SessionData {
    const out: Record<string, unknown> = {};
    const raw = this.raw.data as Record<string, unknown>;
    for (const key of SESSION_KEYS) {
      // only what the cookie holds is parsed (a page reads the session several times)
      if (raw[key] === undefined) continue;
      const v = this.get(key);
      if (v !== undefined) out[key] = v;
    }
    return out as SessionData;
  }
  /** Not My Site / logout: forget everything. */
  clear() {
    for (const key of Object.keys(this.raw.data)) this.raw.unset(key as never);
  }
  flash(message: Flash) {
    this.raw.flash("flash", message);
  }
  takeFlash(): Flash | undefined {
    return this.raw.get("flash" as never) as Flash | undefined;
  }
  get inner() {
    return this.raw;
  }
  /** The verified rep or group admin of this session, or null (applicants, visitors, code holders). */
  get staff(): StaffIdentity | null {
    return this.backing?.staff ?? null;
  }
  /** Seconds left before the idle and the absolute limits (verified sessions only). */
  limits(now: Date, idleMs: number) {
    if (!this.backing) return null;
    const t = now.getTime();
    return {
      idleSeconds: Math.max(0, Math.floor((this.backing.lastSeenAt + idleMs - t) / 1000)),
      absoluteSeconds: Math.max(0, Math.floor((this.backing.expiresAt - t) / 1000)),
    };
  }
  /** @internal the sessions module's hold on the server row */
  get serverBacking() {
    return this.backing;
  }
  /** @internal */
  attach(backing: Backing, raw: Session<Raw, { flash: Flash }>) {
    this.backing = backing;
    this.raw = raw;
  }
  /** @internal the row is ended: what is left is an empty cookie session */
  detach() {
    this.backing = null;
    this.raw = createSession<Raw, { flash: Flash }>({});
  }
}

/** What a member link's entry put into the session (members/member-links.ts memberStoreEntry), all forgotten with the hold. */
const MEMBER_LINK_ENTRY = [
  "memberId",
  "memberLinkUntil",
  "tempId",
  "navto",
  "showQuotation",
  "receiptId",
  "receiptUntil",
  "eprocess",
  "enrollType",
  "groupId",
  "repAuthenticated",
] as const satisfies readonly SessionKey[];

export interface ReadOptions {
  /** count this request as activity (default: yes, except the session-expired page and the warning's check) */
  touch?: boolean;
  /** hand back an ended session instead of sending the visitor to the session-expired page */
  allowEnded?: boolean;
  /**
   * Skip the enrollment holder check (keepHeld): only for a caller that reads the enrollment
   * itself and applies holdsEnrollment to it (the plans page's cache key, one statement).
   */
  holderCheckedByCaller?: boolean;
}

export interface Sessions {
  read(request: Request, options?: ReadOptions): Promise<StoreSession>;
  commit(session: StoreSession): Promise<string>;
  /** Turns this browser's session into a verified server session of `staff`, holding `data`. */
  startStaff(session: StoreSession, request: Request, staff: StaffIdentity, data: SessionData): Promise<void>;
  /** Logout, Not My Site: the server session is revoked; the browser keeps an empty cookie session. */
  endStaff(session: StoreSession, reason: "logout" | "not_my_site"): Promise<void>;
  /** What an idle or 12-hour-ended session held, for the same person signing in again in the same browser. */
  endedSessionData(token: string): Promise<{ staff: StaffIdentity; data: SessionData } | null>;
  /** the idle limit in milliseconds */
  idleMs: number;
  /** The same sessions, reading the visitor's enrollment through this request's memo (platform/request-memo.ts). */
  withMemo(memo: Map<string, unknown> | undefined): Sessions;
  storage: SessionStorage<Raw, { flash: Flash }>;
}

export interface SessionBackend {
  db: DB;
  /** hashes a member link and a browser's key the way the link's hold keeps them (ADR 033) */
  cipher: Cipher;
  dialect: Dialect;
  now: () => Date;
  idleMs: number;
  log: Logger;
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/** The members a verified rep or group admin may start enrollments for (their Current Members). */
const staffMemberScope = (staff: StaffIdentity): MemberScope =>
  staff.kind === "rep" ? { repId: staff.repId ?? undefined } : { groupId: staff.groupId ?? undefined };

export function staffOf(row: Pick<StaffSession, "actor_kind" | "rep_id" | "group_id" | "admin_id">): StaffIdentity {
  return { kind: row.actor_kind, repId: row.rep_id, groupId: row.group_id, adminId: row.admin_id };
}

function parseData(json: string): Raw {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Raw) : {};
  } catch {
    return {};
  }
}

export function createSessions(secret: string, secure: boolean, backend: SessionBackend): Sessions {
  const { db, cipher, dialect, now, idleMs, log } = backend;
  const storage = createCookieSessionStorage<Raw, { flash: Flash }>({
    cookie: {
      name: "__store",
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      secrets: [secret],
      // No Max-Age or Expires: the cookie ends with the browser (a shared or kiosk device keeps
      // nothing). A verified session also ends on the server (idle and 12-hour limits).
    },
  });
  const uaHash = (request: Request) =>
    crypto
      .createHmac("sha256", secret)
      .update(`ua:${request.headers.get("user-agent") ?? ""}`)
      .digest("base64url");
  let lastSweep = -Infinity;

  async function auditEnd(
    row: Pick<StaffSession, "id" | "actor_kind" | "rep_id" | "group_id" | "admin_id">,
    kind: "session.end" | "session.expire",
    reason: string,
    requestId: string | null,
    at: Date,
    clientKey: string | null = null,
  ) {
    await insertAuditEvent(db, { kind, actor: auditActor({ staff: staffOf(row), requestId, clientKey }), detail: reason, at });
  }

  /** Ends lapsed sessions now and then, so an expiry is on the audit trail even if the browser never comes back. */
  async function sweep(at: Date) {
    if (Math.abs(at.getTime() - lastSweep) < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    const ended = await endLapsedStaffSessions(db, at, new Date(at.getTime() - idleMs));
    for (const row of ended) await auditEnd(row, "session.expire", row.end_reason ?? "idle", null, at);
  }

  /** Ends a session that has run out (once, whoever notices first) and says why. */
  async function expire(row: StaffSession, at: Date, requestId: string | null, clientKey: string | null = null): Promise<EndReason> {
    const reason = row.expires_at <= at.toISOString() ? "absolute" : "idle";
    if (await endStaffSession(db, row.id, at, reason)) {
      await auditEnd(row, "session.expire", reason, requestId, at, clientKey);
      return reason;
    }
    const again = await staffSessionByTokenHash(db, row.token_hash);
    return (again?.end_reason as EndReason | undefined) ?? reason;
  }

  async function cookieData(request: Request) {
    try {
      return await storage.getSession(request.headers.get("Cookie"));
    } catch {
      // a cookie that is not ours (bad JSON, wrong encoding): start afresh
      return storage.getSession(null);
    }
  }

  /**
   * A browser that came in by a member link (ADR 033) and no longer holds it — the member took the
   * link back with her code in another browser — forgets the member and what it started as her.
   */
  async function keepMemberLink(session: StoreSession) {
    const until = session.get("memberLinkUntil");
    if (until === undefined) return;
    const memberId = session.get("memberId");
    const hold =
      memberId === undefined ? "free" : await memberLinkHolder(db, cipher, { memberId, untilSeconds: until }, session.get("memberLinkKey"));
    if (hold === "here") return;
    session.unset(...MEMBER_LINK_ENTRY);
    log.warn("session member link held elsewhere, member dropped");
  }

  /**
   * The one rule for the member a session shops as (`memberId`, ADR 033 addendum w8): it stays only
   * while something in this browser speaks for it —
   * - the member link it came in by, which this browser still holds (`memberLinkUntil`, checked
   *   by keepMemberLink before this);
   * - one of the member's enrollments this browser holds: the enrollment in progress (`tempId`) or
   *   a receipt still open (`receiptId`) — how a resume (restoreSession), a member home's or plan
   *   page's new enrollment and a completion bring the member;
   * - a verified rep or group admin whose members include them (Current Members' choice).
   * Otherwise — the enrollment cancelled, the receipt left or timed out, the enrollment resumed
   * elsewhere — the member is forgotten with what named them as one (`enrollType` existing-member).
   */
  async function keepMember(session: StoreSession, scope: MemoScope & { db: DB; dialect: Dialect }) {
    const memberId = session.get("memberId");
    if (memberId === undefined) return;
    if (session.get("memberLinkUntil") !== undefined) return; // held here (keepMemberLink)
    for (const id of [session.get("tempId"), session.get("receiptId")]) {
      if (id === undefined) continue;
      const rows = await enrollmentRowsOnce(scope, id);
      if (rows && rows.enrollment.member_id === memberId && holdsEnrollment(session.get("holder"), rows.enrollment.holder)) return;
    }
    const staff = session.staff;
    if (staff && (await findMemberInScope(db, memberId, staffMemberScope(staff)))) return;
    session.unset("memberId", "memberLinkUntil");
    if (session.get("enrollType") === "existing-member") session.unset("enrollType");
    log.warn("session member without a held enrollment, link or staff choice, dropped");
  }

  /**
   * Drops from the session what it may no longer reach: the member of a link another browser has
   * taken since, an enrollment another browser has resumed since (or a completed one's receipt), a
   * receipt past its time — and then a member nothing held here speaks for any more (keepMember).
   */
  async function keepHeld(session: StoreSession, memo: Map<string, unknown> | undefined, options: ReadOptions) {
    if (session.get("receiptId") !== undefined && !((session.get("receiptUntil") ?? 0) > now().getTime()))
      session.unset("receiptId", "receiptUntil");
    await keepMemberLink(session);
    const scope = { memo, db, dialect };
    if (!options.holderCheckedByCaller) {
      const tempId = session.get("tempId");
      if (tempId !== undefined) {
        const rows = await enrollmentRowsOnce(scope, tempId);
        if (rows && !holdsEnrollment(session.get("holder"), rows.enrollment.holder)) {
          session.unset("tempId", "navto", "showQuotation");
          log.warn("session enrollment held elsewhere, dropped");
        }
      }
      const receiptId = session.get("receiptId");
      if (receiptId !== undefined) {
        const rows = await enrollmentRowsOnce(scope, receiptId);
        if (rows && !holdsEnrollment(session.get("holder"), rows.enrollment.holder)) session.unset("receiptId", "receiptUntil");
      }
    }
    // also for the plans page's peek: its cache key must not carry a member this browser may not shop as
    await keepMember(session, scope);
    return session;
  }

  async function read(request: Request, options: ReadOptions = {}, memo?: Map<string, unknown>): Promise<StoreSession> {
    return keepHeld(await readCookie(request, options), memo, options);
  }

  async function readCookie(request: Request, options: ReadOptions): Promise<StoreSession> {
    const url = new URL(request.url);
    const requestId = request.headers.get("x-request-id");
    const clientKey = request.headers.get(CLIENT_KEY_HEADER);
    const raw = await cookieData(request);
    const token = raw.get("sid");
    if (typeof token !== "string" || !token) return new StoreSession(raw, requestId, null, null, clientKey);

    const at = now();
    await sweep(at);
    const endedWith = (reason: EndReason, staff: StaffIdentity | null) => {
      const allowed =
        options.allowEnded ?? (ENDED_MAY_OPEN.includes(url.pathname) || ENDED_MAY_OPEN_PREFIX.some((p) => url.pathname.startsWith(p)));
      if (!allowed) throw redirect("/session-expired");
      return new StoreSession(createSession<Raw, { flash: Flash }>({}), requestId, null, { reason, staff, token }, clientKey);
    };

    const row = await staffSessionByTokenHash(db, sha256(token));
    if (!row) return endedWith("unknown", null);
    const staff = staffOf(row);
    if (row.ended_at) return endedWith((row.end_reason as EndReason | null) ?? "unknown", staff);
    if (row.ua_hash !== uaHash(request)) {
      // the token came from another browser: it opens nothing here (and stays valid where it belongs)
      log.warn("session token from another browser refused", { path: loggablePath(url.pathname) });
      return endedWith("elsewhere", null);
    }
    const idleCutoff = new Date(at.getTime() - idleMs);
    if (row.expires_at <= at.toISOString() || row.last_seen_at <= idleCutoff.toISOString())
      return endedWith(await expire(row, at, requestId, clientKey), staff);

    let lastSeenAt = new Date(row.last_seen_at).getTime();
    const touch = options.touch ?? !(NOT_ACTIVITY.includes(url.pathname) && request.method === "GET");
    if (touch && at.getTime() - lastSeenAt >= TOUCH_EVERY_MS) {
      if (!(await touchStaffSession(db, row.id, at, idleCutoff))) {
        const again = await staffSessionByTokenHash(db, row.token_hash);
        return endedWith(
          again?.ended_at ? ((again.end_reason as EndReason | null) ?? "unknown") : await expire(again ?? row, at, requestId, clientKey),
          staff,
        );
      }
      lastSeenAt = at.getTime();
    }
    const session = new StoreSession(createSession<Raw, { flash: Flash }>({}), requestId, null, null, clientKey);
    session.attach(
      { rowId: row.id, token, staff, lastSeenAt, expiresAt: new Date(row.expires_at).getTime() },
      createSession<Raw, { flash: Flash }>(parseData(row.data)),
    );
    return session;
  }

  async function commit(session: StoreSession) {
    const backing = session.serverBacking;
    if (backing) {
      const { sid: _sid, ...data } = session.inner.data as Raw;
      await saveStaffSessionData(db, backing.rowId, JSON.stringify(data));
      return storage.commitSession(createSession<Raw, { flash: Flash }>({ sid: backing.token }));
    }
    session.inner.unset("sid");
    return storage.commitSession(session.inner);
  }

  async function startStaff(session: StoreSession, request: Request, staff: StaffIdentity, data: SessionData) {
    const at = now();
    const token = crypto.randomBytes(32).toString("base64url");
    const rowId = await insertStaffSession(db, {
      tokenHash: sha256(token),
      actorKind: staff.kind,
      repId: staff.repId,
      groupId: staff.groupId,
      adminId: staff.adminId,
      data: JSON.stringify(data),
      uaHash: uaHash(request),
      now: at,
      expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
    });
    session.attach(
      { rowId, token, staff, lastSeenAt: at.getTime(), expiresAt: at.getTime() + SESSION_ABSOLUTE_MS },
      createSession<Raw, { flash: Flash }>({ ...data }),
    );
    await insertAuditEvent(db, {
      kind: "session.start",
      actor: auditActor({ staff, requestId: session.requestId, clientKey: session.clientKey }),
      at,
    });
  }

  async function endStaff(session: StoreSession, reason: "logout" | "not_my_site") {
    const backing = session.serverBacking;
    if (backing) {
      const at = now();
      if (await endStaffSession(db, backing.rowId, at, reason)) {
        await insertAuditEvent(db, {
          kind: "session.end",
          actor: auditActor({ staff: backing.staff, requestId: session.requestId, clientKey: session.clientKey }),
          detail: reason,
          at,
        });
      }
      session.detach();
    }
    session.clear();
  }

  async function endedSessionData(token: string) {
    const row = await staffSessionByTokenHash(db, sha256(token));
    if (!row?.ended_at || (row.end_reason !== "idle" && row.end_reason !== "absolute")) return null;
    const data = createSession<Raw, { flash: Flash }>(parseData(row.data));
    return { staff: staffOf(row), data: new StoreSession(data).all() };
  }

  const sessions = (memo: Map<string, unknown> | undefined): Sessions => ({
    storage,
    read: (request, options) => read(request, options, memo),
    commit,
    startStaff,
    endStaff,
    endedSessionData,
    idleMs,
    withMemo: sessions,
  });
  return sessions(undefined);
}
