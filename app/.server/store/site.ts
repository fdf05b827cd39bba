/**
 * The site a request is served as (by its host), and what the pages read from it directly:
 * its footer links and its group quote address.
 */
import type { Services } from "../services";
import type { Site } from "../db/schema";
import { hostOf, siteForHost, siteLinks } from "../repositories/sites";
import { safeUrl } from "../repositories/branding";

export { hostOf };

/** The site for the request's host; an unknown host is served as the default site. */
export function siteOf(services: Services, request: Request): Promise<Site> {
  return siteForHost(services.db, hostOf(request));
}

/** The site's footer links in the visitor's language (only safe addresses reach an href). */
export async function siteFooterLinks(services: Services, site: Pick<Site, "id">, locale: string) {
  const links = await siteLinks(services.db, site.id);
  return links
    .filter((l) => l.kind === "footer")
    .map((l) => ({ id: l.id, label: locale === "es" ? l.label_es : l.label_en, url: safeUrl(l.url) ?? "#" }));
}

/** Get Group Quote: the group's own address when it has one, else the site's. */
export function groupQuoteUrl(site: Pick<Site, "group_quote_url">, group?: { group_quote_url: string | null }) {
  return safeUrl(group?.group_quote_url ?? site.group_quote_url);
}
