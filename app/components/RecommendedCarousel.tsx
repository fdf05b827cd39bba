import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { RecommendedCard } from "~/views/plans";
import { formatMoney } from "~/utils/format";
import * as s from "./RecommendedCarousel.css";

/** The cart's recommended carousel: 5 items; a next arrow only when there are more than 4. */
export function RecommendedCarousel({ cards }: { cards: RecommendedCard[] }) {
  const { t, i18n } = useTranslation();
  if (!cards.length) return null;
  const items = cards.slice(0, 5);
  return (
    <section aria-labelledby="carousel-title" className="stack">
      <h2 id="carousel-title">{t("recommended.title")}</h2>
      <ul className={s.track}>
        {items.map((c, i) => (
          <li key={c.id} id={`reco-item-${i + 1}`} className={`card ${s.item}`}>
            <p className="muted">{c.categoryLabel}</p>
            <h3>{c.name}</h3>
            {c.startingFromCents !== null ? (
              <p>{t("recommended.startingFrom", { price: formatMoney(c.startingFromCents, i18n.language) })}</p>
            ) : null}
            <Link to={c.href} aria-label={t("recommended.moreInfoNamed", { name: c.name })}>
              {t("recommended.moreInfo")}
            </Link>
          </li>
        ))}
      </ul>
      {items.length > 4 ? (
        <p>
          <a href={`#reco-item-${items.length}`} className="button button--secondary" data-testid="carousel-next">
            {t("recommended.next")} <span aria-hidden="true">→</span>
          </a>
        </p>
      ) : null}
      <p>
        <Link to="/recommend-list?name=cart">{t("recommended.viewAll")}</Link>
      </p>
    </section>
  );
}
