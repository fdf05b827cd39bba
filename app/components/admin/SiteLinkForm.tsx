/** A site's link in the console (issue 27): which site, footer or admin menu, labels in both languages, address and order. */
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { SelectField, TextField, type Option } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";

export interface SiteLinkFormValues {
  siteId: string;
  kind: string;
  labelEn: string;
  labelEs: string;
  url: string;
  sortOrder: string;
}

const FIELDS = ["siteId", "kind", "labelEn", "labelEs", "url", "sortOrder"] as const;

export function SiteLinkForm({
  defaults,
  sites,
  submitLabel,
}: {
  defaults?: Partial<SiteLinkFormValues>;
  sites: Option[];
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`admin.links.fields.${f}`)]));
  const kinds = [
    { value: "footer", label: t("admin.links.kinds.footer") },
    { value: "admin", label: t("admin.links.kinds.admin") },
  ];
  return (
    <StoreForm id="site-link" labels={labels} validator={clientForms.siteLinkValidator} defaultValues={defaults as never}>
      <input type="hidden" name="intent" value="save" />
      <SelectField name="siteId" options={sites} placeholder={t("admin.links.chooseSite")} />
      <SelectField name="kind" options={kinds} />
      <TextField name="labelEn" />
      <TextField name="labelEs" />
      <TextField name="url" hint={t("admin.reps.hints.link")} spellCheck={false} />
      <TextField name="sortOrder" hint={t("admin.links.hints.sortOrder")} inputMode="numeric" short />
      <div>
        <button className="button" type="submit">
          {submitLabel}
        </button>
      </div>
    </StoreForm>
  );
}
