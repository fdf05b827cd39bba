/**
 * Groups in the console (issue 27): list, create, edit, deactivate and reactivate — the
 * enrollment code employees type, the company, the landing page address and the postal address.
 * The store's own checks: the code unique among groups, the slug among reps' and groups' alike,
 * in the transaction. A change is one transaction with its trail entry (before → after of the
 * fields changed). The store reads groups directly (no held copy): a change shows on the next
 * page, and a deactivated code is refused at once with its own message (repositories/entry.ts).
 * Its admins (group_admins, migration 006) are added by e-mail and removed here too.
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { Group, GroupAdmin } from "../db/schema";
import type { GroupAdminInput, GroupInput } from "~/forms/admin";
import { recordChange, type OperatorActor } from "./trail";
import { endStaffSessionsOf } from "../repositories/staff";
import { takeWriteLock } from "../db/write-lock";

/** What the trail keeps of a group: the fields an operator edits. */
function view(g: Group) {
  return {
    group_code: g.group_code,
    company_name: g.company_name,
    slug: g.slug,
    address1: g.address1,
    address2: g.address2,
    city: g.city,
    state: g.state,
    zip: g.zip,
    active: g.active === 1,
  };
}

const columns = (input: GroupInput) => ({
  group_code: input.groupCode,
  company_name: input.companyName,
  slug: input.landingSlug,
  landing_url: input.landingSlug ? `/${input.landingSlug}` : null,
  address1: input.address1,
  address2: input.address2,
  city: input.city,
  state: input.state,
  zip: input.zip,
});

export function listGroups(services: Services) {
  return services.db
    .selectFrom("groups")
    .select(["id", "group_code", "company_name", "slug", "active"])
    .orderBy("active", "desc")
    .orderBy("company_name")
    .orderBy("id")
    .execute();
}

export function groupForEdit(services: Services, id: number) {
  return services.db.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst();
}

export type GroupSaveResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Partial<Record<keyof GroupInput, string>> }
  | { ok: false; notFound: true };

/** The store's uniqueness checks, in the transaction: the code among groups, the slug among reps and groups. */
async function clashes(db: DB, input: GroupInput, id: number | null) {
  const errors: Partial<Record<keyof GroupInput, string>> = {};
  let code = db.selectFrom("groups").select("id").where("group_code", "=", input.groupCode);
  if (id !== null) code = code.where("id", "!=", id);
  if (await code.executeTakeFirst()) errors.groupCode = "admin.groups.codeTaken";
  if (input.landingSlug) {
    let slug = db.selectFrom("groups").select("id").where("slug", "=", input.landingSlug);
    if (id !== null) slug = slug.where("id", "!=", id);
    const rep = await db.selectFrom("reps").select("id").where("landing_slug", "=", input.landingSlug).executeTakeFirst();
    if ((await slug.executeTakeFirst()) || rep) errors.landingSlug = "admin.validation.slugTaken";
  }
  return errors;
}

export async function createGroup(services: Services, actor: OperatorActor, input: GroupInput): Promise<GroupSaveResult> {
  return services.db.transaction().execute(async (trx): Promise<GroupSaveResult> => {
    await takeWriteLock(trx, services.dialect, "landingNames", "groups");
    const errors = await clashes(trx, input, null);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    const row = await trx
      .insertInto("groups")
      .values({
        ...columns(input),
        rep_id: null,
        portal_id: null,
        logo_url: null,
        banner_image_url: null,
        banner_link: null,
        display_phone: null,
        display_email: null,
        tagline_en: null,
        tagline_es: null,
        about_en: null,
        about_es: null,
        brand_color: null,
        employer_name: input.companyName,
        employer_phone: null,
        group_quote_url: null,
        payment_method: null,
        active: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = await trx.selectFrom("groups").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "group.create",
      targetType: "group",
      targetId: row.id,
      before: null,
      after: view(created),
    });
    return { ok: true, id: row.id };
  });
}

export async function updateGroup(services: Services, actor: OperatorActor, id: number, input: GroupInput): Promise<GroupSaveResult> {
  return services.db.transaction().execute(async (trx): Promise<GroupSaveResult> => {
    await takeWriteLock(trx, services.dialect, "landingNames", "groups");
    const before = await trx.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, notFound: true };
    const errors = await clashes(trx, input, id);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    await trx.updateTable("groups").set(columns(input)).where("id", "=", id).execute();
    const after = await trx.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "group.update",
      targetType: "group",
      targetId: id,
      before: view(before),
      after: view(after),
    });
    return { ok: true, id };
  });
}

/** Deactivates (or reactivates) a group: its enrollment code and landing page stop (or start) working at once. */
export async function setGroupActive(services: Services, actor: OperatorActor, id: number, active: boolean) {
  return services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if ((before.active === 1) === active) return true;
    await trx
      .updateTable("groups")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    // whoever is signed in as it is signed out at once (a rep's own session; a group's admins')
    if (!active) await endStaffSessionsOf(trx, { groupId: id }, services.now());
    await recordChange(services, trx, actor, {
      kind: active ? "group.reactivate" : "group.deactivate",
      targetType: "group",
      targetId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
    return true;
  });
}

/** What the trail keeps of a group admin. */
function adminView(a: GroupAdmin) {
  return { group_id: a.group_id, first_name: a.first_name, last_name: a.last_name, email: a.email, phone: a.phone, active: a.active === 1 };
}

/** A group's active admins, by name, as the console lists them. */
export function groupAdminsForConsole(services: Services, groupId: number) {
  return services.db
    .selectFrom("group_admins")
    .select(["id", "first_name", "last_name", "email", "phone"])
    .where("group_id", "=", groupId)
    .where("active", "=", 1)
    .orderBy("last_name")
    .orderBy("first_name")
    .orderBy("id")
    .execute();
}

export type GroupAdminResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: Partial<Record<keyof GroupAdminInput, string>> }
  | { ok: false; notFound: true };

/**
 * Adds a group admin by e-mail: one the group had and removed comes back (its row, so its
 * history keeps one name); an e-mail already among the group's active admins is refused beside
 * the field. One transaction with its trail entry.
 */
export async function addGroupAdmin(
  services: Services,
  actor: OperatorActor,
  groupId: number,
  input: GroupAdminInput,
): Promise<GroupAdminResult> {
  return services.db.transaction().execute(async (trx): Promise<GroupAdminResult> => {
    const group = await trx.selectFrom("groups").select("id").where("id", "=", groupId).executeTakeFirst();
    if (!group) return { ok: false, notFound: true };
    const same = await trx
      .selectFrom("group_admins")
      .selectAll()
      .where("group_id", "=", groupId)
      .where("email", "=", input.email)
      .orderBy("id")
      .execute();
    if (same.some((a) => a.active === 1)) return { ok: false, fieldErrors: { email: "admin.groups.admins.emailTaken" } };
    const values = { first_name: input.firstName, last_name: input.lastName, email: input.email, phone: input.phone, active: 1 };
    const earlier = same.at(-1);
    let id: number;
    if (earlier) {
      await trx.updateTable("group_admins").set(values).where("id", "=", earlier.id).execute();
      id = earlier.id;
    } else {
      id = (
        await trx
          .insertInto("group_admins")
          .values({ ...values, group_id: groupId })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    const after = await trx.selectFrom("group_admins").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "group_admin.add",
      targetType: "group_admin",
      targetId: id,
      before: earlier ? adminView(earlier) : null,
      after: adminView(after),
    });
    return { ok: true, id: groupId };
  });
}

/**
 * Removes a group admin (the row stays, inactive, for the history pages that name them): they can
 * no longer be sent a sign-in code, and any session they have open ends at once.
 */
export async function removeGroupAdmin(services: Services, actor: OperatorActor, groupId: number, adminId: number) {
  return services.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("group_admins")
      .selectAll()
      .where("id", "=", adminId)
      .where("group_id", "=", groupId)
      .where("active", "=", 1)
      .executeTakeFirst();
    if (!before) return false;
    await trx.updateTable("group_admins").set({ active: 0 }).where("id", "=", adminId).execute();
    await trx
      .updateTable("staff_sessions")
      .set({ ended_at: services.now().toISOString(), end_reason: "unknown" })
      .where("admin_id", "=", adminId)
      .where("ended_at", "is", null)
      .execute();
    await recordChange(services, trx, actor, {
      kind: "group_admin.remove",
      targetType: "group_admin",
      targetId: adminId,
      before: adminView(before),
      after: { ...adminView(before), active: false },
    });
    return true;
  });
}
