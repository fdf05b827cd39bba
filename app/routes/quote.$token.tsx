import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readForm } from "~/.server/platform/request";
import { cartFromToken, openQuoteCopy, quoteSummary } from "~/.server/store/saved-quotes";
import { NotFoundPage } from "~/components/ErrorPage";
import { formatMoney, formatWholeDollars } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("savedQuote");

function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/**
 * /quote/{token}: the link in a quote e-mail (Save Cart) or its reminder. Opening it writes nothing
 * (mail scanners follow links): it shows the quote — the plans and prices the e-mail showed — and
 * a button. An unknown, expired or cancelled quote is the 404 page.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { services } = context;
  const enrollment = await cartFromToken(services, params.token ?? "");
  if (!enrollment) notFound();
  return json(await quoteSummary(services, enrollment, await requestContext({ request, context }).locale));
}

/**
 * The button: a COPY of the quoted cart in a new shopping enrollment in this browser (ADR 003),
 * never the enrollment behind the link — whatever its state, even completed (a quote stays a quote).
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const enrollment = await cartFromToken(services, params.token ?? "");
  if (!enrollment) notFound();
  const session = await requestContext({ request, context }).session;
  await openQuoteCopy(services, session, enrollment, await requestContext({ request, context }).locale);
  return redirect("/cart", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function QuoteLink() {
  const { lines, totals, tierLabelKey } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <div className="stack">
      <h1>{t("savedQuote.title")}</h1>
      <p>{t("savedQuote.intro")}</p>
      {tierLabelKey ? <p>{t(tierLabelKey)}</p> : null}
      <table className="table" data-testid="quote-lines">
        <caption>{t("savedQuote.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("cart.plan")}</th>
            <th scope="col">{t("cart.monthly")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <th scope="row">
                {l.name}
                {l.coverageAmount ? <div>{t("plan.coverage", { amount: formatWholeDollars(l.coverageAmount, i18n.language) })}</div> : null}
                {l.addedWith ? <div>{t("cart.addedWith")}</div> : null}
                {l.oneTimeFeeCents ? <div>{t("cart.oneTimeFee", { amount: money(l.oneTimeFeeCents) })}</div> : null}
              </th>
              <td>
                {money(l.priceCents)}
                {t("plans.perMonth")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="card">
        <dt>{t("cart.initialMonth")}</dt>
        <dd>{money(totals.initialMonthCents)}</dd>
        <dt>{t("cart.recurringMonth")}</dt>
        <dd>{money(totals.recurringMonthCents)}</dd>
      </dl>
      <p>{t("savedQuote.copyNote")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit">
          {t("savedQuote.open")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
