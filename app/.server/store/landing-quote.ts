/** The landing quote on the entry pages (/, /home, a landing slug, a referral). */
import type { Services } from "../services";
import type { StoreSession } from "../platform/session";
import type { RequestContext } from "../platform/request-context";
import { menuCategories } from "../repositories/catalog";
import { findGroup, findPortal } from "../repositories/entry";
import { submitQuote } from "./quote";
import { carriedQuote, openCarriedToken, withCarriedQuote } from "./carried-quote";
import { currentEnrollment } from "./shopping";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { needsPortalChoice } from "~/domain/session-mode";
import { portalName } from "~/domain/portal";
import type { Locale } from "~/domain/locale";
import { chooseRepPortal, repPortalOptions } from "./portal-choice";
import { redirectWithSession } from "../platform/respond";

export async function landingQuoteData(ctx: RequestContext, request: Request) {
  const { services } = ctx;
  const session = await ctx.session;
  const lng = await ctx.locale;
  const categories = await menuCategories(services.db, session.get("over65") ?? false, todayIso(services.now()));
  const enrollment = await currentEnrollment(services, session);
  // a quote under way; or what an invitation started with (issue 28: the date of birth prefilled, the ZIP when known)
  const q = enrollment?.birthdate ? enrollment : null;
  // a rep's quote carried through the portal chooser comes back as they typed it (issue 26 #8)
  const carried = q ? null : carriedQuote(services, new URL(request.url).searchParams.get("quote"));
  return {
    categories: categories.map((c) => ({ key: c.key, label: lng === "es" ? c.label_es : c.label_en })),
    defaults: carried
      ? carried
      : q
        ? {
            zip: q.zip ?? "",
            dob: isoToUsDate(q.birthdate),
            gender: q.gender,
            spouseDob: isoToUsDate(q.spouse_birthdate),
            childCount: q.child_count ?? 0,
            smoker: q.is_smoker,
            category: q.category,
          }
        : null,
  };
}

export async function landingQuoteAction(
  ctx: RequestContext,
  request: Request,
  form: FormData,
  options: { next?: (category: string | null) => string; portalChoice?: string } = {},
) {
  const session = await ctx.session;
  return submitQuote(ctx.services, request, session, form, {
    requireCategory: true,
    next: options.next ?? ((category) => (category ? `/plans?type=${encodeURIComponent(category)}` : "/plans")),
    portalChoice: options.portalChoice,
  });
}

/**
 * The landing of a rep who has neither a portal nor a group yet shows the portal chooser
 * instead of the quote (storefront §4): their portals and groups, or null for anyone else.
 */
export async function landingPortalChoice(services: Services, session: StoreSession, locale: Locale) {
  const repId = session.get("agentId");
  if (!repId || !needsPortalChoice(session.all()) || (await currentEnrollment(services, session))) return null;
  return repPortalOptions(services, repId, locale);
}

/** The landing's portal chooser posted: the rep's choice is stored, then the quote at /home. */
export async function landingPortalAction(ctx: RequestContext, form: FormData) {
  const { services } = ctx;
  const session = await ctx.session;
  const repId = session.get("agentId");
  if (!repId || !needsPortalChoice(session.all())) return redirectWithSession(services, session, "/");
  const choice = await chooseRepPortal(services, repId, session.all(), form);
  if ("error" in choice) return choice.error;
  return redirectWithSession(services, session, withCarriedQuote("/home", openCarriedToken(services, form.get("quote"))), choice.patch);
}

/** /home: whom the new enrollment is for — the session's portal, and the group for a group member. */
export async function enrollingFor(services: Services, session: StoreSession, locale: Locale) {
  const s = session.all();
  const [portal, group] = await Promise.all([
    s.portalId ? findPortal(services.db, s.portalId) : undefined,
    s.groupId && s.enrollType === "new-group-member" ? findGroup(services.db, s.groupId) : undefined,
  ]);
  return {
    portal: portal ? { name: portalName(portal, locale), code: portal.code } : null,
    group: group ? { name: group.company_name, code: group.group_code } : null,
  };
}

/** The categories a quote may be for: those with a plan for the session's age group. */
export function quoteCategories(services: Services, session: StoreSession) {
  return menuCategories(services.db, session.get("over65") ?? false, todayIso(services.now()));
}
