/**
 * Reps in the console (issue 27): list, create, edit, deactivate and reactivate — access code,
 * landing slug, contact, branding (logo, banner — a link or an uploaded image, ADR 028 — colour,
 * tagline and about text in English and Spanish) and the portals the rep sells in. The store's own checks: codes and slugs unique (a
 * slug among reps' and groups' alike), the colour at AA (the form's schema), links local or https.
 * A change is one transaction with its trail entry (before → after of the fields changed); the
 * store reads reps directly (no held copy), so a change shows on the next page and a deactivated
 * code stops working at once. The held reference data (portals, site links) is dropped after
 * any change that could touch it.
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { Rep } from "../db/schema";
import type { RepInput } from "~/forms/admin";
import { referenceData } from "../repositories/reference-data";
import { storeBrandImage } from "../repositories/brand-images";
import { recordChange, type OperatorActor } from "./trail";
import type { BrandUploads } from "./brand-uploads";
import { endStaffSessionsOf } from "../repositories/staff";
import { takeWriteLock } from "../db/write-lock";

/** What the trail keeps of a rep: the fields an operator edits, and its portals. */
function view(rep: Rep, portals: number[]) {
  return {
    agent_code: rep.agent_code,
    landing_slug: rep.landing_slug,
    first_name: rep.first_name,
    last_name: rep.last_name,
    email: rep.email,
    phone: rep.phone,
    display_name: rep.display_name,
    display_phone: rep.display_phone,
    display_email: rep.display_email,
    logo_url: rep.logo_url,
    banner_image_url: rep.banner_image_url,
    banner_link: rep.banner_link,
    brand_color: rep.brand_color,
    tagline_en: rep.tagline_en,
    tagline_es: rep.tagline_es,
    bio_en: rep.bio_en,
    bio_es: rep.bio_es,
    portals,
    active: rep.active === 1,
  };
}

const columns = (input: RepInput) => ({
  agent_code: input.agentCode,
  landing_slug: input.landingSlug,
  landing_url: `/${input.landingSlug}`,
  first_name: input.firstName,
  last_name: input.lastName,
  email: input.email,
  phone: input.phone,
  display_name: input.displayName,
  display_phone: input.displayPhone,
  display_email: input.displayEmail,
  logo_url: input.logoUrl,
  banner_image_url: input.bannerImageUrl,
  banner_link: input.bannerLink,
  brand_color: input.brandColor?.toLowerCase() ?? null,
  tagline_en: input.taglineEn,
  tagline_es: input.taglineEs,
  bio_en: input.bioEn,
  bio_es: input.bioEs,
});

export function listReps(services: Services) {
  return services.db
    .selectFrom("reps")
    .select(["id", "agent_code", "first_name", "last_name", "landing_slug", "active"])
    .orderBy("active", "desc")
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

async function portalsOf(db: DB, repId: number) {
  const rows = await db.selectFrom("rep_portals").select("portal_id").where("rep_id", "=", repId).orderBy("portal_id").execute();
  return rows.map((r) => r.portal_id);
}

/** A rep as the edit form shows it (active or not), or undefined. */
export async function repForEdit(services: Services, id: number) {
  const rep = await services.db.selectFrom("reps").selectAll().where("id", "=", id).executeTakeFirst();
  if (!rep) return undefined;
  return { rep, portals: await portalsOf(services.db, id) };
}

export async function portalChoices(services: Services) {
  return [...(await referenceData(services.db)).portals.values()].map((p) => ({ id: p.id, name: p.name }));
}

export type RepSaveResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Partial<Record<keyof RepInput, string>> }
  | { ok: false; notFound: true };

/** The store's uniqueness checks, in the transaction: the code among reps, the slug among reps and groups. */
async function clashes(db: DB, input: RepInput, id: number | null) {
  const errors: Partial<Record<keyof RepInput, string>> = {};
  let code = db.selectFrom("reps").select("id").where("agent_code", "=", input.agentCode);
  let slug = db.selectFrom("reps").select("id").where("landing_slug", "=", input.landingSlug);
  if (id !== null) {
    code = code.where("id", "!=", id);
    slug = slug.where("id", "!=", id);
  }
  if (await code.executeTakeFirst()) errors.agentCode = "admin.validation.codeTaken";
  const group = await db.selectFrom("groups").select("id").where("slug", "=", input.landingSlug).executeTakeFirst();
  if ((await slug.executeTakeFirst()) || group) errors.landingSlug = "admin.validation.slugTaken";
  const portals = await db.selectFrom("portals").select("id").where("id", "in", input.portals).execute();
  if (portals.length !== new Set(input.portals).size) errors.portals = "admin.validation.portalRequired";
  return errors;
}

/** The rep's columns with any uploaded logo or banner stored (in the transaction) and in place of the typed link. */
async function withUploads(services: Services, db: DB, input: RepInput, uploads: BrandUploads) {
  const values = columns(input);
  if (uploads.logo) values.logo_url = await storeBrandImage(db, uploads.logo.bytes, uploads.logo.type, services.now());
  if (uploads.banner) values.banner_image_url = await storeBrandImage(db, uploads.banner.bytes, uploads.banner.type, services.now());
  return values;
}

async function setPortals(db: DB, repId: number, portals: number[]) {
  await db.deleteFrom("rep_portals").where("rep_id", "=", repId).execute();
  await db
    .insertInto("rep_portals")
    .values([...new Set(portals)].map((portal_id) => ({ rep_id: repId, portal_id })))
    .execute();
}

export async function createRep(
  services: Services,
  actor: OperatorActor,
  input: RepInput,
  uploads: BrandUploads = {},
): Promise<RepSaveResult> {
  const result = await services.db.transaction().execute(async (trx): Promise<RepSaveResult> => {
    await takeWriteLock(trx, services.dialect, "landingNames", "groups");
    const errors = await clashes(trx, input, null);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    const row = await trx
      .insertInto("reps")
      .values({ ...(await withUploads(services, trx, input, uploads)), active: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await setPortals(trx, row.id, input.portals);
    const created = await trx.selectFrom("reps").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "rep.create",
      targetType: "rep",
      targetId: row.id,
      before: null,
      after: view(created, await portalsOf(trx, row.id)),
    });
    return { ok: true, id: row.id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

export async function updateRep(
  services: Services,
  actor: OperatorActor,
  id: number,
  input: RepInput,
  uploads: BrandUploads = {},
): Promise<RepSaveResult> {
  const result = await services.db.transaction().execute(async (trx): Promise<RepSaveResult> => {
    await takeWriteLock(trx, services.dialect, "landingNames", "groups");
    const before = await trx.selectFrom("reps").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, notFound: true };
    const errors = await clashes(trx, input, id);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    const portalsBefore = await portalsOf(trx, id);
    await trx
      .updateTable("reps")
      .set(await withUploads(services, trx, input, uploads))
      .where("id", "=", id)
      .execute();
    await setPortals(trx, id, input.portals);
    const after = await trx.selectFrom("reps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "rep.update",
      targetType: "rep",
      targetId: id,
      before: view(before, portalsBefore),
      after: view(after, await portalsOf(trx, id)),
    });
    return { ok: true, id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

/** Deactivates (or reactivates) a rep: their code and landing page stop (or start) working at once. */
export async function setRepActive(services: Services, actor: OperatorActor, id: number, active: boolean) {
  return services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("reps").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if ((before.active === 1) === active) return true;
    await trx
      .updateTable("reps")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    // whoever is signed in as it is signed out at once (a rep's own session; a group's admins')
    if (!active) await endStaffSessionsOf(trx, { repId: id }, services.now());
    await recordChange(services, trx, actor, {
      kind: active ? "rep.reactivate" : "rep.deactivate",
      targetType: "rep",
      targetId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
    return true;
  });
}
