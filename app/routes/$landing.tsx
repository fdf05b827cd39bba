import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hostOf, siteForHost } from "~/.server/repositories/sites";
import { landingOwnerBySlug } from "~/.server/repositories/entry";
import { groupBranding, repBranding } from "~/.server/repositories/branding";
import { clearLanding, enterOnce } from "~/.server/entry";
import { enterLanding } from "~/domain/session-mode";
import { Landing } from "~/components/Landing";
import { NotFoundPage } from "~/components/ErrorPage";
import { QuoteForm } from "~/components/QuoteForm";
import { landingQuoteAction, landingQuoteData } from "~/.server/landing-quote";
import { readForm } from "~/.server/request";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.branding?.name ?? "Benefit Store" }];

/** `/:landing`: a rep's or group's landing slug, checked against the database. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const owner = await landingOwnerBySlug(services.db, params.landing ?? "");
  if (!owner) {
    // An unknown slug: the 404 page, and the landing state is forgotten.
    throw new Response("Not Found", { status: 404, headers: { "Set-Cookie": await clearLanding(services, session) } });
  }
  const site = await siteForHost(services.db, hostOf(request));
  const entered = await enterOnce(request, services, session, enterLanding(session.all(), owner, site.kind));
  const locale = await services.i18n.getLocale(request);
  const branding = owner.kind === "rep" ? await repBranding(services.db, owner.id, locale) : await groupBranding(services.db, owner.id, locale);
  if (!branding) throw new Response("Not Found", { status: 404 });
  const quote = await landingQuoteData(services, request);
  return json({ branding, siteKind: site.kind, quote }, entered ? { headers: { "Set-Cookie": entered.cookie } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(context.services, request, form);
}

export default function LandingPage() {
  const { branding, siteKind, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // On the default host a landing slug opens the GET A QUOTE page.
  const heading = siteKind === "default" ? t("landing.getAQuote") : t("landing.welcomeTo", { name: branding.name });
  return <Landing branding={branding} heading={heading} quote={<QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />} />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
