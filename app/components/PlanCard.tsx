import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { PlanCardData } from "~/views/plans";
import { formatMoney } from "~/utils/format";
import * as s from "./PlanCard.css";

/** A plan card (storefront §2 Plans screen): callout, logo, name, short text, tier prices,
 *  add to cart (unless hidden), 'Plan Added To Cart' when in the cart, View More Details. */
export function PlanCard({ card, redirectTo }: { card: PlanCardData; redirectTo: string }) {
  const { t, i18n } = useTranslation();
  const titleId = `plan-${card.id}-title`;
  return (
    <article className={s.card} aria-labelledby={titleId} data-testid={`plan-card-${card.id}`}>
      {card.callout ? <p className={s.callout}>{card.callout}</p> : null}
      {card.logoUrl ? <img className={s.logo} src={card.logoUrl} alt="" width={240} height={64} loading="lazy" /> : null}
      <h3 id={titleId} className={s.name}>
        {card.name}
      </h3>
      <div className={s.short} dangerouslySetInnerHTML={{ __html: card.shortHtml }} />
      {card.tierPrices.length ? (
        <dl className={s.prices}>
          {card.tierPrices.map((p) => (
            <div key={p.tier} className={s.priceRow}>
              <dt>{t(p.labelKey)}</dt>
              <dd>
                {formatMoney(p.priceCents, i18n.language)}
                <span className="muted">{t("plans.perMonth")}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={s.actions}>
        {card.inCart ? (
          <p className={s.inCart} data-testid="in-cart">
            <span aria-hidden="true">✓</span> {t("plans.addedToCart")}
          </p>
        ) : card.hideAdd ? null : card.directAdd ? (
          <Form method="post" className="inline-form">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="planId" value={card.id} />
            <input type="hidden" name="planPriceId" value={card.directAdd} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button className="button" type="submit" aria-label={t("plans.addNamed", { name: card.name })}>
              <span aria-hidden="true">+</span> {t("plans.add")}
            </button>
          </Form>
        ) : (
          <Link className="button" to={card.href} aria-label={t("plans.addNamed", { name: card.name })}>
            <span aria-hidden="true">+</span> {t("plans.add")}
          </Link>
        )}
        <Link className="button button--secondary" to={card.href} aria-label={t("plans.moreDetailsNamed", { name: card.name })}>
          {t("plans.moreDetails")}
        </Link>
      </div>
    </article>
  );
}
