import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { Trans, useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { PricingErrorCode } from "~/domain/pricing";
import { formatMoney, formatWholeDollars } from "~/utils/format";
import { Breadcrumb } from "./Breadcrumb";
import { SelectionBanner } from "./SelectionBanner";
import { FilterBar } from "./FilterBar";
import { PlanAddForm, PlanCard, PlanCardLinks } from "./PlanCard";
import * as s from "./PlanPage.css";
import { lazyPart } from "./LazyPart";
import { useHomeHref } from "./useHomeHref";
import { CompareScope, CompareTray } from "./CompareTray";

// The plan's eligibility questions (some plans, once priced) bring the form code with them (ADR 013).
const EligibilityForm = lazyPart("plan-eligibility", () => import("./PlanEligibility").then((m) => m.EligibilityForm));
// The dialogs are closed on first paint: the browser loads their code when one opens.
const PlanDialogs = lazyPart("plan-dialogs", () => import("./PlanDialogs").then((m) => m.PlanDialogs));

export type { PlanPageData } from "./PlanPageData";
import type { PlanPageData } from "./PlanPageData";

function dialogHref(pathname: string, search: string, dialog: string | null, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(search);
  params.delete("dialog");
  params.delete("tier");
  if (dialog) params.set("dialog", dialog);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const q = params.toString();
  return pathname + (q ? `?${q}` : "");
}

/** Which dialog starts a quote here (storefront §4 "Quote start on the plan page"). */
function quoteStart(d: PlanPageData) {
  if (!d.enrollType && d.hasMember) return "tier";
  if (!d.hasPortalOrGroup && d.eprocess === "rep") return "portal";
  return "quote";
}

export function PlanPage({ data }: { data: PlanPageData }) {
  return (
    <CompareScope>
      <PlanPageBody data={data} />
    </CompareScope>
  );
}

function PlanPageBody({ data: d }: { data: PlanPageData }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const home = useHomeHref();
  const to = (dialog: string | null, extra?: Record<string, string>) => dialogHref(location.pathname, location.search, dialog, extra);
  const closeTo = to(null);
  const declined = d.enrollQuestions?.outcome === "declined";
  const needsAnswers = d.enrollQuestions && d.enrollQuestions.outcome !== "accepted";
  const membershipChoice = d.membershipOptions.find((m) => m.planPriceId === d.chosenMembership) ?? null;
  const showCards = d.pricing?.ok && !d.eligibility && !declined;

  return (
    <div className="stack">
      <Breadcrumb
        items={[
          { label: t("shell.home"), to: home },
          ...(d.banner.member ? [{ label: t("breadcrumb.currentMember"), to: d.banner.membersHref ?? undefined }] : []),
          { label: t("plans.title"), to: "/plans" },
          { label: t("breadcrumb.planDetails") },
        ]}
      />
      <header className={s.head}>
        {d.plan.logoUrl ? <img src={d.plan.logoUrl} alt="" width={240} height={64} /> : null}
        <div>
          {d.plan.callout ? <p className={s.callout}>{d.plan.callout}</p> : null}
          <h1>{d.plan.name}</h1>
          {d.plan.headerText ? <p className={s.lead}>{d.plan.headerText}</p> : null}
        </div>
      </header>
      {d.plan.blueBarText ? <p className={s.blueBar}>{d.plan.blueBarText}</p> : null}
      <SelectionBanner banner={d.banner} />
      {d.filter ? (
        <FilterBar filter={d.filter} allowOtherGender />
      ) : (
        <section className="card" aria-labelledby="price-title">
          <h2 id="price-title">{t("plans.getYourPrice")}</h2>
          <p>{t("plans.getYourPriceHint")}</p>
          <Link className="button" to={to(quoteStart(d))} preventScrollReset>
            {t("plans.getYourPrice")}
          </Link>
        </section>
      )}

      {d.pricing && !d.pricing.ok ? <PricingNotice code={d.pricing.errorCode} to={to} /> : null}
      <CompareTray current={{ id: d.plan.id, name: d.plan.name }} />
      {declined ? (
        d.plan.declineHtml ? (
          // the catalog's message is HTML (paragraphs, links): shown sanitised, never as raw tags
          <div
            className="notice notice--error"
            role="alert"
            data-testid="decline-message"
            dangerouslySetInnerHTML={{ __html: d.plan.declineHtml }}
          />
        ) : (
          <p className="notice notice--error" role="alert" data-testid="decline-message">
            {t("plans.declinedDefault")}
          </p>
        )
      ) : null}

      {d.quoted && (d.plan.requiresSalary || d.plan.minWorkingHours !== null) ? (
        <dl className="card" data-testid="salary-summary">
          {d.plan.requiresSalary ? (
            <div>
              <dt>{t("plan.annualSalary")}</dt>
              <dd>
                {d.salary.annualIncome ? formatWholeDollars(d.salary.annualIncome, i18n.language) : t("plan.notGiven")}{" "}
                <Link to={to("salary")} preventScrollReset>
                  {t("filter.edit")}
                </Link>
              </dd>
            </div>
          ) : null}
          {d.plan.minWorkingHours !== null ? (
            <div>
              <dt>{t("plan.workingHours")}</dt>
              <dd>
                {d.salary.workingHours ?? t("plan.notGiven")}{" "}
                <Link to={to("salary")} preventScrollReset>
                  {t("filter.edit")}
                </Link>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {d.quoted && d.eligibility && d.pricing?.ok ? (
        <section className="card" aria-labelledby="eligibility-title">
          <h2 id="eligibility-title">{t("plan.eligibilityTitle")}</h2>
          <EligibilityForm questions={d.eligibility} />
        </section>
      ) : null}

      {showCards && d.pricing?.ok ? (
        <section aria-labelledby="price-cards-title" className="stack">
          <h2 id="price-cards-title">{t("plan.yourPrice")}</h2>
          {d.needsMembership && d.membershipOptions.length ? (
            <div className={`card ${s.membership}`} data-testid="membership-card">
              <h3>{t("plan.membershipTitle")}</h3>
              <p>{t("plan.membershipRequired", { price: formatMoney(d.membershipOptions[0].priceCents, i18n.language) })}</p>
              {membershipChoice ? (
                <p className="text-success" data-testid="membership-chosen">
                  <span aria-hidden="true">✓ </span>
                  {t("plan.membershipChosen", { name: membershipChoice.name })}
                </p>
              ) : null}
              <Link className="button button--secondary" to={to("membership")} preventScrollReset>
                {t("plan.chooseMembership")}
              </Link>
            </div>
          ) : null}
          <ul className="grid">
            {d.pricing.entries.map((e) => (
              <li key={e.planPriceId} className="card" data-testid="price-card">
                {e.coverageAmount ? <p>{t("plan.coverage", { amount: formatWholeDollars(e.coverageAmount, i18n.language) })}</p> : null}
                <p className={s.price}>
                  {formatMoney(e.priceCents, i18n.language)}
                  <span className="muted">{t("plans.perMonth")}</span>
                </p>
                {d.companion ? (
                  <p className="muted">
                    {t("plan.premierPair", {
                      name: d.companion.name,
                      price: d.companion.priceCents ? formatMoney(d.companion.priceCents, i18n.language) : "",
                    })}
                  </p>
                ) : null}
                {d.current ? (
                  <p className="text-success" data-testid="current-plan">
                    {t("plans.currentPlan")}
                  </p>
                ) : d.inCart ? (
                  <p className="text-success" data-testid="in-cart">
                    <span aria-hidden="true">✓</span> {t("plans.addedToCart")}
                  </p>
                ) : d.plan.hideAddToCart ? (
                  <p>{t("plan.callForQuote")}</p>
                ) : needsAnswers ? (
                  <Link className="button" to={`/PlanQuestionView?planId=${d.plan.id}`}>
                    {t("plan.enrollNow")}
                  </Link>
                ) : (
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="planId" value={d.plan.id} />
                    <input type="hidden" name="planPriceId" value={e.planPriceId} />
                    {membershipChoice ? <input type="hidden" name="membershipPriceId" value={membershipChoice.planPriceId} /> : null}
                    <button className="button" type="submit">
                      {t("plan.addToCart")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.enrollType === "existing-member" && d.memberDashboardUrl ? (
        <p className="notice">
          {t("plan.currentMember")}{" "}
          <a href={d.memberDashboardUrl} target="_blank" rel="noopener noreferrer">
            {t("plan.memberDashboard")} <span className="visually-hidden">{t("common.opensNewTab")}</span>
          </a>
        </p>
      ) : null}

      <section aria-labelledby="about-plan" className="stack">
        <h2 id="about-plan">{t("plan.description")}</h2>
        <div className={s.body} dangerouslySetInnerHTML={{ __html: d.plan.bodyHtml }} />
        {d.plan.associationHtml ? <div className="notice" dangerouslySetInnerHTML={{ __html: d.plan.associationHtml }} /> : null}
        {d.plan.specialMessageHtml ? (
          <div
            className="notice notice--warning"
            data-testid="special-message"
            dangerouslySetInnerHTML={{ __html: d.plan.specialMessageHtml }}
          />
        ) : null}
        {[d.plan.exclusions, d.plan.example, d.plan.faq].map((part, i) =>
          part ? (
            <details key={i} className={s.details}>
              <summary>{part.title ?? [t("plan.exclusions"), t("plan.example"), t("plan.faq")][i]}</summary>
              <div dangerouslySetInnerHTML={{ __html: part.html }} />
            </details>
          ) : null,
        )}
      </section>

      {d.suggestions.length ? (
        <section aria-labelledby="suggested-title">
          <h2 id="suggested-title">{t("plan.suggested")}</h2>
          <PlanAddForm id="suggested-add" redirectTo={here} />
          <PlanCardLinks className="grid">
            {d.suggestions.map((card) => (
              <li key={card.id}>
                <PlanCard card={card} addForm="suggested-add" />
              </li>
            ))}
          </PlanCardLinks>
        </section>
      ) : null}

      {d.dialog ? <PlanDialogs d={d} closeTo={closeTo} to={to} /> : null}
    </div>
  );
}

function PricingNotice({ code, to }: { code: PricingErrorCode; to: (dialog: string | null) => string }) {
  const { t } = useTranslation();
  const target = code === "salaryError" || code === "hourError" ? "salary" : code === "smokerError" ? "tobacco" : "basic";
  return (
    <div className="notice notice--error" role="alert" data-testid="pricing-error" data-code={code}>
      <p>
        <Trans t={t} i18nKey={`pricing.${code}`} components={{ action: <Link to={to(target)} preventScrollReset /> }} />
      </p>
    </div>
  );
}
