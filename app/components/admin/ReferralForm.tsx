/** The referral link form of the console (issue 27): code, referrer's name, and the rep, group and portal it enters with. */
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { SelectField, TextField, type Option } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";

export interface ReferralFormValues {
  code: string;
  referrerName: string;
  repId: string;
  groupId: string;
  portalId: string;
}

export interface ReferralChoices {
  reps: Option[];
  groups: Option[];
  portals: Option[];
}

const FIELDS = ["code", "referrerName", "repId", "groupId", "portalId"] as const;

export function ReferralForm({
  defaults,
  choices,
  submitLabel,
}: {
  defaults?: Partial<ReferralFormValues>;
  choices: ReferralChoices;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`admin.referrals.fields.${f}`)]));
  return (
    <StoreForm id="referral" labels={labels} validator={clientForms.referralValidator} defaultValues={defaults as never}>
      <input type="hidden" name="intent" value="save" />
      <TextField name="code" hint={t("admin.referrals.hints.code")} spellCheck={false} />
      <TextField name="referrerName" hint={t("admin.referrals.hints.referrerName")} autoComplete="off" />
      <SelectField name="repId" options={choices.reps} placeholder={t("admin.referrals.none")} />
      <SelectField name="groupId" options={choices.groups} placeholder={t("admin.referrals.none")} />
      <SelectField name="portalId" options={choices.portals} placeholder={t("admin.referrals.none")} />
      <div>
        <button className="button" type="submit">
          {submitLabel}
        </button>
      </div>
    </StoreForm>
  );
}
