import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, SelectField, TextField } from "~/components/form/Fields";
import { Dialog } from "~/components/Dialog";
import { dependentsInfoValidator, tierChoiceValidator } from "~/forms/client";
import { maxChildren, needsChildren, needsSpouse, TIERS, type Tier } from "~/domain/tiers";
import { todayIso } from "~/domain/dates";

/** The tier choice form (inline, or as the Choose Tier dialog). */
export function TierForm({ hidden, submitLabel, backTo }: { hidden?: Record<string, string>; submitLabel?: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <StoreForm id="tier" validator={tierChoiceValidator} labels={{ tier: t("tiers.choose") }}>
      <input type="hidden" name="intent" value="tier" />
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <RadioGroup name="tier" options={TIERS.map((tier) => ({ value: tier, label: t(`tiers.${tier}`) }))} inline={false} />
      <div className="button-group">
        <button className="button" type="submit">
          {submitLabel ?? t("common.submit")}
        </button>
        {backTo ? (
          <Link className="button button--secondary" to={backTo}>
            {t("common.back")}
          </Link>
        ) : null}
      </div>
    </StoreForm>
  );
}

/** 'Please provide the following information': spouse date of birth and/or number of children. */
export function DependentsInfoDialog({ tier, closeTo, hidden }: { tier: Tier; closeTo: string; hidden?: Record<string, string> }) {
  const { t } = useTranslation();
  const validator = dependentsInfoValidator(todayIso(new Date()));
  const children = Array.from({ length: maxChildren(tier) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  return (
    <Dialog id="dependents-info" title={t("tiers.dependentsTitle")} closeTo={closeTo}>
      <StoreForm
        id="dependents-info-form"
        validator={validator}
        defaultValues={{ tier } as never}
        labels={{ spouseDob: t("tiers.spouseDob"), childCount: t("tiers.childCount") }}
      >
        <input type="hidden" name="intent" value="dependents" />
        <input type="hidden" name="tier" value={tier} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {needsSpouse(tier) ? (
          <TextField name="spouseDob" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short autoComplete="off" />
        ) : null}
        {needsChildren(tier) ? <SelectField name="childCount" options={children} placeholder={t("common.select")} /> : null}
        <div className="button-group">
          <button className="button" type="submit">
            {t("common.submit")}
          </button>
          <Link className="button button--secondary" to={closeTo}>
            {t("common.back")}
          </Link>
        </div>
      </StoreForm>
    </Dialog>
  );
}
