/** Sites (hosts) and their configured links and images. */
import type { DB } from "../db/connection";
import type { Site } from "../db/schema";

export function hostOf(request: Request) {
  const raw = request.headers.get("host") ?? new URL(request.url).host;
  return raw.toLowerCase().replace(/:\d+$/, "");
}

const cache = new WeakMap<DB, { at: number; sites: Site[] }>();
const TTL_MS = 60_000;

async function allSites(db: DB, now = Date.now()) {
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS) return hit.sites;
  const sites = await db.selectFrom("sites").selectAll().orderBy("id").execute();
  cache.set(db, { at: now, sites });
  return sites;
}

/** The site for a request's host; an unknown host is served as the default site. */
export async function siteForHost(db: DB, host: string): Promise<Site> {
  const sites = await allSites(db);
  const site = sites.find((s) => s.host === host) ?? sites.find((s) => s.kind === "default") ?? sites[0];
  if (!site) throw new Error("no site is configured: run `npm run db:seed`");
  return site;
}

export async function siteLinks(db: DB, siteId: number) {
  return db
    .selectFrom("site_links")
    .select(["id", "kind", "label_en", "label_es", "url"])
    .where("site_id", "=", siteId)
    .orderBy("sort_order")
    .execute();
}

export async function siteAssets(db: DB, siteId: number): Promise<Record<string, string>> {
  const rows = await db.selectFrom("site_assets").select(["key", "value"]).where("site_id", "=", siteId).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export function findSite(db: DB, id: number) {
  return db.selectFrom("sites").selectAll().where("id", "=", id).executeTakeFirst();
}
