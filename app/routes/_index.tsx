import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { welcomeTo } from "~/utils/welcome";
import { siteOf } from "~/.server/store/site";
import { sessionBranding } from "~/.server/store/branding";
import { enterOnce } from "~/.server/store/entry";
import { enterSite } from "~/domain/session-mode";
import { homeTarget } from "~/domain/home-target";
import { Landing } from "~/components/Landing";
import { QuoteForm } from "~/components/QuoteForm";
import { openCarriedToken } from "~/.server/store/carried-quote";
import { landingPortalAction, landingPortalChoice, landingQuoteAction, landingQuoteData } from "~/.server/store/landing-quote";
import { field, readForm } from "~/.server/platform/request";
import { localRedirect } from "~/.server/platform/redirect";
import { featuredCards } from "~/.server/store/featured";
import { FeaturedPlans } from "~/components/FeaturedPlans";
import { pageTitle } from "~/utils/page-title";
import { RepPortalForm } from "~/components/PortalChooser";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("home");

/**
 * `/`: the default host's landing lets applicants in; the white-label host is its group's
 * home; partner sites send visitors without a code to the access page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const site = await siteOf(services, request);
  const session = await requestContext({ request, context }).session;
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
    if (next) throw redirect(localRedirect(next, "/"), cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
  }
  const locale = await requestContext({ request, context }).locale;
  const branding = await sessionBranding(services, session, site, locale);
  const [quote, featured, portalChoice] = await Promise.all([
    landingQuoteData(requestContext({ request, context }), request),
    featuredCards(services, session, locale),
    landingPortalChoice(services, session, locale),
  ]);
  // a quote the rep typed before the chooser goes through it (issue 26 #8)
  const carriedQuote = portalChoice ? openCarriedToken(services, url.searchParams.get("quote")) : null;
  return json(
    { branding, siteKind: site.kind, quote, featured, portalChoice, carriedQuote },
    cookie ? { headers: { "Set-Cookie": cookie } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  // A rep without a portal chooses one here first (storefront §4); their quote waits for it.
  if (field(form, "intent", 20) === "portal") return landingPortalAction(requestContext({ request, context }), form);
  return landingQuoteAction(requestContext({ request, context }), request, form, { portalChoice: "/" });
}

export default function Index() {
  const { branding, siteKind, quote, featured, portalChoice, carriedQuote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const heading = siteKind === "default" && branding.kind === "site" ? t("landing.welcome") : welcomeTo(t, branding);
  return (
    <Landing
      branding={branding}
      heading={heading}
      quote={
        portalChoice ? (
          <section className="card" aria-labelledby="landing-portal-title">
            <h2 id="landing-portal-title">{t("portal.title")}</h2>
            <p>{t("landing.portalFirst")}</p>
            <RepPortalForm
              id="landing-portal"
              portals={portalChoice.portals}
              groups={portalChoice.groups}
              intent="portal"
              carriedQuote={carriedQuote}
            />
          </section>
        ) : (
          <QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />
        )
      }
    >
      <FeaturedPlans cards={featured} />
    </Landing>
  );
}
