/**
 * The store's main layout needs the "rep-authenticated" flag that a valid rep or group code,
 * a landing slug, a referral, continue-enrollment, direct-continue or a decline-reminder link
 * sets. Applicants on the default (and white-label) host are let in through the landing;
 * on partner sites the visitor goes to the access page.
 */
import { redirect } from "@remix-run/node";
import type { RequestContext } from "../platform/request-context";
import { siteOf } from "./site";

/** The session comes from the request's context (platform/request-context.ts), which the route hands over. */
export async function requireStoreAccess(ctx: RequestContext, request: Request) {
  const session = await ctx.session;
  if (session.get("repAuthenticated")) return session;
  const site = await siteOf(ctx.services, request);
  const url = new URL(request.url);
  if (site.kind === "partner") throw redirect("/access");
  throw redirect(`/?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Screens only a rep (agent home) or a group (group home) may use. The agent home is the rep's
 * own: it needs the rep verified by a code (issue 15). The group home opens with the group's
 * code (employees add themselves, view plans); its member list needs an admin (requireGroupAdmin).
 */
export async function requireRole(ctx: RequestContext, request: Request, role: "rep" | "group") {
  const session = await requireStoreAccess(ctx, request);
  const staff = session.staff;
  if (role === "rep") {
    if (staff?.kind !== "rep" || !staff.repId) throw redirect(session.get("pendingRepId") ? "/verify" : "/access");
    // a verified rep works as themselves, whatever an entry link did to the mode since
    if (session.get("eprocess") !== "rep" || session.get("agentId") !== staff.repId) {
      session.set("eprocess", "rep");
      session.set("agentId", staff.repId);
    }
    return session;
  }
  if (staff?.kind === "group_admin" && staff.groupId && (session.get("eprocess") !== "group" || session.get("groupId") !== staff.groupId)) {
    session.set("eprocess", "group");
    session.set("groupId", staff.groupId);
  }
  if (!(session.get("eprocess") === "group" && session.get("groupId"))) throw redirect("/access");
  return session;
}

/** A group's members, and enrolling for them: the group's admin, verified by a code. */
export async function requireGroupAdmin(ctx: RequestContext, request: Request) {
  const session = await requireRole(ctx, request, "group");
  const staff = session.staff;
  if (staff?.kind !== "group_admin" || !staff.groupId) throw redirect("/verify?as=admin");
  return { session, groupId: staff.groupId };
}

/** A verified rep's members and enrolling for them. */
export async function requireVerifiedRep(ctx: RequestContext, request: Request) {
  const session = await requireRole(ctx, request, "rep");
  return { session, repId: session.staff!.repId! };
}

/** Any verified rep or group admin (an enrollment's history). */
export async function requireStaff(ctx: RequestContext, request: Request) {
  const session = await requireStoreAccess(ctx, request);
  const staff = session.staff;
  if (!staff) throw redirect("/access");
  return { session, staff };
}
