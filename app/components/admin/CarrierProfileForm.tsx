/** A carrier's delivery profile in the console (issue 29): format, trading partners, sponsor and payer, schedule, transport. */
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, SelectField, TextField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";
import { CARRIER_PROFILE_FIELDS, ISA_QUALIFIERS, N1_QUALIFIERS, WEEKDAYS, type CarrierProfileField } from "~/forms/carrier-profile";

export function CarrierProfileForm({
  defaults,
  submitLabel,
}: {
  defaults: Partial<Record<CarrierProfileField, string>>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(CARRIER_PROFILE_FIELDS.map((f) => [f, t(`carrierProfile.fields.${f}`)]));
  const isa = ISA_QUALIFIERS.map((q) => ({ value: q, label: t(`carrierProfile.isaQualifiers.${q}`) }));
  const n1 = N1_QUALIFIERS.map((q) => ({ value: q, label: t(`carrierProfile.n1Qualifiers.${q}`) }));
  const text = (f: CarrierProfileField, hint?: string) => (
    <TextField name={f} hint={hint ? t(hint) : undefined} spellCheck={false} autoComplete="off" />
  );
  return (
    <StoreForm id="carrier-profile" labels={labels} validator={clientForms.carrierProfileValidator} defaultValues={defaults as never}>
      <input type="hidden" name="intent" value="save" />
      <fieldset className="stack">
        <legend>{t("carrierProfile.sections.file")}</legend>
        <RadioGroup
          name="format"
          options={[
            { value: "834", label: t("carrierProfile.formats.834") },
            { value: "csv", label: t("carrierProfile.formats.csv") },
          ]}
        />
        <RadioGroup
          name="usage"
          hint={t("carrierProfile.hints.usage")}
          options={[
            { value: "T", label: t("carrierConsole.usages.T") },
            { value: "P", label: t("carrierConsole.usages.P") },
          ]}
        />
      </fieldset>
      <fieldset className="stack">
        <legend>{t("carrierProfile.sections.partners")}</legend>
        <SelectField name="senderQualifier" options={isa} />
        {text("senderId", "carrierProfile.hints.isaId")}
        <SelectField name="receiverQualifier" options={isa} />
        {text("receiverId", "carrierProfile.hints.isaId")}
        {text("applicationSender")}
        {text("applicationReceiver")}
      </fieldset>
      <fieldset className="stack">
        <legend>{t("carrierProfile.sections.parties")}</legend>
        {text("sponsorName")}
        <SelectField name="sponsorIdQualifier" options={n1} />
        {text("sponsorId")}
        {text("payerName")}
        <SelectField name="payerIdQualifier" options={n1} />
        {text("payerId")}
        {text("masterPolicy")}
      </fieldset>
      <fieldset className="stack">
        <legend>{t("carrierProfile.sections.schedule")}</legend>
        <RadioGroup
          name="schedule"
          inline={false}
          options={[
            { value: "daily", label: t("carrierProfile.schedules.daily") },
            { value: "weekly", label: t("carrierProfile.schedules.weekly") },
          ]}
        />
        <SelectField
          name="fullFileWeekday"
          hint={t("carrierProfile.hints.fullFileWeekday")}
          placeholder={t("carrierProfile.noWeekday")}
          options={WEEKDAYS.map((d) => ({ value: d, label: t(`carrierProfile.weekdays.${d}`) }))}
        />
      </fieldset>
      <fieldset className="stack">
        <legend>{t("carrierProfile.sections.transport")}</legend>
        <RadioGroup
          name="transport"
          inline={false}
          options={[
            { value: "local", label: t("carrierConsole.transports.local") },
            { value: "sftp", label: t("carrierConsole.transports.sftp") },
          ]}
        />
        <p className="hint">{t("carrierProfile.hints.sftpOnly")}</p>
        {text("sftpHost")}
        <TextField name="sftpPort" hint={t("carrierProfile.hints.sftpPort")} inputMode="numeric" short />
        {text("sftpUsername")}
        {text("sftpKeyRef", "carrierProfile.hints.sftpKeyRef")}
        {text("sftpHostKeySha256", "carrierProfile.hints.sftpHostKeySha256")}
        {text("sftpOutbox", "carrierProfile.hints.folder")}
        {text("sftpInbox", "carrierProfile.hints.folder")}
      </fieldset>
      <div>
        <button className="button" type="submit">
          {submitLabel}
        </button>
      </div>
    </StoreForm>
  );
}
