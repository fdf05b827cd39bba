/**
 * Save & Continue Later keeps a step exactly as typed, valid or not (issue 13): the typed
 * values are the step's draft, encrypted as a whole (an SSN may be among them), and the page
 * shows them whenever the step opens again (a reload, the e-mailed code, the direct link).
 * Checking is for Next, which drops the draft. A draft that passes the step's checks is saved as
 * the step's data too (a finished step stays finished); one that does not leaves the step's
 * data as it was and the step unfinished, so the later steps and Complete wait for it.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import type { TabName } from "~/domain/wizard-steps";
import { saveInvalidDraftRow } from "../repositories/steps";
import type { StepData, StepSecret } from "./step-data";
import { writeStep, type TypedDraft } from "./steps";

/** No field of these steps is longer; the request's size cap bounds the rest. */
const MAX_TYPED = 500;

/** The named fields as posted, untouched (a field not posted, such as an unticked box, as ""). */
export function typedFields(form: FormData, names: readonly string[]): TypedDraft {
  const out: TypedDraft = {};
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value.slice(0, MAX_TYPED) : "";
  }
  return out;
}

/** A group of checkboxes posted as `group.Option=1` (or repeated `group=Option`): the ticked ones, as the page's values. */
export function typedChecks(form: FormData, group: string, options: readonly string[]): Record<string, string> {
  const repeated = form.getAll(group);
  return Object.fromEntries(options.filter((o) => form.get(`${group}.${o}`) === "1" || repeated.includes(o)).map((o) => [o, "1"]));
}

/** What the step's own checks made of the typing: its data (and secret) when it passes. */
export type DraftCheck<K extends TabName> =
  | { ok: true; data: Partial<StepData[K]>; secret?: Partial<StepSecret[K]> | null }
  | { ok: false; secret?: Partial<StepSecret[K]> | null };

export async function saveDraft<K extends TabName>(
  services: Services,
  enrollment: Enrollment,
  tab: K,
  typed: TypedDraft,
  checked: DraftCheck<K>,
) {
  if (checked.ok) {
    await writeStep(services, enrollment, tab, { data: checked.data, secret: checked.secret, completed: false, draft: typed });
    return;
  }
  const secret = checked.secret;
  await saveInvalidDraftRow(services.db, {
    enrollmentId: enrollment.id,
    tab,
    draftEnc: services.cipher.encryptJson(typed),
    // left out: the step keeps the secret it has
    secretEnc: secret === undefined ? undefined : secret && Object.keys(secret).length ? services.cipher.encryptJson(secret) : null,
    now: services.now(),
  });
}
