/**
 * The store's main layout needs the "rep-authenticated" flag that a valid rep or group code,
 * a landing slug, a referral, continue-enrollment, direct-continue or a decline-reminder link
 * sets. Applicants on the default (and white-label) host are let in through the landing;
 * on partner sites the visitor goes to the access page.
 */
import { redirect } from "@remix-run/node";
import type { Services } from "./services";
import { hostOf, siteForHost } from "./repositories/sites";

export async function requireStoreAccess(request: Request, services: Services) {
  const session = await services.sessions.read(request);
  if (session.get("repAuthenticated")) return session;
  const site = await siteForHost(services.db, hostOf(request));
  const url = new URL(request.url);
  if (site.kind === "partner") throw redirect("/access");
  throw redirect(`/?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Screens only a rep (agent home) or a group (group home) may use. */
export async function requireRole(request: Request, services: Services, role: "rep" | "group") {
  const session = await requireStoreAccess(request, services);
  const ok = role === "rep" ? session.get("eprocess") === "rep" && session.get("agentId") : session.get("eprocess") === "group" && session.get("groupId");
  if (!ok) throw redirect("/access");
  return session;
}
