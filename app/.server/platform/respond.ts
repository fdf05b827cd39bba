/** Small helpers for route modules: commit the session and redirect (Post/Redirect/Get). */
import { redirect } from "@remix-run/node";
import type { Services } from "../services";
import type { StoreSession } from "./session";
import { applyPatch, type SessionPatch } from "~/domain/session-mode";
import { SealedValueError } from "./crypto";

export async function sessionHeaders(services: Services, session: StoreSession, headers = new Headers()) {
  headers.append("Set-Cookie", await services.sessions.commit(session));
  return headers;
}

/**
 * Headers that set `cookies` and a new CSRF token: for the response to a sign-in or a sign-out.
 * Who this browser is has changed, so a token planted in it or read from a page shown before is
 * worthless after (OWASP: renew anti-forgery tokens at a privilege change; ADR 001 addendum).
 */
export async function withRenewedCsrf(services: Pick<Services, "csrf">, ...cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  const [, renewed] = await services.csrf.commitToken(new Headers());
  if (renewed) headers.append("Set-Cookie", renewed);
  return headers;
}

export async function redirectWithSession(services: Services, session: StoreSession, to: string, patch?: SessionPatch | null) {
  if (patch) applyPatch(session, patch);
  return redirect(to, { headers: await sessionHeaders(services, session) });
}

/** A client id for throttling: a keyed hash of the address, never the address itself. */
export { clientKey } from "./client-key";

/**
 * Opens a sealed value for a page. When none of the configured keys opens it (the server was
 * restarted with another ENCRYPTION_KEY, or the old key was dropped from ENCRYPTION_KEYS before
 * scripts/rotate-keys.ts ran), the page answers 409 "sealed": a clear page saying this saved
 * enrollment can no longer be opened, with a way to start a new one — never a 500.
 */
export function openSealed<T>(services: Pick<Services, "log">, open: () => T, where: Record<string, string | number>): T {
  try {
    return open();
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    services.log.error("sealed value could not be opened with any configured key", where);
    throw new Response("sealed", { status: 409, statusText: "sealed" });
  }
}
