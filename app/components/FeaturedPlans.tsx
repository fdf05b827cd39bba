import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";

export interface FeaturedCard {
  id: number;
  name: string;
  href: string;
  logoUrl: string | null;
  shortHtml: string;
  callout: string | null;
}

export function FeaturedPlans({ cards }: { cards: FeaturedCard[] }) {
  const { t } = useTranslation();
  if (!cards.length) return null;
  return (
    <section aria-labelledby="featured-title">
      <h2 id="featured-title">{t("landing.featured")}</h2>
      <ul className="grid">
        {cards.map((c) => (
          <li key={c.id} className="card">
            {c.callout ? <p className="muted">{c.callout}</p> : null}
            {c.logoUrl ? <img src={c.logoUrl} alt="" width={180} height={48} loading="lazy" /> : null}
            <h3>{c.name}</h3>
            <div dangerouslySetInnerHTML={{ __html: c.shortHtml }} />
            <Link to={c.href} aria-label={t("plans.moreDetailsNamed", { name: c.name })}>
              {t("plans.moreDetails")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
