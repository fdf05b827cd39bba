/** The rep's home (/agent-home) and the group's home (/group-home), once their code was confirmed. */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { findGroup, findRep } from "../repositories/entry";
import { choosableGroups, choosablePortals } from "./portal-choice";
import { groupQuoteUrl, siteOf } from "./site";

/** The rep with the portals and groups they may enroll under; null when the rep is gone. */
export async function loadAgentHome(services: Services, repId: number) {
  const [rep, portals, groups] = await Promise.all([
    findRep(services.db, repId),
    choosablePortals(services, repId),
    choosableGroups(services, repId),
  ]);
  return rep ? { rep, portals, groups } : null;
}

/** The session's group (requireRole "group" has checked there is one), if still active. */
export function homeGroup(services: Services, session: StoreSession) {
  return findGroup(services.db, session.get("groupId")!);
}

/** The group, its Get Group Quote address, and the portals to choose from when it has none of its own. */
export async function loadGroupHome(services: Services, request: Request, session: StoreSession) {
  const group = await homeGroup(services, session);
  if (!group) return null;
  const site = await siteOf(services, request);
  const portals = group.portal_id ? [] : await choosablePortals(services, group.rep_id);
  return { group, groupQuoteUrl: groupQuoteUrl(site, group), portals };
}
