import { useTranslation } from "~/i18n-react";

export interface CarrierStatusItem {
  planId: number;
  planName: string;
  carrierName: string;
  state: "waiting" | "sent" | "accepted" | "problem";
  on: string | null;
}

/** A date as people read it in the page's language: 11/20/2026 in English, 20/11/2026 in Spanish. */
export function statusDate(iso: string | null, locale: string) {
  if (!iso) return "";
  const [y, m, d] = iso.split("-");
  return locale === "es" ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/** Per plan, where the enrollment stands at its carrier (issue 29): words only, never a code. */
export function CarrierStatusList({ items, headingLevel = 2 }: { items: CarrierStatusItem[]; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="carrier-status-heading" data-testid="carrier-status">
      <Heading id="carrier-status-heading">{t("carrierStatus.heading")}</Heading>
      <ul>
        {items.map((s) => (
          <li key={s.planId} data-testid="carrier-status-item" data-state={s.state}>
            <strong>{s.planName}</strong>:{" "}
            {t(`carrierStatus.${s.state}`, { carrier: s.carrierName, date: statusDate(s.on, i18n.language) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
