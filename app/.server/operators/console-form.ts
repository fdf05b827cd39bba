/**
 * What the console's edit screens share (reps, groups): the record's id from the address, the
 * deactivate / reactivate buttons, and a save — the schema's checks (plus any the route found
 * itself, such as an uploaded image's), then the use case's (unique codes and slugs), each
 * message beside its field with what was typed sent back (422), or a redirect to the saved record.
 */
import { redirect } from "@remix-run/node";
import { validationError, type Validator } from "remix-validated-form";
import { recordIdFrom } from "~/domain/record-id";

/** A record id from the address (`recordIdFrom`), or the 404 page. */
export function consoleId(raw: string | undefined): number {
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export type ConsoleSaveResult<F extends string> =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Partial<Record<F, string>> }
  | { ok: false; notFound: true };

/**
 * Validates `form` with `validator`; with `extraErrors` (found before the schema) or the schema's
 * errors, answers them all at once (nothing saved); otherwise runs `save`, whose field errors or
 * unknown record are answered likewise (422 / 404); a success redirects to `to(id)`.
 */
export async function saveConsoleForm<T, F extends string>(
  form: FormData,
  validator: Validator<T>,
  save: (data: T) => Promise<ConsoleSaveResult<F>>,
  to: (id: number) => string,
  extraErrors: Record<string, string> = {},
) {
  const result = await validator.validate(form);
  const early = { ...(result.error?.fieldErrors ?? {}), ...extraErrors };
  if (result.error || Object.keys(extraErrors).length) {
    return validationError({ fieldErrors: early, formId: result.formId }, result.submittedData, { status: 422 });
  }
  const saved = await save(result.data);
  if (!saved.ok) {
    if ("notFound" in saved) throw new Response("Not Found", { status: 404 });
    return validationError({ fieldErrors: saved.fieldErrors as Record<string, string>, formId: result.formId }, result.submittedData, {
      status: 422,
    });
  }
  return redirect(to(saved.id));
}

/**
 * The deactivate / reactivate intents of an edit screen: runs `setActive` and redirects to `to`,
 * or returns null when the intent is another one.
 */
export async function activeIntent(intent: string, setActive: (active: boolean) => Promise<boolean>, to: string): Promise<Response | null> {
  if (intent !== "deactivate" && intent !== "reactivate") return null;
  if (!(await setActive(intent === "reactivate"))) throw new Response("Not Found", { status: 404 });
  return redirect(to);
}
