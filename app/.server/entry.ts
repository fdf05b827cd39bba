/**
 * Entering the store through a link (a landing, a referral, a site): apply the session mode,
 * then come back to the same address once, so the whole page — header included — is drawn
 * in the new brand. `entered=1` stops the loop when cookies are off.
 */
import { redirect } from "@remix-run/node";
import type { Services } from "./services";
import type { StoreSession } from "./session";
import { applyPatch, type SessionPatch } from "~/domain/session-mode";

export async function enterOnce(request: Request, services: Services, session: StoreSession, patch: SessionPatch | null, options: { redirect?: boolean } = {}) {
  if (!patch) return null;
  const before = JSON.stringify(session.all());
  applyPatch(session, patch);
  if (JSON.stringify(session.all()) === before) return null;
  const url = new URL(request.url);
  const cookie = await services.sessions.commit(session);
  if (options.redirect === false || url.searchParams.get("entered") === "1") return { cookie };
  url.searchParams.set("entered", "1");
  throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": cookie } });
}

/** Forget the landing state (an unknown slug, a failed lookup). */
export async function clearLanding(services: Services, session: StoreSession) {
  session.unset("landing", "referral", "referralValid", "fromSite");
  return services.sessions.commit(session);
}
