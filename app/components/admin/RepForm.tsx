/** The rep form of the console (issue 27): identity, contact, landing and branding, portals. */
import { useContext } from "react";
import { useField } from "~/components/form/validated";
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { FileField, FormIdContext, HintAndError, TextAreaField, TextField, useFieldLabel } from "~/components/form/Fields";
import { fieldId, translateMessage } from "~/components/form/messages";
import * as clientForms from "~/forms/client";
import { BRAND_IMAGE_MAX_BYTES } from "~/domain/brand-image";

export interface RepFormValues {
  agentCode: string;
  landingSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  displayName: string;
  displayPhone: string;
  displayEmail: string;
  logoUrl: string;
  bannerImageUrl: string;
  bannerLink: string;
  brandColor: string;
  taglineEn: string;
  taglineEs: string;
  bioEn: string;
  bioEs: string;
  portals: string[];
}

const FIELDS = [
  "agentCode",
  "landingSlug",
  "firstName",
  "lastName",
  "email",
  "phone",
  "displayName",
  "displayPhone",
  "displayEmail",
  "logoUrl",
  "logoFile",
  "bannerImageUrl",
  "bannerFile",
  "bannerLink",
  "brandColor",
  "taglineEn",
  "taglineEs",
  "bioEn",
  "bioEs",
  "portals",
] as const;

const IMAGE_TYPES = "image/png,image/jpeg,image/webp";
const IMAGE_MB = BRAND_IMAGE_MAX_BYTES / (1024 * 1024);

/** Checkboxes sharing one name (a list), with one legend, hint and error. */
function CheckboxGroup({ name, label, options }: { name: string; label?: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const shown = useFieldLabel(name, label);
  const field = useField(name, { validationBehavior: { initial: "onSubmit", whenTouched: "onSubmit", whenSubmitted: "onChange" } });
  const id = fieldId(useContext(FormIdContext), name);
  const message = translateMessage(t, field.error);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <fieldset id={id} tabIndex={-1} aria-describedby={message ? `${id}-error` : undefined}>
        <legend>{shown}</legend>
        <HintAndError id={id} message={message} />
        <div className="stack">
          {options.map((o, i) => (
            <label key={o.value} className="choice" htmlFor={`${id}-${i}`}>
              <input {...field.getInputProps({ id: `${id}-${i}`, type: "checkbox", value: o.value })} />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function RepForm({
  id,
  defaults,
  portals,
  submitLabel,
}: {
  id: string;
  defaults?: Partial<RepFormValues>;
  portals: { id: number; name: string }[];
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`admin.reps.fields.${f}`)]));
  return (
    <StoreForm id={id} labels={labels} validator={clientForms.repValidator} defaultValues={defaults as never} encType="multipart/form-data">
      <input type="hidden" name="intent" value="save" />
      <fieldset className="stack">
        <legend>{t("admin.reps.sections.identity")}</legend>
        <TextField name="agentCode" hint={t("admin.reps.hints.agentCode")} spellCheck={false} />
        <TextField name="landingSlug" hint={t("admin.reps.hints.landingSlug")} spellCheck={false} />
        <TextField name="firstName" autoComplete="off" />
        <TextField name="lastName" autoComplete="off" />
        <TextField name="email" type="email" autoComplete="off" spellCheck={false} />
        <TextField name="phone" type="tel" hint={t("admin.reps.hints.phone")} autoComplete="off" />
      </fieldset>
      <fieldset className="stack">
        <legend>{t("admin.reps.sections.branding")}</legend>
        <TextField name="displayName" autoComplete="off" />
        <TextField name="displayPhone" type="tel" autoComplete="off" />
        <TextField name="displayEmail" type="email" autoComplete="off" spellCheck={false} />
        <TextField name="logoUrl" hint={t("admin.reps.hints.image")} spellCheck={false} />
        <FileField name="logoFile" hint={t("admin.reps.hints.imageFile", { mb: IMAGE_MB })} accept={IMAGE_TYPES} />
        <TextField name="bannerImageUrl" hint={t("admin.reps.hints.image")} spellCheck={false} />
        <FileField name="bannerFile" hint={t("admin.reps.hints.imageFile", { mb: IMAGE_MB })} accept={IMAGE_TYPES} />
        <TextField name="bannerLink" hint={t("admin.reps.hints.link")} spellCheck={false} />
        <TextField name="brandColor" hint={t("admin.reps.hints.brandColor")} spellCheck={false} short />
        <TextField name="taglineEn" />
        <TextField name="taglineEs" />
        <TextAreaField name="bioEn" maxLength={2000} />
        <TextAreaField name="bioEs" maxLength={2000} />
      </fieldset>
      <CheckboxGroup name="portals" options={portals.map((p) => ({ value: String(p.id), label: p.name }))} />
      <div>
        <button className="button" type="submit">
          {submitLabel}
        </button>
      </div>
    </StoreForm>
  );
}
