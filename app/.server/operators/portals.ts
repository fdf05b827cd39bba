/**
 * Portals in the console (issue 27): listed, created (code unique among portals), renamed in
 * English and Spanish, deactivated and reactivated. A portal's code is fixed once made: plans,
 * reps and groups refer to it. A deactivated portal is offered to no one, and the referral links
 * and group landings that start enrollments under it stop at once (410, store/entry.ts).
 * A change is one transaction with its trail entry; the held reference data is dropped after it.
 */
import type { Services } from "../services";
import type { NewPortalInput, PortalNamesInput } from "~/forms/admin";
import { referenceData } from "../repositories/reference-data";
import { recordChange, type OperatorActor } from "./trail";
import type { ConsoleSaveResult } from "./console-form";

export function listPortals(services: Services) {
  return services.db.selectFrom("portals").selectAll().orderBy("id").execute();
}

export function portalForEdit(services: Services, id: number) {
  return services.db.selectFrom("portals").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function createPortal(
  services: Services,
  actor: OperatorActor,
  input: NewPortalInput,
): Promise<ConsoleSaveResult<keyof NewPortalInput>> {
  const result = await services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<keyof NewPortalInput>> => {
    if (await trx.selectFrom("portals").select("id").where("code", "=", input.code).executeTakeFirst())
      return { ok: false, fieldErrors: { code: "admin.portals.codeTaken" } };
    const row = await trx
      .insertInto("portals")
      .values({ code: input.code, name: input.name, name_es: input.nameEs })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "portal.create",
      targetType: "portal",
      targetId: row.id,
      before: null,
      after: { code: input.code, name: input.name, name_es: input.nameEs },
    });
    return { ok: true, id: row.id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

export async function renamePortal(
  services: Services,
  actor: OperatorActor,
  id: number,
  input: PortalNamesInput,
): Promise<ConsoleSaveResult<keyof PortalNamesInput>> {
  const result = await services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<keyof PortalNamesInput>> => {
    const before = await trx.selectFrom("portals").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, notFound: true };
    await trx.updateTable("portals").set({ name: input.name, name_es: input.nameEs }).where("id", "=", id).execute();
    await recordChange(services, trx, actor, {
      kind: "portal.update",
      targetType: "portal",
      targetId: id,
      before: { name: before.name, name_es: before.name_es },
      after: { name: input.name, name_es: input.nameEs },
    });
    return { ok: true, id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

/** Deactivates (or reactivates) a portal: it stops (or starts) being offered, and its referrals and groups with it, at once. */
export async function setPortalActive(services: Services, actor: OperatorActor, id: number, active: boolean) {
  const done = await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("portals").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if ((before.active === 1) === active) return true;
    await trx
      .updateTable("portals")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await recordChange(services, trx, actor, {
      kind: active ? "portal.reactivate" : "portal.deactivate",
      targetType: "portal",
      targetId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
    return true;
  });
  if (done) referenceData.forget(services.db);
  return done;
}
