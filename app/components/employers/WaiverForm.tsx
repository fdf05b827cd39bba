import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextAreaField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";
import { WAIVER_REASONS, WAIVER_TEXT_MAX } from "~/domain/employer-progress";

/** Declining coverage with a reason from the fixed list (issue 28): the employee's or the admin's form. */
export function WaiverForm({ forSomeoneElse }: { forSomeoneElse: boolean }) {
  const { t } = useTranslation();
  const labels = { reason: t("waiver.reason"), otherText: t("waiver.otherText") };
  return (
    <StoreForm id="waiver" labels={labels} validator={clientForms.waiverValidator}>
      <input type="hidden" name="intent" value="waive" />
      <RadioGroup
        name="reason"
        hint={t(forSomeoneElse ? "waiver.reasonHintAdmin" : "waiver.reasonHint")}
        inline={false}
        options={WAIVER_REASONS.map((r) => ({ value: r, label: t(`waiver.reasons.${r}`) }))}
      />
      <TextAreaField name="otherText" hint={t("waiver.otherTextHint")} maxLength={WAIVER_TEXT_MAX} rows={3} />
      <button className="button button--secondary" type="submit">
        {t("waiver.submit")}
      </button>
    </StoreForm>
  );
}
