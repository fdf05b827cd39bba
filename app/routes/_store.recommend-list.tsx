import type { LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "~/.server/platform/request-context";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { shoppingContext } from "~/.server/store/shopping";
import { recommendedCards } from "~/.server/store/recommended";
import { Breadcrumb } from "~/components/Breadcrumb";
import { useHomeHref } from "~/components/useHomeHref";
import { formatMoney } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("recommended");

/** /recommend-list?name=…: the recommended products, or 'No Any Products'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const ctx = await shoppingContext(requestContext({ request, context }));
  const from = new URL(request.url).searchParams.get("name") === "cart" ? "cart" : "plans";
  const cards = await recommendedCards(services, { enrollment: ctx.enrollment, facts: ctx.facts, over65: ctx.over65, locale: ctx.locale });
  return json({ cards, from });
}

export default function RecommendList() {
  const { cards, from } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const home = useHomeHref();
  return (
    <div className="stack">
      <Breadcrumb
        items={[
          { label: t("shell.home"), to: home },
          from === "cart" ? { label: t("breadcrumb.cart"), to: "/cart" } : { label: t("plans.title"), to: "/plans" },
          { label: t("recommended.title") },
        ]}
      />
      <h1>{t("recommended.title")}</h1>
      {cards.length === 0 ? (
        <p className="notice" data-testid="no-recommendations">
          {t("recommended.none")}
        </p>
      ) : (
        <ul className="grid">
          {cards.map((c) => (
            <li key={c.id} className="card">
              <p className="muted">{c.categoryLabel}</p>
              {c.logoUrl ? <img src={c.logoUrl} alt="" width={180} height={48} loading="lazy" /> : null}
              <h2>{c.name}</h2>
              {c.startingFromCents !== null ? (
                <p>{t("recommended.startingFrom", { price: formatMoney(c.startingFromCents, i18n.language) })}</p>
              ) : null}
              <Link className="button button--secondary" to={c.href} aria-label={t("recommended.moreInfoNamed", { name: c.name })}>
                {t("recommended.moreInfo")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
