/**
 * A form in this store: remix-validated-form (the same zod schema on client and server),
 * the CSRF token, `noValidate` (the server is the truth) and an error summary on top.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { ValidatedForm, useFormContext, type Validator } from "remix-validated-form";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "react-i18next";
import { fieldId, translateMessage } from "./messages";
import { FormIdContext } from "./Fields";

export function StoreForm<T extends Record<string, unknown>>({
  id,
  validator,
  action,
  children,
  defaultValues,
  summary = true,
  className,
  extraErrors,
}: {
  id: string;
  validator: Validator<T>;
  action?: string;
  children: ReactNode;
  defaultValues?: Partial<T>;
  summary?: boolean;
  className?: string;
  /** errors found only on the server beyond the schema (shown in the summary too) */
  extraErrors?: Record<string, string>;
}) {
  return (
    <ValidatedForm id={id} validator={validator} method="post" action={action} noValidate defaultValues={defaultValues as never} className={className}>
      <FormIdContext.Provider value={id}>
        <AuthenticityTokenInput />
        {summary ? <ErrorSummary formId={id} extraErrors={extraErrors} /> : null}
        {children}
      </FormIdContext.Provider>
    </ValidatedForm>
  );
}

/** 'There is a problem' with a link to each field in error; focused when it appears. */
export function ErrorSummary({ formId, extraErrors }: { formId: string; extraErrors?: Record<string, string> }) {
  const { t } = useTranslation();
  const { fieldErrors, hasBeenSubmitted } = useFormContext(formId);
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries({ ...(extraErrors ?? {}), ...fieldErrors }).filter(([, v]) => v);
  const show = entries.length > 0;
  useEffect(() => {
    if (show && hasBeenSubmitted) ref.current?.focus();
  }, [show, hasBeenSubmitted]);
  if (!show) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${formId}-summary-title`} tabIndex={-1} ref={ref}>
      <h2 id={`${formId}-summary-title`}>{t("validation.summaryTitle")}</h2>
      <ul>
        {entries.map(([name, message]) => (
          <li key={name}>
            <a href={`#${fieldId(formId, name)}`}>{translateMessage(t, message)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
