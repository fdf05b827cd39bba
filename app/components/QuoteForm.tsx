import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, yesNoOptions, SelectField, TextField } from "~/components/form/Fields";
import { quoteValidator } from "~/forms/client";
import { formatDateTyping, todayIso } from "~/domain/dates";

import type { QuoteDefaults } from "~/views/shopping";

export type { QuoteDefaults } from "~/views/shopping";

/** The date typing helper: month ≤ 12, day ≤ 31, slashes, 10 characters (JavaScript only). */
export function typeDate(e: React.FormEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const formatted = formatDateTyping(input.value);
  if (formatted !== input.value) input.value = formatted;
}

/**
 * The landing quote (and the Basic Details edit): zip, date of birth, gender, spouse date
 * of birth and number of children (the tier follows from them), tobacco use, category.
 */
export function QuoteForm({
  id = "quote",
  categories,
  defaults,
  submitLabel,
  showSmoker = true,
  allowOtherGender = false,
  children,
}: {
  id?: string;
  categories?: Array<{ key: string; label: string }>;
  defaults?: QuoteDefaults;
  submitLabel?: string;
  showSmoker?: boolean;
  /** offer gender 2, "Others" (the plan page's quote, storefront §3) */
  allowOtherGender?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const requireCategory = Boolean(categories);
  const validator = quoteValidator(todayIso(new Date()), requireCategory, allowOtherGender);
  const defaultValues = {
    zip: defaults?.zip ?? "",
    dob: defaults?.dob ?? "",
    gender: defaults?.gender === null || defaults?.gender === undefined ? undefined : String(defaults.gender),
    spouseDob: defaults?.spouseDob ?? "",
    childCount: String(defaults?.childCount ?? 0),
    smoker: defaults?.smoker === null || defaults?.smoker === undefined ? undefined : String(defaults.smoker),
    category: defaults?.category ?? "",
  };
  return (
    <StoreForm
      id={id}
      validator={validator}
      defaultValues={defaultValues as never}
      labels={{
        zip: t("quote.zip"),
        dob: t("quote.dob"),
        gender: t("quote.gender"),
        spouseDob: t("quote.spouseDob"),
        childCount: t("quote.childCount"),
        smoker: t("quote.smoker"),
        category: t("quote.category"),
      }}
    >
      <input type="hidden" name="intent" value="quote" />
      <TextField name="zip" inputMode="numeric" maxLength={5} autoComplete="postal-code" short />
      <TextField name="dob" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} autoComplete="bday" short onInput={typeDate} />
      <RadioGroup
        name="gender"
        options={[
          { value: "0", label: t("quote.male") },
          { value: "1", label: t("quote.female") },
          ...(allowOtherGender ? [{ value: "2", label: t("quote.others") }] : []),
        ]}
      />
      <TextField
        name="spouseDob"
        hint={t("quote.spouseDobHint")}
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        short
        onInput={typeDate}
      />
      <SelectField
        name="childCount"
        hint={t("quote.childCountHint")}
        options={Array.from({ length: 10 }, (_, i) => ({ value: String(i), label: String(i) }))}
      />
      {showSmoker ? <RadioGroup name="smoker" hint={t("quote.smokerHint")} options={yesNoOptions(t)} /> : null}
      {categories ? (
        <SelectField
          name="category"
          options={categories.map((c) => ({ value: c.key, label: c.label }))}
          placeholder={t("quote.chooseCategory")}
        />
      ) : null}
      {children}
      <button className="button" type="submit">
        {submitLabel ?? t("quote.submit")}
      </button>
    </StoreForm>
  );
}
