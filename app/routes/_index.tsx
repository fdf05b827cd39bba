import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirect } from "remix-utils/safe-redirect";
import { hostOf, siteForHost } from "~/.server/repositories/sites";
import { brandingFor } from "~/.server/repositories/branding";
import { enterOnce } from "~/.server/entry";
import { enterSite } from "~/domain/session-mode";
import { homeTarget } from "~/domain/home-target";
import { Landing } from "~/components/Landing";
import { QuoteForm } from "~/components/QuoteForm";
import { landingQuoteAction, landingQuoteData } from "~/.server/landing-quote";
import { readForm } from "~/.server/request";
import { featuredCards } from "~/.server/featured";
import { FeaturedPlans } from "~/components/FeaturedPlans";

export const meta: MetaFunction = () => [{ title: "Benefit Store" }];

/**
 * `/`: the default host's landing lets applicants in; the white-label host is its group's
 * home; partner sites send visitors without a code to the access page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { db } = services;
  const site = await siteForHost(db, hostOf(request));
  const session = await services.sessions.read(request);
  const url = new URL(request.url);
  let cookie: string | undefined;
  if (site.kind === "partner") {
    const s = session.all();
    if (!s.repAuthenticated) throw redirect("/access");
    const target = homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess, siteKind: site.kind });
    if (target !== "/") throw redirect(target);
  } else {
    const patch = enterSite(session.all(), { kind: site.kind, repId: site.rep_id, groupId: site.group_id, portalId: site.portal_id });
    // The site's own brand is already what the header shows, so no round trip is needed here.
    cookie = (await enterOnce(request, services, session, patch, { redirect: false }))?.cookie;
    const next = url.searchParams.get("next");
    if (next) throw redirect(safeRedirect(next, "/"), cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
  }
  const s = session.all();
  const locale = await services.i18n.getLocale(request);
  const branding = await brandingFor(db, { groupId: s.groupId, agentId: s.agentId, enrollType: s.enrollType }, site, locale);
  const [quote, featured] = await Promise.all([landingQuoteData(services, request), featuredCards(services, session, locale)]);
  return json({ branding, siteKind: site.kind, quote, featured }, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(context.services, request, form);
}

export default function Index() {
  const { branding, siteKind, quote, featured } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const heading = siteKind === "default" && branding.kind === "site" ? t("landing.welcome") : t("landing.welcomeTo", { name: branding.name });
  return (
    <Landing branding={branding} heading={heading} quote={<QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />}>
      <FeaturedPlans cards={featured} />
    </Landing>
  );
}
