import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n-react";
import type { TFunction } from "i18next";
import type { FieldLabels } from "~/components/form/StoreForm";
import type { FieldRules } from "~/domain/field-definitions";
import { SelectField, TextField, type Option } from "~/components/form/Fields";

/** The labels of the address fields, in their order (for the form's error summary). */
export function addressLabels(t: TFunction, prefix = ""): FieldLabels {
  return {
    [`${prefix}address1`]: t("address.line1"),
    [`${prefix}address2`]: t("address.line2"),
    [`${prefix}city`]: t("address.city"),
    [`${prefix}zip`]: t("quote.zip"),
    [`${prefix}state`]: t("address.state"),
  };
}

/**
 * Address lines, city, ZIP and state, labelled by the form's `addressLabels` entries (the form
 * spreads `addressLabels(t, prefix)` into its labels). With JavaScript a 5-digit ZIP fills the state and locks
 * it; changing the ZIP clears the state it gave and looks it up again, and a ZIP that gives no
 * state says so at once, beside the field (issue 26 #14). Without JavaScript the server sets the
 * state from the ZIP on save.
 */
export function AddressFields({
  rules,
  states,
  prefix = "",
  formId,
}: {
  rules: FieldRules;
  states: Option[];
  prefix?: string;
  formId: string;
}) {
  const { t } = useTranslation();
  const show = (f: string) => rules[f]?.shown && !rules[f]?.readOnly;
  const wrap = useRef<HTMLDivElement>(null);
  const [zipUnknown, setZipUnknown] = useState(false);
  useEffect(() => {
    const root = wrap.current;
    const zip = root?.querySelector<HTMLInputElement>(`input[name="${prefix}zip"]`);
    const state = root?.querySelector<HTMLSelectElement>(`select[name="${prefix}state"]`);
    if (!zip || !state) return;
    let locked = Boolean(state.value && /^\d{5}$/.test(zip.value));
    // the state the ZIP gave, which a locked select keeps (not the one the page opened with)
    let keep = state.value;
    const lock = (on: boolean) => {
      locked = on;
      if (on) keep = state.value;
      state.setAttribute("aria-readonly", on ? "true" : "false");
      state.dataset.locked = on ? "1" : "0";
    };
    lock(locked);
    const onState = () => {
      if (locked) state.value = keep;
    };
    let asked = "";
    const onZip = async () => {
      // the state belonged to the ZIP that was there: a changed ZIP clears it until looked up again
      if (locked) state.value = "";
      lock(false);
      setZipUnknown(false);
      const typed = zip.value.trim();
      if (!/^\d{5}$/.test(typed)) return;
      asked = typed;
      try {
        const res = await fetch(`/api/zip-state?zip=${encodeURIComponent(typed)}`);
        const { state: found } = (await res.json()) as { state: string | null };
        if (asked !== typed) return; // typed again meanwhile: that answer is old
        if (found) {
          state.value = found;
          lock(true);
        } else {
          state.value = "";
          setZipUnknown(true);
        }
      } catch {
        /* the server checks it on save */
      }
    };
    zip.addEventListener("input", onZip);
    state.addEventListener("change", onState);
    return () => {
      zip.removeEventListener("input", onZip);
      state.removeEventListener("change", onState);
    };
  }, [prefix, formId]);
  return (
    <div ref={wrap}>
      {show("address1") ? <TextField name={`${prefix}address1`} autoComplete="address-line1" maxLength={100} /> : null}
      {show("address2") ? <TextField name={`${prefix}address2`} autoComplete="address-line2" maxLength={100} /> : null}
      {show("city") ? <TextField name={`${prefix}city`} autoComplete="address-level2" maxLength={100} /> : null}
      {show("zip") ? (
        <TextField name={`${prefix}zip`} hint={t("address.zipHint")} inputMode="numeric" maxLength={5} autoComplete="postal-code" short />
      ) : null}
      {/* the lookup's answer, read out when it comes (JavaScript only) */}
      <p className="error-message" role="status" data-testid={`${prefix}zip-lookup`}>
        {zipUnknown ? t("validation.zipInvalid") : null}
      </p>
      {show("state") ? (
        <SelectField name={`${prefix}state`} options={states} placeholder={t("common.select")} autoComplete="address-level1" />
      ) : null}
    </div>
  );
}
