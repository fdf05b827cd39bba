/** Whose brand a visitor sees: the group during a group enrollment, else the rep, else the site. */
import type { DB } from "../db/connection";
import type { Site } from "../db/schema";
import type { Branding } from "~/views/branding";

export type { Branding } from "~/views/branding";

const HEX = /^#[0-9a-fA-F]{6}$/;
const safeColor = (c: string | null) => (c && HEX.test(c) ? c : null);
/** Only local paths or https URLs reach an href or src. */
export function safeUrl(u: string | null | undefined): string | null {
  if (!u) return null;
  // a path on this site; never //host, nor /\host or any backslash, which browsers read as //host
  if (/^\/(?![/\\])[^\\]*$/.test(u)) return u;
  if (u.startsWith("/")) return null;
  try {
    const url = new URL(u);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function groupBranding(db: DB, groupId: number, locale: string): Promise<Branding | null> {
  const g = await db.selectFrom("groups").selectAll().where("id", "=", groupId).where("active", "=", 1).executeTakeFirst();
  if (!g) return null;
  const es = locale === "es";
  return {
    kind: "group",
    id: g.id,
    name: g.company_name,
    logoUrl: safeUrl(g.logo_url),
    bannerImageUrl: safeUrl(g.banner_image_url),
    bannerLink: safeUrl(g.banner_link),
    phone: g.display_phone ?? "",
    email: g.display_email ?? "",
    tagline: (es ? g.tagline_es : g.tagline_en) ?? g.tagline_en,
    about: (es ? g.about_es : g.about_en) ?? g.about_en,
    brandColor: safeColor(g.brand_color),
    address: g.address1 && g.city && g.state && g.zip ? { address1: g.address1, city: g.city, state: g.state, zip: g.zip } : null,
  };
}

export async function repBranding(db: DB, repId: number, locale: string): Promise<Branding | null> {
  const r = await db.selectFrom("reps").selectAll().where("id", "=", repId).where("active", "=", 1).executeTakeFirst();
  if (!r) return null;
  const es = locale === "es";
  return {
    kind: "rep",
    id: r.id,
    name: r.display_name ?? `${r.first_name} ${r.last_name}`,
    logoUrl: safeUrl(r.logo_url),
    bannerImageUrl: safeUrl(r.banner_image_url),
    bannerLink: safeUrl(r.banner_link),
    phone: r.display_phone ?? r.phone,
    email: r.display_email ?? r.email,
    tagline: (es ? r.tagline_es : r.tagline_en) ?? r.tagline_en,
    about: (es ? r.bio_es : r.bio_en) ?? r.bio_en,
    brandColor: safeColor(r.brand_color),
    address: null,
  };
}

export function siteBranding(site: Site): Branding {
  return {
    kind: "site",
    id: null,
    name: site.name,
    logoUrl: safeUrl(site.logo_url),
    bannerImageUrl: null,
    bannerLink: null,
    phone: site.support_phone,
    email: site.support_email,
    tagline: null,
    about: null,
    brandColor: safeColor(site.brand_color),
    address: null,
  };
}

export async function brandingFor(
  db: DB,
  who: { groupId?: number; agentId?: number; enrollType?: string },
  site: Site,
  locale: string,
): Promise<Branding> {
  if (who.groupId && who.enrollType !== "new-member") {
    const g = await groupBranding(db, who.groupId, locale);
    if (g) return g;
  }
  if (who.agentId) {
    const r = await repBranding(db, who.agentId, locale);
    if (r) return r;
  }
  if (site.group_id) {
    const g = await groupBranding(db, site.group_id, locale);
    if (g) return { ...g, brandColor: g.brandColor ?? safeColor(site.brand_color) };
  }
  return siteBranding(site);
}
