import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { RecommendedCard } from "~/views/plans";
import { formatMoney } from "~/utils/format";

/** Recommended Products: 'Starting From: $price', 'More Info', the category, 'View All'. */
export function RecommendedStrip({ cards, viewAllHref }: { cards: RecommendedCard[]; viewAllHref?: string }) {
  const { t, i18n } = useTranslation();
  if (!cards.length) return null;
  return (
    <section aria-labelledby="recommended-title" className="stack">
      <h2 id="recommended-title">{t("recommended.title")}</h2>
      <ul className="grid">
        {cards.map((c) => (
          <li key={c.id} className="card">
            <p className="muted">{c.categoryLabel}</p>
            {c.logoUrl ? <img src={c.logoUrl} alt="" width={180} height={48} loading="lazy" /> : null}
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
      {viewAllHref ? (
        <p>
          <Link to={viewAllHref}>{t("recommended.viewAll")}</Link>
        </p>
      ) : null}
    </section>
  );
}
