import { useContext, useEffect, useRef, useState, type ChangeEvent, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n-react";
import { useField } from "~/components/form/validated";
import type { FieldRules } from "~/domain/field-definitions";
import { BILLING_ADDRESS_FIELDS, type BillingAddress, type BillingSetup } from "~/forms/billing";
import { lazyFactory } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { CheckboxField, HintAndError, FormIdContext, RadioGroup, SelectField, TextField, type Option } from "~/components/form/Fields";
import { fieldId, translateMessage } from "~/components/form/messages";
import { AddressFields, addressLabels } from "./AddressFields";
import { StepActions, StepDialogs, type StepChrome } from "./StepControls";
import * as s from "./BillingInfoStep.css";

/** This step's validators, loaded on first use (ADR 013). */
const billingValidator = lazyFactory(() => import("~/forms/billing").then((m) => m.billingValidator));

export interface SavedBankView {
  value: string;
  bankName: string;
  accountType: string;
  masked: string;
}
export interface SavedCardView {
  value: string;
  brand: string;
  masked: string;
  expires: string;
  expired: boolean;
}

export interface BillingInfoData {
  chrome: StepChrome;
  rules: FieldRules;
  setup: BillingSetup;
  fixedMethod: { value: string; label: string } | null;
  methodOptions: Option[];
  billDates: Option[];
  accountTypes: Option[];
  holderTypes: Option[];
  months: Option[];
  years: Option[];
  states: Option[];
  existing: { banks: SavedBankView[]; cards: SavedCardView[] };
  newBank: string;
  newCard: string;
  physicalAddress: BillingAddress | null;
  values: Record<string, string>;
  descriptor: string;
  dialog: string | null;
  defaultEmail: string | null;
}

const BRANDS = ["visa", "mastercard", "amex", "discover"];

/**
 * The applicant's saved banks or cards as radios of `existing_payment` (shown masked), plus
 * "new bank details" / "enter a new card". Choosing a saved one makes the new-details fields
 * irrelevant: disabled with JavaScript, ignored by the server without.
 */
function SavedChoices({
  kind,
  legend,
  items,
  newValue,
  newLabel,
  anchor,
  onReclick,
}: {
  kind: "bank" | "card";
  legend: string;
  items: Array<{ value: string; label: ReactNode; disabled?: boolean }>;
  newValue: string;
  newLabel: string;
  anchor: boolean;
  onReclick: (e: MouseEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  const field = useField("existing_payment", {
    validationBehavior: { initial: "onSubmit", whenTouched: "onSubmit", whenSubmitted: "onChange" },
  });
  const formId = useContext(FormIdContext);
  const id = fieldId(formId, `existing_payment-${kind}`);
  const message = translateMessage(t, field.error);
  return (
    <fieldset
      className={s.saved}
      id={anchor ? fieldId(formId, "existing_payment") : undefined}
      tabIndex={-1}
      aria-describedby={message ? `${id}-error` : undefined}
      data-testid={`saved-${kind}s`}
    >
      <legend className="label">{legend}</legend>
      <HintAndError id={id} message={message} />
      <div className="stack">
        {items.map((item, i) => (
          <label key={item.value} className="choice" htmlFor={`${id}-${i}`}>
            <input
              {...field.getInputProps({ id: `${id}-${i}`, type: "radio", value: item.value, disabled: item.disabled, onClick: onReclick })}
            />
            {item.label}
          </label>
        ))}
        <label className="choice" htmlFor={`${id}-new`}>
          <input {...field.getInputProps({ id: `${id}-new`, type: "radio", value: newValue })} />
          {newLabel}
        </label>
      </div>
    </fieldset>
  );
}

export function BillingInfoStep({ data: d }: { data: BillingInfoData }) {
  const { t } = useTranslation();
  const show = (f: string) => Boolean(d.rules[f]?.shown && !d.rules[f]?.readOnly);
  const methods = d.methodOptions.map((o) => o.value);
  // Before hydration (and without JavaScript) every block is on the page; after it, only the chosen one.
  const [hydrated, setHydrated] = useState(false);
  const [method, setMethod] = useState(d.values.payment_method ?? "");
  const [existing, setExisting] = useState(d.values.existing_payment ?? "");
  const [physical, setPhysical] = useState(d.values.is_physical_address === "1");
  const [lookupError, setLookupError] = useState<string | null>(null);
  const bankRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const lastExisting = useRef(existing);
  useEffect(() => setHydrated(true), []);

  // Routing number: on blur, a 9-digit number fills the bank name (upper case); a failure clears it.
  useEffect(() => {
    const root = bankRef.current;
    if (!root) return;
    const onBlur = async (e: FocusEvent) => {
      const input = e.target as HTMLInputElement | null;
      if (input?.name !== "routing_number") return;
      const q = input.value.trim();
      if (!/^\d{9}$/.test(q)) return;
      const bank = root.querySelector<HTMLInputElement>('input[name="bank_name"]');
      try {
        const res = await fetch(`/api/routing-number?q=${encodeURIComponent(q)}`);
        const body = (await res.json()) as { name?: string; error?: string };
        if (bank) bank.value = body.name ? body.name.toUpperCase() : "";
        setLookupError(body.name ? null : (body.error ?? "validation.routingUnknown"));
      } catch {
        /* offline: the server checks the number on save */
      }
    };
    root.addEventListener("focusout", onBlur);
    return () => root.removeEventListener("focusout", onBlur);
  }, []);

  // The home address, when copied, is read-only (the server copies it again on save).
  useEffect(() => {
    const root = cardRef.current;
    if (!hydrated || !root) return;
    for (const f of BILLING_ADDRESS_FIELDS) {
      const el = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${f}"]`);
      if (!el) continue;
      if (el instanceof HTMLSelectElement) el.disabled = physical;
      else el.readOnly = physical;
      el.setAttribute("aria-readonly", physical ? "true" : "false");
    }
  }, [physical, hydrated]);

  const fillAddress = (on: boolean) => {
    const root = cardRef.current;
    if (!root) return;
    for (const f of BILLING_ADDRESS_FIELDS) {
      const el = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${f}"]`);
      if (el) el.value = on ? (d.physicalAddress?.[f] ?? "") : "";
    }
  };

  const onChange = (e: ChangeEvent<HTMLDivElement>) => {
    const target = e.target as unknown as HTMLInputElement;
    if (target.name === "payment_method") setMethod(target.value);
    else if (target.name === "existing_payment") {
      setExisting(target.value);
      lastExisting.current = target.value;
    } else if (target.name === "is_physical_address") {
      fillAddress(target.checked);
      setPhysical(target.checked);
    } else if (target.name === "routing_number") setLookupError(null);
  };
  // Choosing the saved method that is already chosen deselects it: back to new details.
  const onReclick = (e: MouseEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    if (lastExisting.current === input.value) {
      input.checked = false;
      setExisting("");
      lastExisting.current = "";
    } else lastExisting.current = input.value;
  };

  const hiddenUnless = (m: string) => hydrated && methods.length > 1 && method !== m;
  const savedBankChosen = hydrated && existing.startsWith("bank:");
  const savedCardChosen = hydrated && existing.startsWith("card:");
  const anchorOnBank = methods.includes("eft") && d.existing.banks.length > 0;

  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.billing_info")}</h1>
      <StoreForm
        labels={{
          payment_method: t("billing.method"),
          bill_date: t("billing.billDate"),
          existing_payment: t(d.existing.banks.length ? "billing.savedBanks" : "billing.savedCards"),
          routing_number: t("billing.routingNumber"),
          bank_name: t("billing.bankName"),
          account_name: t("billing.accountName"),
          account_number: t("billing.accountNumber"),
          account_type: t("billing.accountType"),
          account_holder_type: t("billing.accountHolderType"),
          first_name_on_cc: t("billing.firstNameOnCard"),
          last_name_on_cc: t("billing.lastNameOnCard"),
          card_number: t("billing.cardNumber"),
          expiration_month: t("billing.expirationMonth"),
          expiration_year: t("billing.expirationYear"),
          security_code: t("billing.securityCode"),
          is_physical_address: t("billing.physicalAddress"),
          ...addressLabels(t),
        }}
        id="billing"
        validator={billingValidator(d.setup)}
        defaultValues={d.values as never}
      >
        {d.fixedMethod ? (
          <div className="notice" data-testid="billing-fixed">
            <p>
              <strong>{t("billing.methodFixed", { method: d.fixedMethod.label })}</strong>
            </p>
            <p>{t("billing.fixedNote")}</p>
          </div>
        ) : (
          <div onChange={onChange}>
            {methods.length > 1 ? (
              <RadioGroup name="payment_method" hint={t("billing.methodHint")} options={d.methodOptions} />
            ) : (
              <div className="field">
                <p className="label">{t("billing.method")}</p>
                <p>{d.methodOptions[0]?.label}</p>
                <input type="hidden" name="payment_method" value={methods[0] ?? ""} />
              </div>
            )}
            {show("bill_date") ? <SelectField name="bill_date" hint={t("billing.billDateHint")} options={d.billDates} /> : null}

            {methods.includes("eft") ? (
              <fieldset className={s.method} hidden={hiddenUnless("eft")} disabled={hiddenUnless("eft")} data-method="eft">
                <legend className={s.methodLegend}>{t("billing.bankHeading")}</legend>
                {d.existing.banks.length ? (
                  <SavedChoices
                    kind="bank"
                    legend={t("billing.savedBanks")}
                    anchor={anchorOnBank}
                    newValue={d.newBank}
                    newLabel={t("billing.newBank")}
                    onReclick={onReclick}
                    items={d.existing.banks.map((b) => ({
                      value: b.value,
                      label: (
                        <span>
                          {t("billing.savedBank", { bank: b.bankName, type: b.accountType })} <span className={s.masked}>{b.masked}</span>
                        </span>
                      ),
                    }))}
                  />
                ) : null}
                <fieldset className={s.newDetails} disabled={savedBankChosen}>
                  <div ref={bankRef}>
                    {show("routing_number") ? (
                      <TextField
                        name="routing_number"
                        hint={t("billing.routingHint")}
                        inputMode="numeric"
                        maxLength={9}
                        autoComplete="off"
                        error={lookupError}
                        short
                      />
                    ) : null}
                    {show("bank_name") ? (
                      <TextField name="bank_name" hint={t("billing.bankNameHint")} maxLength={100} autoComplete="off" />
                    ) : null}
                    {show("account_name") ? <TextField name="account_name" maxLength={100} autoComplete="name" /> : null}
                    {show("account_number") ? (
                      <TextField
                        name="account_number"
                        hint={t("billing.accountNumberHint")}
                        inputMode="numeric"
                        maxLength={17}
                        autoComplete="off"
                        spellCheck={false}
                      />
                    ) : null}
                    {show("account_type") ? <RadioGroup name="account_type" options={d.accountTypes} /> : null}
                    {show("account_holder_type") ? <RadioGroup name="account_holder_type" options={d.holderTypes} /> : null}
                  </div>
                </fieldset>
                <div className={s.eftText} data-testid="eft-text">
                  <p>{t("billing.eftInitial")}</p>
                  <p>{t("billing.eftMonthly")}</p>
                  <p>{t("billing.eftFees")}</p>
                </div>
              </fieldset>
            ) : null}

            {methods.includes("cc") ? (
              <fieldset className={s.method} hidden={hiddenUnless("cc")} disabled={hiddenUnless("cc")} data-method="cc">
                <legend className={s.methodLegend}>{t("billing.cardHeading")}</legend>
                {d.existing.cards.length ? (
                  <SavedChoices
                    kind="card"
                    legend={t("billing.savedCards")}
                    anchor={!anchorOnBank}
                    newValue={d.newCard}
                    newLabel={t("billing.newCard")}
                    onReclick={onReclick}
                    items={d.existing.cards.map((c) => ({
                      value: c.value,
                      disabled: c.expired,
                      label: (
                        <span>
                          {BRANDS.includes(c.brand) ? t(`billing.brands.${c.brand}`) : t("billing.brands.card")}{" "}
                          <span className={s.masked}>{c.masked}</span>, {t("billing.expires", { date: c.expires })}
                          {c.expired ? <span className={s.expired}> {t("billing.expired")}</span> : null}
                        </span>
                      ),
                    }))}
                  />
                ) : null}
                <fieldset className={s.newDetails} disabled={savedCardChosen}>
                  <div ref={cardRef}>
                    {show("first_name_on_cc") ? <TextField name="first_name_on_cc" maxLength={50} autoComplete="cc-given-name" /> : null}
                    {show("last_name_on_cc") ? <TextField name="last_name_on_cc" maxLength={50} autoComplete="cc-family-name" /> : null}
                    {show("card_number") ? (
                      <TextField
                        name="card_number"
                        hint={t("billing.cardNumberHint")}
                        inputMode="numeric"
                        maxLength={31}
                        autoComplete="cc-number"
                        spellCheck={false}
                      />
                    ) : null}
                    {show("expiration_month") || show("expiration_year") ? (
                      <fieldset className="field">
                        <legend>{t("billing.expiration")}</legend>
                        <div className={s.expiry}>
                          {show("expiration_month") ? (
                            <SelectField
                              name="expiration_month"
                              options={d.months}
                              placeholder={t("common.select")}
                              autoComplete="cc-exp-month"
                            />
                          ) : null}
                          {show("expiration_year") ? (
                            <SelectField
                              name="expiration_year"
                              options={d.years}
                              placeholder={t("common.select")}
                              autoComplete="cc-exp-year"
                            />
                          ) : null}
                        </div>
                      </fieldset>
                    ) : null}
                    {show("security_code") ? (
                      <TextField
                        name="security_code"
                        hint={t("billing.securityCodeHint")}
                        inputMode="numeric"
                        maxLength={4}
                        autoComplete="cc-csc"
                        spellCheck={false}
                        short
                      />
                    ) : null}
                    <h2>{t("billing.billingAddress")}</h2>
                    {d.physicalAddress ? <CheckboxField name="is_physical_address" hint={t("billing.physicalAddressHint")} /> : null}
                    <AddressFields rules={d.rules} states={d.states} formId="billing" />
                  </div>
                </fieldset>
              </fieldset>
            ) : null}
          </div>
        )}
        <p className={s.descriptor} data-testid="billing-text">
          {t("billing.billingText")} <span className={s.descriptorValue}>{d.descriptor}</span>
        </p>
        <StepActions chrome={d.chrome} />
      </StoreForm>
      <StepDialogs defaultEmail={d.defaultEmail} />
    </section>
  );
}
