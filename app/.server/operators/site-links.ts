/**
 * The sites' links in the console (issue 27): each site's footer and admin-menu links, created,
 * edited, deactivated (the site stops showing it; it can be shown again) and removed — labels in English and Spanish, a path on this site or an https address,
 * an order. A change is one transaction with its trail entry; the held reference data (where the
 * store reads links from) is dropped after it, so the next page shows the change.
 */
import type { Services } from "../services";
import type { SiteLinkInput } from "~/forms/admin";
import type { SiteLinkTable } from "../db/schema";
import type { Selectable } from "kysely";
import { referenceData } from "../repositories/reference-data";
import { recordChange, type OperatorActor } from "./trail";
import type { ConsoleSaveResult } from "./console-form";

type SiteLinkRow = Selectable<SiteLinkTable>;

function view(l: SiteLinkRow) {
  return { site_id: l.site_id, kind: l.kind, label_en: l.label_en, label_es: l.label_es, url: l.url, sort_order: l.sort_order };
}

const columns = (input: SiteLinkInput) => ({
  site_id: input.siteId,
  kind: input.kind,
  label_en: input.labelEn,
  label_es: input.labelEs,
  url: input.url,
  sort_order: input.sortOrder,
});

/** Every site with its links, footer first, in order. */
export async function listSiteLinks(services: Services) {
  const [sites, links] = await Promise.all([
    services.db.selectFrom("sites").select(["id", "name", "host"]).orderBy("id").execute(),
    services.db
      .selectFrom("site_links")
      .selectAll()
      .orderBy("site_id")
      .orderBy("kind", "desc")
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
  ]);
  return sites.map((s) => ({ ...s, links: links.filter((l) => l.site_id === s.id) }));
}

export async function siteChoices(services: Services) {
  const sites = await services.db.selectFrom("sites").select(["id", "name", "host"]).orderBy("id").execute();
  return sites.map((s) => ({ value: String(s.id), label: `${s.name} (${s.host})` }));
}

export function siteLinkForEdit(services: Services, id: number) {
  return services.db.selectFrom("site_links").selectAll().where("id", "=", id).executeTakeFirst();
}

type Field = keyof SiteLinkInput;

export async function createSiteLink(services: Services, actor: OperatorActor, input: SiteLinkInput): Promise<ConsoleSaveResult<Field>> {
  const result = await services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<Field>> => {
    if (!(await trx.selectFrom("sites").select("id").where("id", "=", input.siteId).executeTakeFirst()))
      return { ok: false, fieldErrors: { siteId: "admin.links.siteRequired" } };
    const row = await trx.insertInto("site_links").values(columns(input)).returning("id").executeTakeFirstOrThrow();
    const created = await trx.selectFrom("site_links").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "site_link.create",
      targetType: "site_link",
      targetId: row.id,
      before: null,
      after: view(created),
    });
    return { ok: true, id: row.id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

export async function updateSiteLink(
  services: Services,
  actor: OperatorActor,
  id: number,
  input: SiteLinkInput,
): Promise<ConsoleSaveResult<Field>> {
  const result = await services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<Field>> => {
    const before = await trx.selectFrom("site_links").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, notFound: true };
    if (!(await trx.selectFrom("sites").select("id").where("id", "=", input.siteId).executeTakeFirst()))
      return { ok: false, fieldErrors: { siteId: "admin.links.siteRequired" } };
    await trx.updateTable("site_links").set(columns(input)).where("id", "=", id).execute();
    const after = await trx.selectFrom("site_links").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "site_link.update",
      targetType: "site_link",
      targetId: id,
      before: view(before),
      after: view(after),
    });
    return { ok: true, id };
  });
  if (result.ok) referenceData.forget(services.db);
  return result;
}

/** Removes a link from its site (on the trail with what it was). */
export async function removeSiteLink(services: Services, actor: OperatorActor, id: number) {
  const removed = await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("site_links").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    await trx.deleteFrom("site_links").where("id", "=", id).execute();
    await recordChange(services, trx, actor, {
      kind: "site_link.remove",
      targetType: "site_link",
      targetId: id,
      before: view(before),
      after: null,
    });
    return true;
  });
  if (removed) referenceData.forget(services.db);
  return removed;
}

/** Deactivates (or reactivates) a link: the site stops (or starts again) showing it at once. */
export async function setSiteLinkActive(services: Services, actor: OperatorActor, id: number, active: boolean) {
  const done = await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("site_links").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if ((before.active === 1) === active) return true;
    await trx
      .updateTable("site_links")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await recordChange(services, trx, actor, {
      kind: active ? "site_link.reactivate" : "site_link.deactivate",
      targetType: "site_link",
      targetId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
    return true;
  });
  if (done) referenceData.forget(services.db);
  return done;
}
