import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { welcomeTo } from "~/utils/welcome";
import { siteOf } from "~/.server/store/site";
import { sessionBranding } from "~/.server/store/branding";
import { clearLanding, enterOnce, refuseInactiveReferral } from "~/.server/store/entry";
import { checkReferralCode } from "~/.server/store/access-codes";
import { enterReferral } from "~/domain/session-mode";
import { Landing } from "~/components/Landing";
import { QuoteForm } from "~/components/QuoteForm";
import { landingQuoteAction, landingQuoteData } from "~/.server/store/landing-quote";
import { readForm } from "~/.server/platform/request";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("referral");

/** /referrals?rid=…: home for a referred visitor; a missing or unknown rid goes to /404, a deactivated one is 410. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const rid = new URL(request.url).searchParams.get("rid") ?? "";
  // counted per client with the rep and group codes (a right one hands its place back)
  const checked = rid ? await checkReferralCode(services, context.clientIp, rid) : undefined;
  if (checked === "throttled") throw new Response("Too Many Requests", { status: 429, headers: { "Cache-Control": "no-store" } });
  const referral = checked;
  // a referral an operator deactivated: the "no longer active" page (410)
  if (!referral) await refuseInactiveReferral(services, session, rid);
  if (!referral) throw redirect("/404", { headers: { "Set-Cookie": await clearLanding(services, session) } });
  const entered = await enterOnce(
    request,
    services,
    session,
    enterReferral(session.all(), { code: referral.code, repId: referral.rep_id, groupId: referral.group_id, portalId: referral.portal_id }),
  );
  const site = await siteOf(services, request);
  const locale = await requestContext({ request, context }).locale;
  const branding = await sessionBranding(services, session, site, locale);
  const quote = await landingQuoteData(requestContext({ request, context }), request);
  return json(
    { referrerName: referral.referrer_name, branding, quote },
    entered ? { headers: { "Set-Cookie": entered.cookie } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(requestContext({ request, context }), request, form);
}

export default function Referrals() {
  const { referrerName, branding, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Landing
      branding={branding}
      heading={welcomeTo(t, branding)}
      quote={<QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} submitLabel={t("landing.getStarted")} />}
    >
      <p className="notice notice--success" data-testid="referred-by">
        <strong>{t("referrals.referredBy")}</strong> {referrerName}
      </p>
    </Landing>
  );
}
