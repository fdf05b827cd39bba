/**
 * What every page shows around its content: the site, whose brand, the menu, the cart
 * summary and the one-time flash message. Read once per document by the root loader.
 */
import type { Services } from "../services";
import { SESSION_WARNING_SECONDS, type StoreSession } from "../platform/session";
import { siteLinks } from "../repositories/sites";
import { siteOf } from "./site";
import { brandingFor } from "../repositories/branding";
import { menuCategories } from "../repositories/catalog";
import { safeUrl } from "../repositories/branding";
import { isLocale, type Locale } from "~/i18n";
import { homeTarget } from "~/domain/home-target";
import { recommendations } from "./recommended";
import { quoteFacts } from "./shopping";
import { todayIso } from "~/domain/dates";
import type { ShellData } from "~/views/shell";
import type { RequestContext } from "../platform/request-context";
import { resources } from "../platform/i18n";
import { cartLinesOnce, enrollmentOnce } from "./page-reads";

export type { ShellData } from "~/views/shell";

/** What the page's JavaScript needs to warn before a verified session's idle limit (WCAG 2.2.1). */
function staffSessionLimits(services: Services, session: StoreSession) {
  const limits = session.limits(services.now(), services.sessions.idleMs);
  return limits ? { ...limits, warningSeconds: SESSION_WARNING_SECONDS } : null;
}

/** `ctx`: the request's context (its session and language), handed by the root loader. */
export async function loadShell(ctx: RequestContext, request: Request): Promise<{ data: ShellData; headers: Headers }> {
  const { services } = ctx;
  const { db } = services;
  const session = await ctx.session;
  const url = new URL(request.url);
  const locale: Locale = await ctx.locale;
  const site = await siteOf(services, request);
  const s = session.all();

  const [branding, links, menu, cart] = await Promise.all([
    brandingFor(db, { groupId: s.groupId, agentId: s.agentId, enrollType: s.enrollType }, site, locale),
    siteLinks(db, site.id),
    menuCategories(db, s.over65 ?? false, todayIso(services.now())),
    s.tempId ? cartLinesOnce(services, s.tempId).then(cartSummary) : { count: 0, amountCents: 0 },
  ]);
  const flash = session.takeFlash();
  const showRecommended =
    cart.count > 0 && s.eprocess !== "group" && s.tempId ? await hasRecommendations(services, s.tempId, s.over65 ?? false) : false;
  let [csrfToken, csrfCookie] = await services.csrf.commitToken(request);
  // An empty (or garbled-to-empty) __csrf cookie reads as the token "": every form would render
  // without one (and the page answer 500). Such a visitor gets a fresh token, like a new one.
  if (!csrfToken) [csrfToken, csrfCookie] = await services.csrf.commitToken(new Headers());

  const headers = new Headers();
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  if (flash) headers.append("Set-Cookie", await services.sessions.commit(session));
  // ?lng= switches the language for this and later pages.
  const lngParam = url.searchParams.get("lng");
  if (isLocale(lngParam)) headers.append("Set-Cookie", await services.languageCookie.serialize(lngParam));

  const label = (en: string, es: string) => (locale === "es" ? es : en);
  return {
    data: {
      locale,
      csrf: csrfToken,
      site: {
        kind: site.kind,
        isDefault: site.kind === "default",
        name: site.name,
        supportPhone: site.support_phone,
        supportEmail: site.support_email,
        showAndroidLink: site.show_android_link === 1,
        iosAppUrl: safeUrl(site.ios_app_url),
        androidAppUrl: safeUrl(site.android_app_url),
        howToVideoUrl: safeUrl(site.how_to_video_url),
        supportRequestUrl: safeUrl(site.support_request_url),
      },
      branding,
      footerLinks: links
        .filter((l) => l.kind === "footer")
        .map((l) => ({ id: l.id, label: label(l.label_en, l.label_es), url: safeUrl(l.url) ?? "#" })),
      adminLinks:
        site.kind === "default"
          ? []
          : links
              .filter((l) => l.kind === "admin")
              .map((l) => ({ id: l.id, label: label(l.label_en, l.label_es), url: safeUrl(l.url) ?? "#" })),
      menu: menu.map((c) => ({ key: c.key, label: label(c.label_en, c.label_es), icon: c.icon })),
      cart,
      showRecommended,
      flash: flash ?? null,
      homeHref: homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess, siteKind: site.kind }),
      mode: {
        eprocess: s.eprocess ?? null,
        openType: s.openType ?? null,
        enrollType: s.enrollType ?? null,
        over65: s.over65 ?? false,
        repAuthenticated: s.repAuthenticated ?? false,
      },
      titles: resources[locale].common.pageTitle,
      description: resources[locale].common.meta.description,
      staffSession: staffSessionLimits(services, session),
    },
    headers,
  };
}

/** The header's cart badge: how many plans, and their monthly total (the page reads the lines anyway). */
function cartSummary(lines: { price_cents: number }[]) {
  return { count: lines.length, amountCents: lines.reduce((sum, l) => sum + Number(l.price_cents), 0) };
}

/** The header's 'View Your Recommended Products' shows only when there is something to show. */
async function hasRecommendations(services: Services, enrollmentId: number, over65: boolean) {
  const e = await enrollmentOnce(services, enrollmentId);
  if (!e) return false;
  // The same question the recommendation list and the plans page ask (their facts, priced on
  // the coverage date), so a page that shows both asks it once.
  const facts = await quoteFacts(services, e);
  const picks = await recommendations(services, {
    enrollment: e,
    state: facts.state,
    tier: facts.tier,
    age: facts.age,
    gender: facts.gender,
    over65,
    planId: null,
    limit: 5,
  });
  return picks.length > 0;
}
