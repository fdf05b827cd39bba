/**
 * A form in this store: the same zod schema on client and server (./validated, with the
 * validator usually from ~/forms/client: loaded when the form is first used), the CSRF token,
 * `noValidate` (the server is the truth) and an error summary on top.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { useActionData } from "@remix-run/react";
import { ValidatedForm, useFormContext, type Validator } from "./validated";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { fieldId, translateMessage } from "./messages";
import { FieldLabelsContext, FormIdContext, type FieldLabels } from "./Fields";

export type { FieldLabels };

export function StoreForm<T extends Record<string, unknown>>({
  id,
  validator,
  action,
  children,
  defaultValues,
  summary = true,
  className,
  extraErrors,
  labels,
  encType,
}: {
  id: string;
  /**
   * Every field's label as the page shows it, in the form's order, by field name: the error
   * summary names the field with its message ("First name: Field is required") in this order,
   * and each field in the form shows its entry as its label (./Fields `useFieldLabel`).
   */
  labels: FieldLabels;
  validator: Validator<T> & { preload?: () => void };
  action?: string;
  children: ReactNode;
  defaultValues?: Partial<T>;
  summary?: boolean;
  className?: string;
  /** multipart/form-data for a form with a file field */
  encType?: "multipart/form-data";
  /** errors found only on the server beyond the schema (shown in the summary too) */
  extraErrors?: Record<string, string>;
}) {
  // remix-validated-form renders the values the server sent back with its errors, but once
  // hydrated it switches to the defaultValues prop: every field the user had not touched since
  // would be emptied. Passing the sent-back values as the defaults keeps the page as rendered.
  const sentBack = sentBackValues(useActionData(), id);
  // A button marked formNoValidate (Save & Continue Later, Skip) sends the form as it stands (./validated).
  return (
    <ValidatedForm
      id={id}
      validator={validator as Validator<unknown>}
      method="post"
      action={action}
      encType={encType}
      noValidate
      defaultValues={(sentBack ?? defaultValues) as never}
      className={className}
      onFocusCapture={validator.preload}
    >
      <FormIdContext.Provider value={id}>
        <FieldLabelsContext.Provider value={labels}>
          <AuthenticityTokenInput />
          {summary ? <ErrorSummary formId={id} extraErrors={extraErrors} labels={labels} /> : null}
          {children}
        </FieldLabelsContext.Provider>
      </FormIdContext.Provider>
    </ValidatedForm>
  );
}

/** The values an action returned with its errors for this form (remix-validated-form's `repopulateFields`), matched as the library matches them. */
function sentBackValues(data: unknown, formId: string): Record<string, unknown> | null {
  if (!data || typeof data !== "object") return null;
  const d = data as { fieldErrors?: unknown; formId?: unknown; repopulateFields?: unknown };
  if (!d.fieldErrors || (typeof d.formId === "string" && d.formId !== formId)) return null;
  return d.repopulateFields && typeof d.repopulateFields === "object" ? (d.repopulateFields as Record<string, unknown>) : null;
}

/**
 * The summary's entries: each field in error with its label, in the order of `labels` (the
 * form's order); an error for a field the form gave no label comes last, with its message alone.
 */
export function summaryEntries(
  errors: Record<string, string | undefined>,
  labels: FieldLabels,
): Array<{ name: string; label: string | null; message: string }> {
  const order = Object.keys(labels);
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at < 0 ? order.length : at;
  };
  return Object.entries(errors)
    .filter((e): e is [string, string] => Boolean(e[1]))
    .map(([name, message], i) => ({ name, label: labels[name] ?? null, message, i }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i)
    .map(({ name, label, message }) => ({ name, label, message }));
}

/** 'There is a problem' with a link to each field in error, named by its label; focused when it appears. */
export function ErrorSummary({
  formId,
  extraErrors,
  labels,
}: {
  formId: string;
  extraErrors?: Record<string, string>;
  labels: FieldLabels;
}) {
  const { t } = useTranslation();
  const { fieldErrors, hasBeenSubmitted } = useFormContext(formId);
  const ref = useRef<HTMLDivElement>(null);
  const entries = summaryEntries({ ...(extraErrors ?? {}), ...fieldErrors }, labels);
  const show = entries.length > 0;
  useEffect(() => {
    if (show && hasBeenSubmitted) ref.current?.focus();
  }, [show, hasBeenSubmitted]);
  if (!show) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${formId}-summary-title`} tabIndex={-1} ref={ref}>
      <h2 id={`${formId}-summary-title`}>{t("validation.summaryTitle")}</h2>
      <ul>
        {entries.map(({ name, label, message }) => (
          <li key={name}>
            <a href={`#${fieldId(formId, name)}`}>
              {label ? t("validation.summaryItem", { label, message: translateMessage(t, message) }) : translateMessage(t, message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
