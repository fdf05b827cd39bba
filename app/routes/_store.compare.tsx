import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { readForm } from "~/.server/platform/request";
import { changeCompare, compareHref, comparison } from "~/.server/store/compare";
import { parseCompareIds } from "~/domain/compare";
import { ComparePage } from "~/components/ComparePage";
import { NotFoundPage, StatusErrorPage } from "~/components/ErrorPage";
import { useHomeHref } from "~/components/useHomeHref";
import { useRequestInfo } from "~/components/RequestInfo";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("compare");

/**
 * /compare?plans=a,b,c (or plans=a&plans=b): the chosen plans side by side (issue 18).
 * Without plans, the session's chosen plans; none chosen, a page saying how to choose.
 * A plan the store does not offer is 404; more than four is 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = parseCompareIds(url.searchParams.getAll("plans"));
  if (!parsed.ok) {
    if (parsed.error === "tooMany") throw new Response("You can compare up to 4 plans", { status: 400, statusText: "compare-limit" });
    throw new Response("Not Found", { status: 404 });
  }
  const differencesOnly = url.searchParams.get("diff") === "1";
  if (!parsed.ids.length) {
    const session = await requestContext({ request, context }).session;
    const chosen = session.get("compare") ?? [];
    if (chosen.length) throw redirect(compareHref(chosen) + (differencesOnly ? "&diff=1" : ""));
    return json({ comparison: null });
  }
  return json({ comparison: await comparison(requestContext({ request, context }), parsed.ids, { differencesOnly }) });
}

/** The compare form (the tray and the cards' checkboxes): change the chosen plans, then back. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, context.services);
  const session = await requestContext({ request, context }).session;
  return changeCompare(context.services, session, form);
}

export default function Compare() {
  const { comparison } = useLoaderData<typeof loader>();
  return <ComparePage data={comparison} />;
}

/** More than four plans: say so, and lead back to the plans. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const home = useHomeHref();
  const { requestId } = useRequestInfo();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.statusText === "compare-limit") {
    return (
      <div className="stack">
        <h1>{t("compare.limitTitle")}</h1>
        <p data-testid="compare-limit">{t("compare.tooMany", { max: 4 })}</p>
        <p className="button-group">
          <Link className="button" to="/plans">
            {t("compare.backToPlans")}
          </Link>
          <Link className="button button--secondary" to={home}>
            {t("notFound.backHome")}
          </Link>
        </p>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <StatusErrorPage
      status={status}
      code={isRouteErrorResponse(error) ? error.statusText : undefined}
      requestId={status >= 500 ? requestId : undefined}
      canPost
    />
  );
}
