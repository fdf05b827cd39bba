/**
 * The plans page kept as a rendered document and shared by every visitor who would be shown the
 * same page (ADR 014). The key holds, as values, everything the page is rendered from:
 *
 *   - the request: the path and its only allowed parameter (`type`), the host and the site it
 *     is served as, the language;
 *   - every session value except the enrollment's id, which is replaced by what the page reads
 *     through it: the enrollment's row (every column but its id and timestamps), its cart lines
 *     (plan, price, amount, removable, pairing by position) and its plan-question outcomes;
 *   - what is global: the catalog as read (the generation: a new catalog starts an empty
 *     cache), the version of the recommendation data (every cart and purchase moves it) and
 *     the day (ages and coverage dates move with it).
 *
 * A current member's active plans (shown as "Your current plan", issue 26 #8) are in it too: the
 * enrollment row carries the member's id, and every write to policy_plans moves the
 * recommendation version (migration 012's triggers), so a plan that starts or ends is a new key.
 *
 * A visitor's own identifiers never enter the key, so two visitors share a page only when every
 * one of those values is the same, and then the page is the same. What differs per response
 * (CSP nonce, request id, CSRF token) is a hole filled per response. A request the key cannot
 * vouch for is not served from the cache: a verified staff session (it has an idle limit and its
 * timeout warning), a flash message to show, a visitor without a CSRF cookie yet (the page sets
 * one), any other query parameter, an enrollment that is gone or closed.
 */
import crypto from "node:crypto";
import type { Services } from "../services";
import { contextFor } from "../platform/request-context";
import { DocumentCache, type PageCapture } from "../platform/document-cache";
import { gzipFilled, plainFilled, spliceTemplate } from "../platform/spliced-gzip";
import { hostOf } from "./site";
import { siteForHost } from "../repositories/sites";
import { plansPageReads } from "../repositories/plans-page-reads";
import { catalogFor, isQuoted, OPEN_STATUSES } from "./shopping";
import { holdsEnrollment } from "~/domain/session";

/** Bumped when the page's inputs change shape: old keys then miss. */
const KEY_VERSION = 2;
/** Columns that identify a row or say when it was written: never read by the page. */
const ROW_IDENTITY = new Set(["id", "created_at", "updated_at"]);

export interface PlansPageInputs {
  /** the cache key: a SHA-256 of the inputs */
  key: string;
  /** the catalog the page is priced from: entries live within it */
  generation: object;
  /** the visitor's CSRF token (a hole of the page) */
  csrf: string;
}

/** The one cache of plans pages of this process. */
export const plansPageCache = new DocumentCache();

function rowValues(row: Record<string, unknown>) {
  return Object.keys(row)
    .filter((k) => !ROW_IDENTITY.has(k))
    .sort()
    .map((k) => [k, row[k]]);
}

/**
 * The inputs of GET /plans[?type=…] for this request, or null when the page cannot be served
 * from a cache for it. Reads what the page's loaders read, without writing anything. It runs in
 * server.ts before Remix (no load context yet): the request's context is built here, its session
 * read as a peek (not the visitor's activity; the holder is checked below against the row read).
 */
export async function plansPageInputs(services: Services, request: Request): Promise<PlansPageInputs | null> {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname !== "/plans") return null;
  const params = [...url.searchParams.keys()];
  if (params.length > 1 || (params.length === 1 && params[0] !== "type")) return null;
  const type = url.searchParams.get("type");

  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader) return null;
  const ctx = contextFor(services, request, { read: { touch: false, holderCheckedByCaller: true } });
  let session;
  try {
    session = await ctx.session;
  } catch {
    return null;
  }
  if (session.staff || session.ended || session.inner.has("sid") || session.inner.has("flash")) return null;
  const [csrf, newCookie] = await services.csrf.commitToken(request);
  if (newCookie || typeof csrf !== "string" || !csrf) return null;

  const values: Record<string, unknown> = { ...session.all() };
  const enrollmentId = values.tempId;
  delete values.tempId;
  const db = services.db;
  const host = hostOf(request);
  const [site, locale, { recommendationVersion, enrollment, lines, answers }] = await Promise.all([
    siteForHost(db, host),
    ctx.locale,
    plansPageReads(db, services.dialect, typeof enrollmentId === "number" ? enrollmentId : null),
  ]);
  if (typeof enrollmentId === "number" && (!enrollment || !OPEN_STATUSES.has(enrollment.status))) return null;
  // an enrollment another browser has resumed since: the page is rendered, where the session's read drops it (issue 23)
  if (enrollment && !holdsEnrollment(session.get("holder"), enrollment.holder)) return null;
  // the catalog version in force on the coverage's effective date prices the page (ADR 022)
  const catalog = await catalogFor(services, isQuoted(enrollment) ? enrollment : null);

  const position = new Map(lines.map((l, i) => [l.id, i]));
  const inputs = [
    KEY_VERSION,
    url.pathname,
    type,
    host,
    site.id,
    locale,
    services.now().toISOString().slice(0, 10),
    catalog.version.id,
    recommendationVersion,
    Object.keys(values)
      .sort()
      .map((k) => [k, values[k]]),
    enrollment ? rowValues(enrollment as unknown as Record<string, unknown>) : null,
    lines.map((l) => [
      l.plan_id,
      l.plan_price_id,
      l.price_cents,
      l.removable,
      l.paired_line_id === null ? null : (position.get(l.paired_line_id) ?? -1),
    ]),
    answers.map((a) => [a.plan_id, a.kind, a.outcome_enc]),
  ];
  const key = crypto.createHash("sha256").update(JSON.stringify(inputs)).digest("base64url");
  return { key, generation: catalog, csrf };
}

export type CachedPageAnswer =
  | { kind: "hit"; body: Buffer; encoding: "gzip" | null; headers: Readonly<Record<string, string>> }
  | { kind: "miss"; capture: PageCapture }
  | { kind: "bypass" };

/**
 * GET /plans from the cache when its inputs were rendered before; otherwise a capture for the
 * render about to happen. `fresh`: the browser asked for a fresh copy (a reload with
 * Cache-Control: no-cache): it is rendered, and kept for the next visitor.
 */
export async function plansPageFromCache(
  services: Services,
  request: Request,
  response: { nonce: string; requestId: string; gzip: boolean; fresh: boolean },
  cache: DocumentCache = plansPageCache,
): Promise<CachedPageAnswer> {
  const inputs = await plansPageInputs(services, request);
  if (!inputs) return { kind: "bypass" };
  const values = [response.nonce, response.requestId, inputs.csrf];
  const hit = response.fresh ? undefined : cache.get(inputs.generation, inputs.key);
  if (hit) {
    const body = response.gzip ? gzipFilled(hit.template, values) : plainFilled(hit.template, values);
    return { kind: "hit", body, encoding: response.gzip ? "gzip" : null, headers: hit.headers };
  }
  // A reload of a page that is kept: rendered all the same; the render replaces the entry only if it differs.
  const kept = response.fresh ? cache.peek(inputs.generation, inputs.key) : undefined;
  const capture: PageCapture = {
    offer(body, status, headers) {
      // Only a plain page: a redirect, an error or a page that sets a cookie is its request's own.
      if (status !== 200 || headers.has("Set-Cookie")) return;
      // The same page as the one kept (with this response's values in its holes): nothing to redo —
      // no second key, no second compression of the page (issue 24: a reload paid for both).
      if (kept && plainFilled(kept.template, values).equals(body)) return;
      const html = body.toString("utf8");
      // Every value a response fills in must be in the page where this render put it.
      if (!html.includes(response.nonce)) return;
      const language = headers.get("Content-Language");
      void plansPageInputs(services, request)
        .then((after) => {
          // Kept only if nothing the page depends on changed while it was rendered.
          if (!after || after.key !== inputs.key || after.generation !== inputs.generation) return;
          const template = spliceTemplate(html, values);
          if (template) cache.set(inputs.generation, inputs.key, template, language ? { "Content-Language": language } : {});
        })
        .catch((error: unknown) =>
          services.log.warn("plans page not kept", { reason: error instanceof Error ? error.message : String(error) }),
        );
    },
  };
  return { kind: "miss", capture };
}
