/** What a new enrollment may start under: a portal, and for a rep's group enrollment, the group. */
import { validationError } from "remix-validated-form";
import type { Services } from "../services";
import { allPortals, repGroups, repPortals } from "../repositories/entry";
import { newMemberValidator } from "~/forms/entry";
import { startDirectEnrollment, startGroupEnrollment, type SessionPatch } from "~/domain/session-mode";
import type { SessionData } from "~/domain/session";
import { portalOption } from "~/domain/portal";
import type { Locale } from "~/domain/locale";

/** The rep's own portals; every portal when there is no rep. */
export function choosablePortals(services: Services, repId: number | null | undefined) {
  return repId ? repPortals(services.db, repId) : allPortals(services.db);
}

/** The rep's active groups, by company name (the member benefit store's group is never one). */
export function choosableGroups(services: Services, repId: number) {
  return repGroups(services.db, repId);
}

/** The rep's chooser as the form shows it: their portals and groups, each with its code. */
export async function repPortalOptions(services: Services, repId: number, locale: Locale) {
  const [portals, groups] = await Promise.all([choosablePortals(services, repId), choosableGroups(services, repId)]);
  return {
    portals: portals.map((p) => portalOption(p, locale)),
    groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
  };
}

/**
 * A rep's New Member choice (agent home, and the landing of a rep without a portal): one of
 * their portals, then Start Direct Enrollment or one of their groups. A tampered portal or
 * another rep's group is refused like a missing choice.
 */
export async function chooseRepPortal(
  services: Services,
  repId: number,
  current: SessionData,
  form: FormData,
): Promise<{ error: Response } | { patch: SessionPatch }> {
  const result = await newMemberValidator.validate(form);
  if (result.error) return { error: validationError(result.error, result.submittedData) };
  const data = result.data;
  const portals = await choosablePortals(services, repId);
  if (!portals.some((p) => p.id === data.portal))
    return {
      error: validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData),
    };
  if (data.choice === "direct") return { patch: startDirectEnrollment(current, data.portal) };
  const groups = await choosableGroups(services, repId);
  if (!groups.some((g) => g.id === data.group))
    return { error: validationError({ fieldErrors: { group: "validation.chooseGroup" }, formId: result.formId }, result.submittedData) };
  return { patch: startGroupEnrollment(data.portal, data.group, "rep") };
}
