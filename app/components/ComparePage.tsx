import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Trans, useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CompareCell, ComparisonData } from "~/views/compare";
import { formatMoney } from "~/utils/format";
import { Breadcrumb } from "./Breadcrumb";
import { SelectionBanner } from "./SelectionBanner";
import { useHomeHref } from "./useHomeHref";
import * as s from "./ComparePage.css";

/** Where a pricing notice's link leads on the plan's own page (as the plan page's notice does). */
function noticeTarget(code: string) {
  return code === "salaryError" || code === "hourError" ? "salary" : code === "smokerError" ? "tobacco" : "basic";
}

function Cell({ cell, planHref }: { cell: CompareCell; planHref: string }) {
  const { t, i18n } = useTranslation();
  switch (cell.kind) {
    case "text":
      return <>{cell.text}</>;
    case "list":
      return (
        <ul className={s.list}>
          {cell.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case "price":
      return (
        <strong data-testid="compare-price">
          {formatMoney(cell.priceCents, i18n.language)}
          <span className="muted">{t("plans.perMonth")}</span>
        </strong>
      );
    case "pricingError":
      return (
        <span className="text-error" data-testid="pricing-error" data-code={cell.errorCode}>
          <Trans
            t={t}
            i18nKey={`pricing.${cell.errorCode}`}
            components={{ action: <Link to={`${planHref}?dialog=${noticeTarget(cell.errorCode)}`} /> }}
          />
        </span>
      );
    case "noQuote":
      return (
        <Link to={planHref} data-testid="compare-no-quote">
          {t("plans.getYourPrice")}
        </Link>
      );
    default:
      return <span className="muted">{t("compare.notIncluded")}</span>;
  }
}

/** /compare: the chosen plans side by side, in a real table that scrolls in its own region (issue 18). */
export function ComparePage({ data }: { data: ComparisonData | null }) {
  const { t } = useTranslation();
  const home = useHomeHref();
  const location = useLocation();
  const here = location.pathname + location.search;
  const crumbs = [{ label: t("shell.home"), to: home }, { label: t("plans.title"), to: "/plans" }, { label: t("compare.title") }];
  if (!data) {
    return (
      <div className="stack">
        <Breadcrumb items={crumbs} />
        <h1>{t("compare.title")}</h1>
        <p data-testid="compare-empty">{t("compare.emptyBody", { max: 4 })}</p>
        <p>
          <Link className="button" to="/plans">
            {t("compare.backToPlans")}
          </Link>
        </p>
      </div>
    );
  }
  const base = `/compare?plans=${data.ids.join(",")}`;
  const tier = data.tierLabelKey ? t(data.tierLabelKey) : null;
  const caption = tier ? t("compare.captionTier", { count: data.plans.length, tier }) : t("compare.caption", { count: data.plans.length });
  return (
    <div className={`stack ${s.page}`}>
      <Breadcrumb items={crumbs} />
      <h1>{t("compare.title")}</h1>
      <SelectionBanner banner={data.banner} />
      {!data.quoted ? <p className="notice">{t("compare.quoteHint")}</p> : null}
      <div className={`button-group ${s.noPrint}`}>
        {data.plans.length > 1 ? (
          data.differencesOnly ? (
            <Link to={base} data-testid="compare-all-rows">
              {t("compare.showAll")}
            </Link>
          ) : (
            <Link to={`${base}&diff=1`} data-testid="compare-differences">
              {t("compare.showDifferences")}
            </Link>
          )
        ) : null}
        <Link to="/plans">{t("compare.addMorePlans")}</Link>
      </div>
      {data.plans.length > 1 ? <p className={s.legend}>{t("compare.legend", { count: data.differingRows })}</p> : null}
      <div className={`table-wrap ${s.region}`} role="region" aria-labelledby="compare-caption" tabIndex={0} data-testid="compare-region">
        <table className={s.table} data-testid="compare-table">
          <caption id="compare-caption" className={s.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              <td className={s.corner} />
              {data.plans.map((p) => (
                <th key={p.id} scope="col" className={s.planHead}>
                  <Link to={p.href}>{p.name}</Link>
                  <Link to={p.removeHref} className={`${s.remove} ${s.noPrint}`} aria-label={t("compare.removeNamed", { name: p.name })}>
                    {t("compare.remove")}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={data.plans.length + 1}>{t("compare.noDifferences")}</td>
              </tr>
            ) : null}
            {data.rows.map((row) => (
              <tr
                key={row.key}
                className={row.differs ? s.differs : undefined}
                data-testid={`compare-row-${row.key}`}
                data-differs={row.differs ? "true" : undefined}
              >
                <th scope="row" className={s.rowHead}>
                  {"key" in row.label ? t(row.label.key) : row.label.text}
                  {row.differs ? <span className={s.tag}>{t("compare.differs")}</span> : null}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={data.plans[i].id}>
                    <Cell cell={cell} planHref={data.plans[i].href} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className={s.noPrint}>
            <tr>
              <th scope="row" className={s.rowHead}>
                {t("compare.row.add")}
              </th>
              {data.plans.map((p) => (
                <td key={p.id}>
                  {p.current ? (
                    <p className="text-success" data-testid="current-plan">
                      {t("plans.currentPlan")}
                    </p>
                  ) : p.inCart ? (
                    <p className="text-success" data-testid="in-cart">
                      <span aria-hidden="true">✓</span> {t("plans.addedToCart")}
                    </p>
                  ) : p.hideAdd ? (
                    <Link to={p.href}>{t("plans.moreDetails")}</Link>
                  ) : p.directAdd && data.quoted ? (
                    <Form method="post" action={p.href} className="inline-form">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="planId" value={p.id} />
                      <input type="hidden" name="planPriceId" value={p.directAdd} />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button className="button" type="submit" aria-label={t("plans.addNamed", { name: p.name })}>
                        <span aria-hidden="true">+</span> {t("plans.add")}
                      </button>
                    </Form>
                  ) : (
                    <Link className="button" to={p.href} aria-label={t("plans.addNamed", { name: p.name })}>
                      <span aria-hidden="true">+</span> {t("plans.add")}
                    </Link>
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
