/** Sites (hosts) and their configured links and images. */
import type { DB } from "../db/connection";
import { heldPerDatabase } from "../db/held";
import { referenceData } from "./reference-data";
import type { Site } from "../db/schema";

export function hostOf(request: Request) {
  const raw = request.headers.get("host") ?? new URL(request.url).host;
  return raw.toLowerCase().replace(/:\d+$/, "");
}

/** Every site, held in memory per database (db/held.ts). */
const allSites = heldPerDatabase((db: DB): Promise<Site[]> => db.selectFrom("sites").selectAll().orderBy("id").execute());

/** The site for a request's host; an unknown host is served as the default site. */
export async function siteForHost(db: DB, host: string): Promise<Site> {
  const sites = await allSites(db);
  const site = sites.find((s) => s.host === host) ?? sites.find((s) => s.kind === "default") ?? sites[0];
  if (!site) throw new Error("no site is configured: run `npm run db:seed`");
  return site;
}

/** The site's footer and admin links, in display order (reference data, held in memory). */
export async function siteLinks(db: DB, siteId: number) {
  return (await referenceData(db)).siteLinks.get(siteId) ?? [];
}

/** The site's images and other assets by key (reference data, held in memory). */
export async function siteAssets(db: DB, siteId: number): Promise<Record<string, string>> {
  return { ...(await referenceData(db)).siteAssets.get(siteId) };
}

export function findSite(db: DB, id: number) {
  return db.selectFrom("sites").selectAll().where("id", "=", id).executeTakeFirst();
}
