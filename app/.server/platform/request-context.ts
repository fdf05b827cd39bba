/**
 * One request's context, built once (issue 25): the services the request sees, its session (the
 * cookie read once), its language, the client's address, the request id and the memo of its reads.
 * Loaders and actions take it with `requestContext(args)` instead of reading the session and the
 * language for themselves.
 *
 * Built once per request: Remix makes one load context per HTTP request (server.ts
 * getLoadContext) and hands it to the action and then to every matched loader, so the context is
 * kept against that object. A document POST (JavaScript off) runs the action and then the loaders
 * with the same load context but a copy of the request; they get the same session object, so what
 * the action put in it (and committed) is what the page's loaders see. The context is rebuilt when
 * the load context is reused for another request (tests do that): the request id, the cookie or
 * the URL differ.
 *
 * The session is read lazily (a route that never asks does not read the cookie) with the default
 * options; a page that reads it otherwise (the session-expired page, the keep-alive check) calls
 * services.sessions.read itself. Commit as before: `services.sessions.commit(await ctx.session)`.
 *
 * This module is the one place under app/.server that reads the store's session from a request:
 * a use case (guard, landing quote, shell, plans listing, shopping) takes the context its route
 * hands it (tests/request-context.test.ts). The plans page's cache runs in server.ts before
 * Remix, with no load context: it builds its own with `contextFor`, reading the session as a peek
 * (not counted as activity, the holder checked by the cache key).
 *
 * The memo mechanisms, and why there are four (none can be merged without risk):
 * - platform/memo.ts `once`: the one memo primitive (a read kept per request while no write has
 *   run since, db/writes.ts). A module apart because the session (platform/session.ts, built into
 *   Services) uses it for its holder check; putting it in request-memo.ts would make session.ts
 *   import a module that imports Services, a loop.
 * - platform/request-memo.ts `forRequest`/`withReadMemo`: decides WHEN a request has a memo (GET
 *   and HEAD only; an action that asks for it explicitly) and binds the sessions to it. This is
 *   `memo` below.
 * - store/enrollment-rows.ts `enrollmentRowsOnce`: not a mechanism, one named key of `once` (the
 *   visitor's enrollment with its rows) shared by the session's holder check and the page reads.
 * - platform/i18n-memo.ts: a different lifetime — translations memoised per server (not per
 *   request), dropped when the resources change; it holds no request data.
 */
import type { AppLoadContext } from "@remix-run/node";
import { localeOf, type Locale } from "~/domain/locale";
import type { Services } from "../services";
import type { MemoScope } from "./memo";
import type { ReadOptions, StoreSession } from "./session";

export interface RequestContext {
  services: Services;
  /** the visitor's session, read once for the request (the same object for the action and the loaders) */
  readonly session: Promise<StoreSession>;
  /** the page's language, detected once */
  readonly locale: Promise<Locale>;
  /** the client's address as Express sees it (throttling only; never logged or stored) */
  clientIp: string | undefined;
  requestId: string;
  /** the memo of this request's reads (empty scope when the request writes: platform/request-memo.ts) */
  memo: MemoScope;
}

interface Kept {
  identity: string;
  context: RequestContext;
}

const kept = new WeakMap<AppLoadContext, Kept>();

/** What tells one request from another sharing a load context: its id, its cookie, its URL. */
const identityOf = (request: Request) =>
  [request.headers.get("x-request-id") ?? "", request.headers.get("cookie") ?? "", request.url].join("\u0000");

/** This request's context (built on first use, then the same for every loader and the action). */
export function requestContext(args: { request: Request; context: AppLoadContext }): RequestContext {
  const { request, context } = args;
  const identity = identityOf(request);
  const hit = kept.get(context);
  if (hit && hit.identity === identity) return hit.context;
  const built = contextFor(context.services, request, { clientIp: context.clientIp, requestId: context.requestId });
  kept.set(context, { identity, context: built });
  return built;
}

/**
 * This request's context with its reads memoised (an action that asks for it: withReadMemo,
 * platform/request-memo.ts): the session is read through `reads`, so the rows its holder check
 * reads are read once for the action (a wizard step's action, ADR 016). Call it before anything
 * reads the session; it takes the place of the context for the rest of the request.
 */
export function requestContextWithReads(args: { request: Request; context: AppLoadContext }, reads: Services): RequestContext {
  const { request, context } = args;
  const built = contextFor(reads, request, { clientIp: context.clientIp, requestId: context.requestId });
  kept.set(context, { identity: identityOf(request), context: built });
  return built;
}

/**
 * A context for a request outside Remix's loaders (the plans page's cache in server.ts, which
 * runs before Remix and has no load context): the same lazy session and language. `read`: how
 * the session is read (the cache key peeks: no activity, its holder checked by the caller).
 */
export function contextFor(
  services: Services,
  request: Request,
  options: { clientIp?: string; requestId?: string; read?: ReadOptions } = {},
): RequestContext {
  let session: Promise<StoreSession> | undefined;
  let locale: Promise<Locale> | undefined;
  return {
    services,
    get session() {
      return (session ??= options.read ? services.sessions.read(request, options.read) : services.sessions.read(request));
    },
    get locale() {
      return (locale ??= services.i18n.getLocale(request).then(localeOf));
    },
    clientIp: options.clientIp,
    requestId: options.requestId ?? request.headers.get("x-request-id") ?? "",
    memo: services,
  };
}
