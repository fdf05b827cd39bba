import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm, field } from "~/.server/request";
import { shoppingContext } from "~/.server/shopping";
import { planSections } from "~/.server/plan-cards";
import { recommendedCards } from "~/.server/recommended";
import { submitQuote } from "~/.server/quote";
import { handleAddToCart } from "~/.server/add-to-cart";
import { PlanCard } from "~/components/PlanCard";
import { FilterBar } from "~/components/FilterBar";
import { SelectionBanner } from "~/components/SelectionBanner";
import { Breadcrumb } from "~/components/Breadcrumb";
import { RecommendedStrip } from "~/components/RecommendedStrip";
import { QuoteForm } from "~/components/QuoteForm";

export const meta: MetaFunction = () => [{ title: "Plans" }];

/** /plans?type=…: every plan the visitor can buy, in the spec's sections, priced for them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const ctx = await shoppingContext(services, request);
  const url = new URL(request.url);
  const requested = url.searchParams.get("type");
  const type = requested && ctx.catalog.categories.some((c) => c.key === requested) ? requested : null;
  const sections = planSections(ctx.catalog, { over65: ctx.over65, type, ctx: { facts: ctx.facts, locale: ctx.locale, cartPlanIds: ctx.cartPlanIds, outcome: ctx.outcome } });
  const recommended =
    ctx.quoted && ctx.session.get("eprocess") !== "group"
      ? await recommendedCards(services, { enrollment: ctx.quoted, facts: ctx.facts, over65: ctx.over65, locale: ctx.locale })
      : [];
  const categories = ctx.catalog.categories.map((c) => ({ key: c.key, label: ctx.locale === "es" ? c.label_es : c.label_en }));
  return json({
    type,
    sections,
    categories,
    filter: ctx.filter,
    banner: ctx.banner,
    recommended,
    memberName: ctx.banner.member?.name ?? null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await services.sessions.read(request);
  const url = new URL(request.url);
  const back = url.pathname + url.search.replace(/([?&])dialog=[^&]*&?/, "$1").replace(/[?&]$/, "");
  if (field(form, "intent", 20) === "add") return handleAddToCart(services, request, session, form, { from: "listing", back });
  return submitQuote(services, request, session, form, {
    requireCategory: false,
    next: () => back,
  });
}

export default function Plans() {
  const { type, sections, categories, filter, banner, recommended, memberName } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className="stack">
      <Breadcrumb items={[{ label: t("shell.home"), to: "/" }, ...(memberName ? [{ label: t("breadcrumb.currentMember"), to: "/agent-select-member" }] : []), { label: t("plans.title") }]} />
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
      <Form method="get" className="button-group" aria-label={t("plans.chooseCategory")}>
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
                  <ul className="grid">
                    {b.plans.map((card) => (
                      <li key={card.id}>
                        <PlanCard card={card} redirectTo={here} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))
            ) : (
              <ul className="grid">
                {section.plans.map((card) => (
                  <li key={card.id}>
                    <PlanCard card={card} redirectTo={here} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      <RecommendedStrip cards={recommended} viewAllHref="/recommend-list?name=plans" />
    </div>
  );
}
