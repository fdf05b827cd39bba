/**
 * Entering the store through a link (a landing, a referral, a site): apply the session mode,
 * then come back to the same address once, so the whole page — header included — is drawn
 * in the new brand. `entered=1` stops the loop when cookies are off.
 */
import { redirect } from "@remix-run/node";
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { localRedirect } from "../platform/redirect";
import { applyPatch, type SessionPatch } from "~/domain/session-mode";
import { inactiveLandingSlug, inactiveReferral, landingOwnerBySlug, siteByExternalName } from "../repositories/entry";

export async function enterOnce(
  request: Request,
  services: Services,
  session: StoreSession,
  patch: SessionPatch | null,
  options: { redirect?: boolean } = {},
) {
  if (!patch) return null;
  const before = JSON.stringify(session.all());
  applyPatch(session, patch);
  if (JSON.stringify(session.all()) === before) return null;
  const url = new URL(request.url);
  const cookie = await services.sessions.commit(session);
  if (options.redirect === false || url.searchParams.get("entered") === "1") return { cookie };
  url.searchParams.set("entered", "1");
  // The address as requested, kept on this site (a path such as "//host/…" would leave it).
  throw redirect(localRedirect(url.pathname + url.search, "/"), { headers: { "Set-Cookie": cookie } });
}

/** Forget the landing state (an unknown slug, a failed lookup). */
export async function clearLanding(services: Services, session: StoreSession) {
  session.unset("landing", "referral", "referralValid", "fromSite");
  return services.sessions.commit(session);
}

/** The rep or group a landing slug belongs to (`/:landing`), or null. */
export function landingOwner(services: Services, slug: string) {
  return landingOwnerBySlug(services.db, slug);
}

/**
 * The page for a landing slug or referral code an operator has deactivated: 410 Gone, which the
 * error page words as "This link is no longer active" (a code typed at /access says so beside the field).
 */
function gone(cookie: string) {
  return new Response("Gone", { status: 410, statusText: "gone", headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/** Throws the 410 page when `slug` is a deactivated rep's or group's landing; the landing state is forgotten. */
export async function refuseInactiveLanding(services: Services, session: StoreSession, slug: string) {
  if (await inactiveLandingSlug(services.db, slug)) throw gone(await clearLanding(services, session));
}

/** Throws the 410 page when `code` is a deactivated referral; the landing state is forgotten. */
export async function refuseInactiveReferral(services: Services, session: StoreSession, code: string) {
  if (code && (await inactiveReferral(services.db, code))) throw gone(await clearLanding(services, session));
}

/** `/external?site=…`: the site named by its host or the host's first label. */
export function externalSite(services: Services, name: string) {
  return siteByExternalName(services.db, name);
}
