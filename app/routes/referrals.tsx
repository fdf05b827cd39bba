import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findReferral } from "~/.server/repositories/entry";
import { brandingFor } from "~/.server/repositories/branding";
import { hostOf, siteForHost } from "~/.server/repositories/sites";
import { clearLanding, enterOnce } from "~/.server/entry";
import { enterReferral } from "~/domain/session-mode";
import { Landing } from "~/components/Landing";
import { QuoteForm } from "~/components/QuoteForm";
import { landingQuoteAction, landingQuoteData } from "~/.server/landing-quote";
import { readForm } from "~/.server/request";

export const meta: MetaFunction = () => [{ title: "Referral" }];

/** /referrals?rid=…: home for a referred visitor; a missing or unknown rid goes to /404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request);
  const rid = new URL(request.url).searchParams.get("rid") ?? "";
  const referral = rid ? await findReferral(services.db, rid) : undefined;
  if (!referral) throw redirect("/404", { headers: { "Set-Cookie": await clearLanding(services, session) } });
  const entered = await enterOnce(
    request,
    services,
    session,
    enterReferral(session.all(), { code: referral.code, repId: referral.rep_id, groupId: referral.group_id, portalId: referral.portal_id }),
  );
  const site = await siteForHost(services.db, hostOf(request));
  const locale = await services.i18n.getLocale(request);
  const s = session.all();
  const branding = await brandingFor(services.db, { groupId: s.groupId, agentId: s.agentId, enrollType: s.enrollType }, site, locale);
  const quote = await landingQuoteData(services, request);
  return json({ referrerName: referral.referrer_name, branding, quote }, entered ? { headers: { "Set-Cookie": entered.cookie } } : undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(context.services, request, form);
}

export default function Referrals() {
  const { referrerName, branding, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Landing branding={branding} heading={t("landing.welcomeTo", { name: branding.name })} quote={<QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />}>
      <p className="notice notice--success" data-testid="referred-by">
        <strong>{t("referrals.referredBy")}</strong> {referrerName}
      </p>
    </Landing>
  );
}
