/**
 * Referral links in the console (issue 27): list, create, edit, deactivate and reactivate — the
 * code in /referrals?rid=…, the referrer's name the visitor sees, and the rep, group and portal a
 * visitor enters with. The store's checks in the transaction: the code unique, each chosen rep,
 * group and portal existing. The store reads referrals directly (no held copy): a deactivated
 * link stops at once and its visitor is told it is no longer active (410, store/entry.ts).
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { Referral } from "../db/schema";
import type { ReferralInput } from "~/forms/admin";
import { recordChange, type OperatorActor } from "./trail";
import type { ConsoleSaveResult } from "./console-form";

function view(r: Referral) {
  return {
    code: r.code,
    referrer_name: r.referrer_name,
    rep_id: r.rep_id,
    group_id: r.group_id,
    portal_id: r.portal_id,
    active: r.active === 1,
  };
}

const columns = (input: ReferralInput) => ({
  code: input.code,
  referrer_name: input.referrerName,
  rep_id: input.repId,
  group_id: input.groupId,
  portal_id: input.portalId,
});

export function listReferrals(services: Services) {
  return services.db
    .selectFrom("referrals")
    .select(["id", "code", "referrer_name", "active"])
    .orderBy("active", "desc")
    .orderBy("code")
    .execute();
}

export function referralForEdit(services: Services, id: number) {
  return services.db.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The reps, groups and portals a referral may name, for the form's lists. */
export async function referralChoices(services: Services) {
  const [reps, groups, portals] = await Promise.all([
    services.db
      .selectFrom("reps")
      .select(["id", "first_name", "last_name", "agent_code"])
      .orderBy("last_name")
      .orderBy("first_name")
      .execute(),
    services.db.selectFrom("groups").select(["id", "company_name", "group_code"]).orderBy("company_name").execute(),
    services.db.selectFrom("portals").select(["id", "name"]).orderBy("id").execute(),
  ]);
  return {
    reps: reps.map((r) => ({ value: String(r.id), label: `${r.first_name} ${r.last_name} (${r.agent_code})` })),
    groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
    portals: portals.map((p) => ({ value: String(p.id), label: p.name })),
  };
}

type Field = keyof ReferralInput;

async function clashes(db: DB, input: ReferralInput, id: number | null) {
  const errors: Partial<Record<Field, string>> = {};
  let code = db.selectFrom("referrals").select("id").where("code", "=", input.code);
  if (id !== null) code = code.where("id", "!=", id);
  if (await code.executeTakeFirst()) errors.code = "admin.referrals.codeTaken";
  if (input.repId !== null && !(await db.selectFrom("reps").select("id").where("id", "=", input.repId).executeTakeFirst()))
    errors.repId = "admin.referrals.unknownChoice";
  if (input.groupId !== null && !(await db.selectFrom("groups").select("id").where("id", "=", input.groupId).executeTakeFirst()))
    errors.groupId = "admin.referrals.unknownChoice";
  if (input.portalId !== null && !(await db.selectFrom("portals").select("id").where("id", "=", input.portalId).executeTakeFirst()))
    errors.portalId = "admin.referrals.unknownChoice";
  return errors;
}

export async function createReferral(services: Services, actor: OperatorActor, input: ReferralInput): Promise<ConsoleSaveResult<Field>> {
  return services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<Field>> => {
    const errors = await clashes(trx, input, null);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    const row = await trx
      .insertInto("referrals")
      .values({ ...columns(input), active: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = await trx.selectFrom("referrals").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "referral.create",
      targetType: "referral",
      targetId: row.id,
      before: null,
      after: view(created),
    });
    return { ok: true, id: row.id };
  });
}

export async function updateReferral(
  services: Services,
  actor: OperatorActor,
  id: number,
  input: ReferralInput,
): Promise<ConsoleSaveResult<Field>> {
  return services.db.transaction().execute(async (trx): Promise<ConsoleSaveResult<Field>> => {
    const before = await trx.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return { ok: false, notFound: true };
    const errors = await clashes(trx, input, id);
    if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
    await trx.updateTable("referrals").set(columns(input)).where("id", "=", id).execute();
    const after = await trx.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    await recordChange(services, trx, actor, {
      kind: "referral.update",
      targetType: "referral",
      targetId: id,
      before: view(before),
      after: view(after),
    });
    return { ok: true, id };
  });
}

/** Deactivates (or reactivates) a referral link: it stops (or starts) working at once. */
export async function setReferralActive(services: Services, actor: OperatorActor, id: number, active: boolean) {
  return services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("referrals").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if ((before.active === 1) === active) return true;
    await trx
      .updateTable("referrals")
      .set({ active: active ? 1 : 0 })
      .where("id", "=", id)
      .execute();
    await recordChange(services, trx, actor, {
      kind: active ? "referral.reactivate" : "referral.deactivate",
      targetType: "referral",
      targetId: id,
      before: { active: before.active === 1 },
      after: { active },
    });
    return true;
  });
}
