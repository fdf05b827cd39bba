import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { welcomeTo } from "~/utils/welcome";
import { siteOf } from "~/.server/store/site";
import { landingBranding } from "~/.server/store/branding";
import { clearLanding, enterOnce, landingOwner, refuseInactiveLanding } from "~/.server/store/entry";
import { enterLanding } from "~/domain/session-mode";
import { Landing } from "~/components/Landing";
import { NotFoundPage, StatusErrorPage } from "~/components/ErrorPage";
import { QuoteForm } from "~/components/QuoteForm";
import { landingQuoteAction, landingQuoteData } from "~/.server/store/landing-quote";
import { readForm } from "~/.server/platform/request";
import { titled } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta: MetaFunction<typeof loader> = (args) =>
  titled(args, args.data?.branding?.name ? { text: args.data.branding.name } : "home");

/** `/:landing`: a rep's or group's landing slug, checked against the database. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const owner = await landingOwner(services, params.landing ?? "");
  if (!owner) {
    // A deactivated rep's or group's: the "no longer active" page (410).
    await refuseInactiveLanding(services, session, params.landing ?? "");
    // An unknown slug: the 404 page, and the landing state is forgotten.
    throw new Response("Not Found", { status: 404, headers: { "Set-Cookie": await clearLanding(services, session) } });
  }
  const site = await siteOf(services, request);
  const entered = await enterOnce(request, services, session, enterLanding(session.all(), owner, site.kind));
  const locale = await requestContext({ request, context }).locale;
  const branding = await landingBranding(services, owner, locale);
  if (!branding) throw new Response("Not Found", { status: 404 });
  const quote = await landingQuoteData(requestContext({ request, context }), request);
  return json({ branding, siteKind: site.kind, quote }, entered ? { headers: { "Set-Cookie": entered.cookie } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(requestContext({ request, context }), request, form);
}

export default function LandingPage() {
  const { branding, siteKind, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // On the default host a landing slug opens the GET A QUOTE page.
  const heading = siteKind === "default" ? t("landing.getAQuote") : welcomeTo(t, branding);
  return (
    <Landing
      branding={branding}
      heading={heading}
      quote={<QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) return <StatusErrorPage status={410} code="gone" />;
  return <NotFoundPage />;
}
