/** Small helpers for route modules: commit the session and redirect (Post/Redirect/Get). */
import { redirect } from "@remix-run/node";
import type { Services } from "./services";
import type { StoreSession } from "./session";
import { applyPatch, type SessionPatch } from "~/domain/session-mode";

export async function sessionHeaders(services: Services, session: StoreSession, headers = new Headers()) {
  headers.append("Set-Cookie", await services.sessions.commit(session));
  return headers;
}

export async function redirectWithSession(services: Services, session: StoreSession, to: string, patch?: SessionPatch | null) {
  if (patch) applyPatch(session, patch);
  return redirect(to, { headers: await sessionHeaders(services, session) });
}

/** A client id for throttling: a keyed hash of the address, never the address itself. */
export function clientKey(services: Services, clientIp: string | undefined) {
  return services.cipher.hash(`ip:${clientIp ?? "unknown"}`).slice(0, 24);
}
