import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireStoreAccess } from "~/.server/guard";
import { findGroup, findPortal } from "~/.server/repositories/entry";
import { hostOf, siteForHost } from "~/.server/repositories/sites";
import { homeTarget } from "~/domain/home-target";
import { landingQuoteAction, landingQuoteData } from "~/.server/landing-quote";
import { readForm } from "~/.server/request";
import { QuoteForm } from "~/components/QuoteForm";

export const meta: MetaFunction = () => [{ title: "Get a quote" }];

/** /home: where a new enrollment starts its quote, for whoever is being enrolled. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(request, services);
  const s = session.all();
  if (!s.enrollType) {
    const site = await siteForHost(services.db, hostOf(request));
    const target = homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess, siteKind: site.kind });
    throw redirect(target === "/home" ? "/" : target);
  }
  const [portal, group] = await Promise.all([s.portalId ? findPortal(services.db, s.portalId) : undefined, s.groupId && s.enrollType === "new-group-member" ? findGroup(services.db, s.groupId) : undefined]);
  return json({
    quote: await landingQuoteData(services, request),
    enrollType: s.enrollType,
    portal: portal ? { name: portal.name, code: portal.code } : null,
    group: group ? { name: group.company_name, code: group.group_code } : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  return landingQuoteAction(context.services, request, form);
}

export default function Home() {
  const { portal, group, quote } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("home.quoteTitle")}</h1>
      {group || portal ? (
        <dl className="card" data-testid="enrolling-for">
          {group ? (
            <>
              <dt>{t("home.group")}</dt>
              <dd>
                {group.name} ({group.code})
              </dd>
            </>
          ) : null}
          {portal ? (
            <>
              <dt>{t("home.portal")}</dt>
              <dd>
                {portal.name} ({portal.code})
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p>{t("home.quoteIntro")}</p>
      <QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} />
    </div>
  );
}
