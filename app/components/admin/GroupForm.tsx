/** The group form of the console (issue 27): enrollment code, company, landing page, address. */
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";

export interface GroupFormValues {
  groupCode: string;
  companyName: string;
  landingSlug: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

const FIELDS = ["groupCode", "companyName", "landingSlug", "address1", "address2", "city", "state", "zip"] as const;

export function GroupForm({ defaults, submitLabel }: { defaults?: Partial<GroupFormValues>; submitLabel: string }) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`admin.groups.fields.${f}`)]));
  return (
    <StoreForm id="group" labels={labels} validator={clientForms.groupValidator} defaultValues={defaults as never}>
      <input type="hidden" name="intent" value="save" />
      <TextField name="groupCode" hint={t("admin.groups.hints.groupCode")} spellCheck={false} />
      <TextField name="companyName" autoComplete="off" />
      <TextField name="landingSlug" hint={t("admin.groups.hints.landingSlug")} spellCheck={false} />
      <fieldset className="stack">
        <legend>{t("admin.groups.address")}</legend>
        <TextField name="address1" autoComplete="off" />
        <TextField name="address2" autoComplete="off" />
        <TextField name="city" autoComplete="off" />
        <TextField name="state" hint={t("admin.groups.hints.state")} short spellCheck={false} />
        <TextField name="zip" hint={t("admin.groups.hints.zip")} inputMode="numeric" short />
      </fieldset>
      <div>
        <button className="button" type="submit">
          {submitLabel}
        </button>
      </div>
    </StoreForm>
  );
}
