/** Featured plans on the landing; if reading them fails the section is simply not shown. */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { browsablePlans, planText } from "../repositories/catalog";
import { catalogToday } from "./shopping";
import { planHref } from "./plan-cards";
import { safeUrl } from "../repositories/branding";
import { sanitizeHtml } from "~/utils/sanitize";

export async function featuredCards(services: Services, session: StoreSession, locale: string) {
  try {
    const catalog = await catalogToday(services);
    return browsablePlans(catalog, session.get("over65") ?? false)
      .filter((p) => p.is_featured === 1)
      .slice(0, 6)
      .map((p) => {
        const text = planText(p, locale);
        return {
          id: p.id,
          name: text?.name ?? p.code,
          href: planHref(p),
          logoUrl: safeUrl(p.logo_url),
          shortHtml: sanitizeHtml(text?.short_text),
          callout: text?.callout_text ?? null,
        };
      });
  } catch (error) {
    services.log.warn("featured plans unavailable", { reason: error instanceof Error ? error.message : "unknown" });
    return [];
  }
}
