/**
 * The part of remix-validated-form this store's forms use — ValidatedForm, useField,
 * useFormContext — small enough to ship to every page (issue 17, ADR 013). It reads and writes
 * the same data: the hidden `__rvfInternalFormId` input, and the `{ fieldErrors, formId,
 * repopulateFields }` that remix-validated-form's `validationError` returns from an action.
 * The validator is the same zod schema the server runs (~/forms), usually loaded on first use
 * (~/forms/client): the schema code is not part of the page's first load.
 *
 * Behaviour kept from remix-validated-form: the form validates on submit (a button with
 * `formnovalidate` sends as it stands); errors focus the first field in error; a field
 * validates on blur until touched, on change once touched or once the form was submitted,
 * unless it asks otherwise (`validationBehavior`).
 */
import { Form, useActionData, useSubmit } from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from "react";
import type { Validator } from "remix-validated-form";

export type { Validator };
type FieldErrors = Record<string, string>;
type Behavior = "onBlur" | "onChange" | "onSubmit";
type ValidationBehavior = { initial: Behavior; whenTouched: Behavior; whenSubmitted: Behavior };
const DEFAULT_BEHAVIOR: ValidationBehavior = { initial: "onBlur", whenTouched: "onChange", whenSubmitted: "onChange" };
export const FORM_ID_FIELD = "__rvfInternalFormId";

type FormState = {
  formId: string;
  fieldErrors: FieldErrors;
  hasBeenSubmitted: boolean;
  defaultValues: Record<string, unknown> | undefined;
  touched: Record<string, boolean>;
  setTouched: (name: string) => void;
  setFieldError: (name: string, message: string | undefined) => void;
  validateField: (name: string) => Promise<void>;
};
const FormContext = createContext<FormState | null>(null);

// The browser runs layout effects before any effect: a field in error is focused before an
// error summary (an effect) takes the focus, as remix-validated-form left it.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** "a.b[0].c" → ["a", "b", 0, "c"], as remix-validated-form reads field names. */
function pathOf(name: string): Array<string | number> {
  const match = /^\[(.+?)\](.*)$/.exec(name) ?? /^\.?([^.[\]]+)(.*)$/.exec(name);
  if (!match) return name ? [name] : [];
  const [, key, rest] = match;
  return [/^\d+$/.test(key) ? Number(key) : key, ...pathOf(rest)];
}

export function valueAt(values: unknown, name: string): unknown {
  let at = values;
  for (const key of pathOf(name)) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** Checked state of a checkbox or radio for a default value (remix-validated-form's rules). */
export function defaultChecked(type: "checkbox" | "radio", inputValue = "on", value: unknown): boolean | undefined {
  if (type === "checkbox" && Array.isArray(value)) return value.some((v) => v === true || v === inputValue);
  if (type === "checkbox" && typeof value === "boolean") return value;
  if (typeof value === "string") return value === inputValue;
  return undefined;
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    if (element.type === "hidden" || !element.name || !errors[element.name]) continue;
    element.focus();
    return;
  }
}

/** The errors an action sent back for this form (`validationError`), as remix-validated-form matches them. */
function useServerErrors(formId: string): FieldErrors | null {
  const data = useActionData() as { fieldErrors?: FieldErrors; formId?: string; subaction?: string } | undefined;
  if (!data || typeof data !== "object" || !data.fieldErrors) return null;
  if (data.formId) return data.formId === formId ? data.fieldErrors : null;
  return data.subaction ? null : data.fieldErrors;
}

export function ValidatedForm({
  id,
  validator,
  method,
  action,
  encType,
  noValidate,
  defaultValues,
  className,
  onSubmitCapture,
  onFocusCapture,
  children,
}: {
  id: string;
  validator: Validator<unknown>;
  method: "post" | "get";
  action?: string;
  /** multipart/form-data for a form with a file field */
  encType?: "multipart/form-data";
  noValidate?: boolean;
  defaultValues?: Record<string, unknown>;
  className?: string;
  onSubmitCapture?: (event: FormEvent<HTMLFormElement>) => void;
  onFocusCapture?: () => void;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const serverErrors = useServerErrors(id);
  // null: show what the server sent (as rendered without JavaScript); an object: this page's own checks
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [hasBeenSubmitted, setHasBeenSubmitted] = useState(false);
  const [touched, setTouchedState] = useState<Record<string, boolean>>({});
  const fieldErrors = useMemo(() => clientErrors ?? serverErrors ?? {}, [clientErrors, serverErrors]);
  const errorsRef = useRef(fieldErrors);
  errorsRef.current = fieldErrors;

  // A new answer from the server replaces the page's own errors, and its first field in error takes the focus.
  useBrowserLayoutEffect(() => {
    setClientErrors(null);
    if (serverErrors) focusFirstInvalid(formRef.current, serverErrors);
  }, [serverErrors]);

  const validatorRef = useRef(validator);
  validatorRef.current = validator;

  const setFieldError = useCallback((name: string, message: string | undefined) => {
    const current = errorsRef.current;
    if ((current[name] ?? undefined) === message) return;
    const next = { ...current };
    if (message) next[name] = message;
    else delete next[name];
    setClientErrors(next);
  }, []);

  const validateField = useCallback(
    async (name: string) => {
      const form = formRef.current;
      if (!form) return;
      try {
        const result = await validatorRef.current.validate(new FormData(form));
        setFieldError(name, result.error?.fieldErrors[name]);
      } catch {
        // the schema could not be loaded: the server checks on submit
      }
    },
    [setFieldError],
  );

  const setTouched = useCallback((name: string) => setTouchedState((t) => (t[name] ? t : { ...t, [name]: true })), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | HTMLInputElement | null;
    setHasBeenSubmitted(true);
    const formData = new FormData(form);
    if (submitter?.name) formData.append(submitter.name, submitter.value);
    const options = { method: (submitter?.getAttribute("formmethod") || method) as "post" | "get", action, encType };
    // "Save & Continue Later", "Skip": sent as they stand, as the browser sends them without JavaScript
    if (submitter?.hasAttribute("formnovalidate")) {
      setClientErrors({});
      submit(formData, options);
      return;
    }
    let result: Awaited<ReturnType<Validator<unknown>["validate"]>>;
    try {
      result = await validatorRef.current.validate(formData);
    } catch {
      // the schema could not be loaded (offline, a new deploy): the server checks it, as without JavaScript
      submit(formData, options);
      return;
    }
    if (result.error) {
      setClientErrors(result.error.fieldErrors);
      focusFirstInvalid(formRef.current, result.error.fieldErrors);
      return;
    }
    setClientErrors({});
    submit(formData, options);
  };

  const state = useMemo<FormState>(
    () => ({ formId: id, fieldErrors, hasBeenSubmitted, defaultValues, touched, setTouched, setFieldError, validateField }),
    [id, fieldErrors, hasBeenSubmitted, defaultValues, touched, setTouched, setFieldError, validateField],
  );

  return (
    <Form
      ref={formRef}
      id={id}
      method={method}
      action={action}
      encType={encType}
      noValidate={noValidate}
      className={className}
      onSubmitCapture={onSubmitCapture}
      onFocusCapture={onFocusCapture}
      onPointerDownCapture={onFocusCapture}
      onSubmit={onSubmit}
    >
      <FormContext.Provider value={state}>
        <input type="hidden" value={id} name={FORM_ID_FIELD} />
        {children}
      </FormContext.Provider>
    </Form>
  );
}

function useForm(hook: string): FormState {
  const state = useContext(FormContext);
  if (!state) throw new Error(`${hook} must be used inside a ValidatedForm`);
  return state;
}

/** The form's errors (the page's own checks, else what the server sent) and whether it was submitted. */
export function useFormContext(formId?: string) {
  const state = useForm("useFormContext");
  if (formId && formId !== state.formId) throw new Error(`useFormContext("${formId}") inside the form "${state.formId}"`);
  return { fieldErrors: state.fieldErrors, hasBeenSubmitted: state.hasBeenSubmitted };
}

type InputProps = Record<string, unknown> & {
  type?: string;
  value?: string;
  onChange?: (...args: never[]) => unknown;
  onBlur?: (...args: never[]) => unknown;
};

export function useField(name: string, options: { validationBehavior?: Partial<ValidationBehavior> } = {}) {
  const form = useForm("useField");
  const { fieldErrors, hasBeenSubmitted, touched, defaultValues, setTouched, setFieldError, validateField } = form;
  const error = fieldErrors[name] as string | undefined;
  const defaultValue = valueAt(defaultValues, name);
  const behaviors = { ...DEFAULT_BEHAVIOR, ...options.validationBehavior };
  const behavior = hasBeenSubmitted ? behaviors.whenSubmitted : touched[name] ? behaviors.whenTouched : behaviors.initial;
  const validate = () => validateField(name);
  const clearError = () => setFieldError(name, undefined);

  const getInputProps = <T extends InputProps>(props: T = {} as T) => {
    const input: Record<string, unknown> = {
      ...props,
      onChange: (...args: never[]) => {
        if (behavior === "onChange") void validate();
        else clearError();
        return props.onChange?.(...args);
      },
      onBlur: (...args: never[]) => {
        if (behavior === "onBlur") void validate();
        setTouched(name);
        return props.onBlur?.(...args);
      },
      name,
    };
    if (props.type === "checkbox" || props.type === "radio") input.defaultChecked = defaultChecked(props.type, props.value, defaultValue);
    else if (props.value === undefined) input.defaultValue = defaultValue;
    for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
    return input as T & { name: string; defaultValue?: string; defaultChecked?: boolean };
  };

  return { error, defaultValue, getInputProps, validate, clearError, touched: Boolean(touched[name]) };
}
