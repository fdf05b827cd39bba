/**
 * Form fields in the GOV.UK pattern: label, hint, error message, then the control, linked
 * with aria-describedby; errors come from ./validated (client and server alike).
 */
import { useField } from "~/components/form/validated";
import { useTranslation } from "~/i18n-react";
import { createContext, useContext, type ReactNode } from "react";
import { fieldId, translateMessage } from "./messages";

/** The id of the form a field is in, so two forms on a page never share an input id. */
export const FormIdContext = createContext("form");

/** A form's field labels in the form's order, by field name (see StoreForm's `labels`). */
export type FieldLabels = Record<string, string>;

/**
 * The labels of the form a field is in (StoreForm's `labels`, which its error summary names the
 * fields by): each label is written once per form, and a field shows its entry.
 */
export const FieldLabelsContext = createContext<FieldLabels | null>(null);

/**
 * A field's label: its own `label` prop when it has one (a label that differs from the error
 * summary's on purpose), else its form's entry for its name. A field with neither is a mistake
 * that would show an unlabelled control: it throws, so the page (and its test) fails.
 */
export function useFieldLabel(name: string, label: ReactNode | undefined): ReactNode {
  const labels = useContext(FieldLabelsContext);
  if (label !== undefined) return label;
  if (labels && Object.hasOwn(labels, name)) return labels[name];
  throw new Error(`The field "${name}" has no label: give it an entry in its form's labels or a label prop`);
}

interface Common {
  name: string;
  /** only where the label differs from the form's `labels` entry for `name` (which it shows otherwise) */
  label?: ReactNode;
  hint?: ReactNode;
  /** an error to show even when the form has none for this field (e.g. a server-only check) */
  error?: string | null;
  className?: string;
}

function useFieldParts(name: string, hint: ReactNode | undefined, extraError?: string | null) {
  const { t } = useTranslation();
  // Validate on submit, then as the user corrects: never on blur, which moves the page
  // under the pointer while the next answer is being clicked.
  const field = useField(name, { validationBehavior: { initial: "onSubmit", whenTouched: "onSubmit", whenSubmitted: "onChange" } });
  const id = fieldId(useContext(FormIdContext), name);
  const message = translateMessage(t, field.error ?? extraError ?? undefined);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return { t, field, id, message, describedBy };
}

/** The hint and the error message under a label or legend, with the ids aria-describedby names. */
export function HintAndError({ id, hint, message }: { id: string; hint?: ReactNode; message: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {message ? (
        <span className="error-message" id={`${id}-error`}>
          <span className="visually-hidden">{t("validation.errorPrefix")}</span> {message}
        </span>
      ) : null}
    </>
  );
}

export function TextField({
  name,
  label,
  hint,
  error,
  className,
  type = "text",
  inputMode,
  autoComplete,
  maxLength,
  readOnly,
  short,
  placeholder,
  spellCheck,
  onInput,
}: Common & {
  type?: "text" | "email" | "tel" | "password" | "number";
  inputMode?: "text" | "numeric" | "email" | "tel" | "decimal";
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
  short?: boolean;
  placeholder?: string;
  spellCheck?: boolean;
  onInput?: (e: React.FormEvent<HTMLInputElement>) => void;
}) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}${className ? ` ${className}` : ""}`}>
      <label className="label" htmlFor={id}>
        {shown}
      </label>
      <HintAndError id={id} hint={hint} message={message} />
      <input
        {...field.getInputProps({
          id,
          type,
          inputMode,
          autoComplete,
          maxLength,
          readOnly,
          placeholder,
          spellCheck,
          onInput,
          "aria-describedby": describedBy,
          "aria-invalid": message ? true : undefined,
          className: `input${short ? " input--short" : ""}${message ? " input--error" : ""}`,
        })}
      />
    </div>
  );
}

/**
 * A file to upload. A browser never keeps a chosen file across a page load, so after an error
 * the operator chooses it again (the message says what was wrong with it); nothing is prefilled.
 */
export function FileField({ name, label, hint, error, accept }: Common & { accept: string }) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <label className="label" htmlFor={id}>
        {shown}
      </label>
      <HintAndError id={id} hint={hint} message={message} />
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        className={`input${message ? " input--error" : ""}`}
        aria-describedby={describedBy}
        aria-invalid={message ? true : undefined}
        onChange={() => field.clearError()}
      />
    </div>
  );
}

export function TextAreaField({ name, label, hint, error, maxLength, rows = 4 }: Common & { maxLength?: number; rows?: number }) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <label className="label" htmlFor={id}>
        {shown}
      </label>
      <HintAndError id={id} hint={hint} message={message} />
      <textarea
        {...field.getInputProps({
          id,
          rows,
          maxLength,
          "aria-describedby": describedBy,
          "aria-invalid": message ? true : undefined,
          className: `textarea${message ? " input--error" : ""}`,
        })}
      />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** The Yes / No answers of a radio group ("1" and "0", as every yes-or-no field posts them). */
export function yesNoOptions(t: (key: string) => string): Option[] {
  return [
    { value: "1", label: t("common.yes") },
    { value: "0", label: t("common.no") },
  ];
}

export function SelectField({
  name,
  label,
  hint,
  error,
  options,
  placeholder,
  autoComplete,
}: Common & { options: Option[]; placeholder?: string; autoComplete?: string }) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <label className="label" htmlFor={id}>
        {shown}
      </label>
      <HintAndError id={id} hint={hint} message={message} />
      <select
        {...field.getInputProps({
          id,
          autoComplete,
          "aria-describedby": describedBy,
          "aria-invalid": message ? true : undefined,
          className: `select${message ? " input--error" : ""}`,
        })}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RadioGroup({ name, label, hint, error, options, inline = true }: Common & { options: Option[]; inline?: boolean }) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <fieldset aria-describedby={describedBy} id={id} tabIndex={-1}>
        <legend>{shown}</legend>
        <HintAndError id={id} hint={hint} message={message} />
        <div className={inline ? "choices" : "stack"}>
          {options.map((o, i) => (
            <label key={o.value} className="choice" htmlFor={`${id}-${i}`}>
              <input
                {...field.getInputProps({
                  id: `${id}-${i}`,
                  type: "radio",
                  value: o.value,
                })}
              />
              {o.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function CheckboxField({ name, label, hint, error, value = "1" }: Common & { value?: string }) {
  const { field, id, message, describedBy } = useFieldParts(name, hint, error);
  const shown = useFieldLabel(name, label);
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <HintAndError id={id} hint={hint} message={message} />
      <label className="choice" htmlFor={id}>
        <input
          {...field.getInputProps({
            id,
            type: "checkbox",
            value,
            "aria-describedby": describedBy,
            "aria-invalid": message ? true : undefined,
          })}
        />
        {shown}
      </label>
    </div>
  );
}
