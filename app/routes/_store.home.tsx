import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { requireStoreAccess } from "~/.server/store/guard";
import { siteOf } from "~/.server/store/site";
import { homeTarget } from "~/domain/home-target";
import { enrollingFor, landingQuoteAction, landingQuoteData } from "~/.server/store/landing-quote";
import { readForm } from "~/.server/platform/request";
import { redirectWithSession } from "~/.server/platform/respond";
import { closedWindowFor } from "~/.server/employers/windows";
import { QuoteForm } from "~/components/QuoteForm";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("quote");

/** /home: where a new enrollment starts its quote, for whoever is being enrolled. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const s = session.all();
  if (!s.enrollType) {
    const site = await siteOf(services, request);
    const target = homeTarget({ referral: s.referral, openType: s.openType, eprocess: s.eprocess, siteKind: site.kind });
    throw redirect(target === "/home" ? "/" : target);
  }
  const { portal, group } = await enrollingFor(services, session, await requestContext({ request, context }).locale);
  // an employee outside the group's enrollment windows is told when the next one opens (issue 28)
  const closed = await closedWindowFor(services, session);
  return json({
    closed,
    quote: await landingQuoteData(requestContext({ request, context }), request),
    enrollType: s.enrollType,
    // a rep or a group's administrator quotes for someone else; anyone else for themselves (issue 26 #8)
    forSomeoneElse: s.eprocess === "rep" || session.staff?.kind === "group_admin",
    portal,
    group,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  if (await closedWindowFor(context.services, session)) return redirectWithSession(context.services, session, "/home");
  return landingQuoteAction(requestContext({ request, context }), request, form);
}

export default function Home() {
  const { portal, group, quote, closed, forSomeoneElse } = useLoaderData<typeof loader>();
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
      {closed ? (
        <p className="notice" data-testid="window-closed">
          {t("windows.employeeClosed", { opens: closed.nextOpens })}
        </p>
      ) : (
        <>
          <p data-testid="quote-intro">{t(forSomeoneElse ? "home.quoteIntro" : "home.quoteIntroSelf")}</p>
          <QuoteForm categories={quote.categories} defaults={quote.defaults ?? undefined} />
        </>
      )}
    </div>
  );
}
