/**
 * Featured plans on the landing: only plans this visitor can buy (issue 26 #8) — an over-65
 * shopper is never shown a plan whose ages stop before 65, and a quoted visitor only plans their
 * quote lists. If reading them fails the section is simply not shown.
 */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import { browsablePlans, planText } from "../repositories/catalog";
import { catalogFor, currentEnrollment, isQuoted, quoteFacts } from "./shopping";
import { listedFor, planHref } from "./plan-cards";
import { safeUrl } from "../repositories/branding";
import { sanitizeHtml } from "~/utils/sanitize";

export async function featuredCards(services: Services, session: StoreSession, locale: string) {
  try {
    const enrollment = await currentEnrollment(services, session);
    const [catalog, facts] = await Promise.all([
      catalogFor(services, enrollment),
      isQuoted(enrollment) ? quoteFacts(services, enrollment) : null,
    ]);
    const over65 = session.get("over65") ?? false;
    return browsablePlans(catalog, over65)
      .filter((p) => p.is_featured === 1 && (!over65 || p.age_max >= 65) && listedFor(catalog, p, facts))
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
