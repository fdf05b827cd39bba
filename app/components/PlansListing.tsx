import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import type { ListedCard, PlansListingData } from "~/views/plans";
import { PlanAddForm, PlanCard, PlanCardLinks } from "./PlanCard";
import { FilterBar } from "./FilterBar";
import { SelectionBanner } from "./SelectionBanner";
import { Breadcrumb } from "./Breadcrumb";
import { RecommendedStrip } from "./RecommendedStrip";
import { useHomeHref } from "./useHomeHref";
import { CompareScope, CompareTray } from "./CompareTray";
import { lazyPart } from "./LazyPart";
import * as s from "./PlansListing.css";

// Shown only before a quote (a priced list has the quote summary instead): its code loads with it (ADR 013).
const QuoteForm = lazyPart("plans-quote", () => import("./QuoteForm").then((m) => m.QuoteForm));

/** The plans screen: sections in the spec's order, bundles by size, the category selector. */
export function PlansListing(props: { data: PlansListingData<ListedCard>; selectorAction?: string }) {
  return (
    <CompareScope>
      <Listing {...props} />
    </CompareScope>
  );
}

function Listing({ data, selectorAction }: { data: PlansListingData<ListedCard>; selectorAction?: string }) {
  const { type, sections, categories, filter, banner, recommended } = data;
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const home = useHomeHref();
  return (
    <div className="stack">
      <Breadcrumb
        items={[
          { label: t("shell.home"), to: home },
          ...(banner.member ? [{ label: t("breadcrumb.currentMember"), to: banner.membersHref ?? undefined }] : []),
          { label: t("plans.title") },
        ]}
      />
      <h1>{t("plans.title")}</h1>
      <SelectionBanner banner={banner} />
      {filter ? (
        <FilterBar filter={filter} />
      ) : (
        <section className="card" aria-labelledby="quote-title">
          <h2 id="quote-title">{t("plans.getYourPrice")}</h2>
          <p>{t("plans.getYourPriceHint")}</p>
          <QuoteForm id="plans-quote" />
        </section>
      )}
      <CompareTray />
      <Form method="get" action={selectorAction} className="button-group" aria-label={t("plans.chooseCategory")}>
        <label className="label" htmlFor="category-select">
          {t("plans.category")}
        </label>
        <select id="category-select" name="type" className="select" defaultValue={type ?? ""}>
          <option value="">{t("plans.allCategories")}</option>
          {categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
        <button className="button button--secondary" type="submit">
          {t("plans.show")}
        </button>
      </Form>
      <PlanAddForm id="plan-add" redirectTo={here} />
      {sections.length > 1 ? (
        // a long list (all plans: ~16,000 px on a desktop, twice that on a phone) says where each category starts (issue 26 #3)
        <nav id="jump-links" aria-label={t("plans.jumpTo")}>
          <ul className={s.jumpLinks}>
            {sections.map((section) => (
              <li key={section.key}>
                <a className={s.jumpLink} href={`#section-${section.key}`}>
                  {section.key === "bundles" ? t("plans.bundlesHeading") : section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {sections.length === 0 ? (
        <p className="notice" data-testid="no-plans">
          {t("plans.none")}
        </p>
      ) : (
        sections.map((section) => (
          <section key={section.key} aria-labelledby={`section-${section.key}`}>
            <h2 id={`section-${section.key}`}>{section.key === "bundles" ? t("plans.bundlesHeading") : section.heading}</h2>
            {section.bundles ? (
              section.bundles.map((b) => (
                <section key={b.size} aria-labelledby={`bundle-${b.size}`}>
                  <h3 id={`bundle-${b.size}`}>{t(`plans.bundle${b.size}`)}</h3>
                  <PlanCardLinks className="grid">
                    {b.plans.map((card) => (
                      <li key={card.id}>
                        <PlanCard card={card} addForm="plan-add" />
                      </li>
                    ))}
                  </PlanCardLinks>
                </section>
              ))
            ) : (
              <PlanCardLinks className="grid">
                {section.plans.map((card) => (
                  <li key={card.id}>
                    <PlanCard card={card} addForm="plan-add" />
                  </li>
                ))}
              </PlanCardLinks>
            )}
            {sections.length > 1 ? (
              <p className={s.backToJump}>
                <a href="#jump-links">{t("plans.backToCategories")}</a>
              </p>
            ) : null}
          </section>
        ))
      )}
      <RecommendedStrip cards={recommended} viewAllHref="/recommend-list?name=plans" />
    </div>
  );
}
