import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { FilterSummary } from "~/views/shopping";
import { genderLabelKey } from "~/utils/format";
import { lazyPart } from "./LazyPart";

// Closed on first paint: the browser loads the dialog and its quote form when it opens (ADR 013).
const BasicDetailsDialog = lazyPart("basic-details", () => import("./BasicDetailsDialog").then((m) => m.BasicDetailsDialog));

function withoutDialog(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("dialog");
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : "");
}

/** The quote summary on plan screens, with Edit opening the 'Basic Details' dialog. */
export function FilterBar({ filter, allowOtherGender = false }: { filter: FilterSummary; allowOtherGender?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const open = params.get("dialog") === "basic";
  params.set("dialog", "basic");
  const editHref = `${location.pathname}?${params.toString()}`;
  const closeTo = withoutDialog(location.pathname, location.search);
  return (
    <section className="notice" aria-label={t("filter.label")} data-testid="filter-bar">
      <dl className="filter-bar">
        <div>
          <dt>{t("quote.zip")}</dt>
          <dd>{filter.zip}</dd>
        </div>
        <div>
          <dt>{t("quote.gender")}</dt>
          <dd>{t(genderLabelKey(filter.gender) ?? "quote.male")}</dd>
        </div>
        {filter.smoker !== null ? (
          <div>
            <dt>{t("quote.smoker")}</dt>
            <dd>{filter.smoker === 1 ? t("common.yes") : t("common.no")}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("filter.tier")}</dt>
          <dd>{filter.tierLabelKey ? t(filter.tierLabelKey) : ""}</dd>
        </div>
        <div>
          <dt>{t("quote.dob")}</dt>
          <dd>{filter.dob}</dd>
        </div>
      </dl>
      <p>
        <Link to={editHref} preventScrollReset>
          {t("filter.edit")}
        </Link>
      </p>
      {open ? <BasicDetailsDialog filter={filter} allowOtherGender={allowOtherGender} closeTo={closeTo} /> : null}
    </section>
  );
}
