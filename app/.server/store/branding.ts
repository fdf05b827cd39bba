/** Whose brand an entry page shows: the session's group or rep on this site, or a landing's owner. */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { Site } from "../db/schema";
import { brandingFor, groupBranding, repBranding, type Branding } from "../repositories/branding";

export type { Branding };

/** The brand for whoever the session shops under (the group, else the rep, else the site). */
export function sessionBranding(services: Services, session: StoreSession, site: Site, locale: string): Promise<Branding> {
  const s = session.all();
  return brandingFor(services.db, { groupId: s.groupId, agentId: s.agentId, enrollType: s.enrollType }, site, locale);
}

/** A landing slug's owner's brand; null when the rep or group is no longer active. */
export function landingBranding(
  services: Services,
  owner: { kind: "rep" | "group"; id: number },
  locale: string,
): Promise<Branding | null> {
  return owner.kind === "rep" ? repBranding(services.db, owner.id, locale) : groupBranding(services.db, owner.id, locale);
}

/** /groups-home: the brand of the group the session shops under, if there is one. */
export async function sessionGroupBranding(services: Services, session: StoreSession, locale: string): Promise<Branding | null> {
  const groupId = session.get("groupId");
  return groupId ? groupBranding(services.db, groupId, locale) : null;
}
