/**
 * The operators themselves (issue 27): adding one, changing a role, deactivating — from the
 * console (admins only) and from `npm run operator` (scripts/operator.ts, the first admin). The
 * store always keeps one active admin: the last cannot be demoted or deactivated. A deactivated
 * operator's sessions end at once, and so do the sessions of one whose role changes (the next
 * request signs in again with the new role). Every change is on the trail, before → after.
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import type { Operator } from "../db/schema";
import {
  allOperators,
  countActiveAdmins,
  endSessionsOf,
  insertOperator,
  operatorByEmail,
  operatorById,
  updateOperator,
} from "../repositories/operators";
import { leavesNoAdmin, type OperatorRole } from "~/domain/operators";
import { recordChange, type OperatorActor } from "./trail";

const view = (o: Operator) => ({ email: o.email, name: o.name, role: o.role, active: o.active === 1 });

export function operatorByEmailFor(services: Services, email: string) {
  return operatorByEmail(services.db, email);
}

export function listOperators(services: Services) {
  return allOperators(services.db);
}

export type OperatorChangeResult = { ok: true; id: number } | { ok: false; error: "emailTaken" | "lastAdmin" | "notFound" };

export async function addOperator(
  services: Services,
  actor: OperatorActor,
  input: { email: string; name: string; role: OperatorRole },
): Promise<OperatorChangeResult> {
  return services.db.transaction().execute(async (trx) => {
    if (await operatorByEmail(trx, input.email)) return { ok: false, error: "emailTaken" };
    const id = await insertOperator(trx, { ...input, now: services.now() });
    const created = (await operatorById(trx, id))!;
    await recordChange(services, trx, actor, {
      kind: "operator.create",
      targetType: "operator",
      targetId: id,
      before: null,
      after: view(created),
    });
    return { ok: true, id };
  });
}

/** Changes an operator's name, role or active flag; refuses to leave the store without an active admin. */
export async function changeOperator(
  services: Services,
  actor: OperatorActor,
  id: number,
  next: { name?: string; role?: OperatorRole; active?: boolean },
): Promise<OperatorChangeResult> {
  return services.db.transaction().execute(async (trx: DB) => {
    // first: lock the active admins' rows (PostgreSQL), so a concurrent change of an admin waits for this one
    const admins = await countActiveAdmins(trx, { lock: true, dialect: services.dialect });
    const before = await operatorById(trx, id);
    if (!before) return { ok: false, error: "notFound" };
    const role = next.role ?? before.role;
    const active = next.active ?? before.active === 1;
    if (leavesNoAdmin(admins, { role: before.role, active: before.active === 1 }, { role, active }))
      return { ok: false, error: "lastAdmin" };
    await updateOperator(trx, id, { name: next.name ?? before.name, role, active: active ? 1 : 0 }, services.now());
    const after = (await operatorById(trx, id))!;
    if (before.role !== after.role || before.active !== after.active)
      await endSessionsOf(trx, id, services.now(), after.active ? "role_changed" : "deactivated");
    await recordChange(services, trx, actor, {
      kind: active ? "operator.update" : "operator.deactivate",
      targetType: "operator",
      targetId: id,
      before: view(before),
      after: view(after),
    });
    return { ok: true, id };
  });
}
