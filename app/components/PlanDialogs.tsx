/**
 * The plan page's dialogs (?dialog=quote|salary|tobacco|membership|tier|dependents|portal): closed
 * on first paint, so their code (and the forms they hold) loads only when one is shown (LazyPart).
 */
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { formatMoney } from "~/utils/format";
import { salaryValidator, tobaccoValidator } from "~/forms/client";
import { Dialog } from "./Dialog";
import { QuoteForm } from "./QuoteForm";
import { DependentsInfoDialog, TierForm } from "./ChooseTier";
import { StoreForm } from "./form/StoreForm";
import { RadioGroup, yesNoOptions, TextField } from "./form/Fields";
import { RepPortalForm, PortalOnlyForm } from "./PortalChooser";
import type { PlanPageData } from "./PlanPageData";
import * as s from "./PlanPage.css";

export function PlanDialogs({
  d,
  closeTo,
  to,
}: {
  d: PlanPageData;
  closeTo: string;
  to: (dialog: string | null, extra?: Record<string, string>) => string;
}) {
  const { t, i18n } = useTranslation();
  switch (d.dialog) {
    case "quote":
      return (
        <Dialog id="quote" title={t("filter.basicDetails")} closeTo={closeTo}>
          <QuoteForm id="plan-quote" allowOtherGender defaults={d.quoteDefaults ?? undefined} />
        </Dialog>
      );
    case "salary":
      return (
        <Dialog id="salary" title={t("plan.salaryTitle")} closeTo={closeTo}>
          <StoreForm
            labels={{ annualIncome: t("plan.annualSalary"), workingHours: t("plan.workingHours") }}
            id="salary-form"
            validator={salaryValidator(d.plan.minWorkingHours !== null)}
            defaultValues={
              {
                annualIncome: d.salary.annualIncome ? String(d.salary.annualIncome) : "",
                workingHours: d.salary.workingHours ? String(d.salary.workingHours) : "",
              } as never
            }
          >
            <input type="hidden" name="intent" value="salary" />
            <TextField name="annualIncome" hint={t("plan.annualSalaryHint")} inputMode="numeric" maxLength={12} short />
            {d.plan.minWorkingHours !== null ? (
              <TextField
                name="workingHours"
                hint={t("plan.workingHoursHint", { hours: d.plan.minWorkingHours })}
                inputMode="numeric"
                maxLength={3}
                short
              />
            ) : null}
            <button className="button" type="submit">
              {t("common.save")}
            </button>
          </StoreForm>
        </Dialog>
      );
    case "tobacco":
      return (
        <Dialog id="tobacco" title={t("plan.tobaccoTitle")} closeTo={closeTo}>
          <StoreForm
            labels={{ smoker: t("quote.smoker") }}
            id="tobacco-form"
            validator={tobaccoValidator}
            defaultValues={{ smoker: d.smoker === null ? undefined : String(d.smoker) } as never}
          >
            <input type="hidden" name="intent" value="tobacco" />
            {/* the plan's rates need the answer, so no "you can leave it blank" here (issue 26 #8) */}
            <RadioGroup name="smoker" hint={t("plan.tobaccoHint")} options={yesNoOptions(t)} />
            <button className="button" type="submit">
              {t("common.save")}
            </button>
          </StoreForm>
        </Dialog>
      );
    case "membership":
      return (
        <Dialog id="membership" title={t("plan.membershipOptions")} closeTo={closeTo}>
          {d.membershipOptions.length ? (
            <ul className="stack">
              {d.membershipOptions.map((m) => (
                <li key={m.planPriceId} className="card">
                  <h3>{m.name}</h3>
                  <div dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />
                  <p className={s.price}>
                    {formatMoney(m.priceCents, i18n.language)}
                    <span className="muted">{t("plans.perMonth")}</span>
                  </p>
                  <Link className="button" to={to(null, { membership: String(m.planPriceId) })} preventScrollReset>
                    {t("plan.selectMembership")}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("plan.noMembership")}</p>
          )}
        </Dialog>
      );
    case "tier":
      return (
        <Dialog id="tier" title={t("tiers.choose")} closeTo={closeTo}>
          <TierForm backTo={closeTo} />
        </Dialog>
      );
    case "dependents":
      return d.dependentsFor ? <DependentsInfoDialog tier={d.dependentsFor} closeTo={closeTo} /> : null;
    case "portal":
      return d.portalChoice ? (
        <Dialog id="portal" title={t("portal.title")} closeTo={closeTo}>
          {d.portalChoice.forRep ? (
            <RepPortalForm
              id="plan-portal"
              portals={d.portalChoice.portals}
              groups={d.portalChoice.groups}
              intent="portal"
              carriedQuote={d.carriedQuote}
            />
          ) : (
            <PortalOnlyForm id="plan-portal-only" portals={d.portalChoice.portals} intent="portal" />
          )}
        </Dialog>
      ) : null;
    default:
      return null;
  }
}
