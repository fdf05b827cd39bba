/**
 * The console's trail entries of catalog changes (issue 27, ADR 022): the same entry whether an
 * operator made the change in the console or someone ran `npm run catalog` (then the actor is the
 * command line: no operator, request "cli", as `npm run operator` writes). Each writer runs inside
 * the change's own transaction (the repository calls it), so the entry commits or fails with it.
 * The console's trail is thus the one place that reads every catalog change; `audit_events` keeps
 * its own row as before (no data moves).
 */
import type { Services } from "../../services";
import type { DraftSummary, TrailWriter } from "../../repositories/catalog-versions";
import { recordChange, type OperatorActor } from "../trail";

/** Who acts from the command line. */
export const COMMAND_LINE: OperatorActor = { operatorId: null, requestId: "cli", clientKey: null };

export function parseSummary(json: string | null): DraftSummary | null {
  if (!json) return null;
  try {
    const s = JSON.parse(json) as DraftSummary;
    return { added: s.added ?? [], changed: s.changed ?? [], withdrawn: s.withdrawn ?? [], rateCount: s.rateCount ?? 0 };
  } catch {
    return null;
  }
}

/** `catalog.import`: a draft kept, with what it adds, changes and withdraws. */
export function importTrail(services: Services, actor: OperatorActor): TrailWriter {
  return async (trx, versionId) => {
    const row = await trx.selectFrom("catalog_versions").select(["source", "summary"]).where("id", "=", versionId).executeTakeFirst();
    const summary = parseSummary(row?.summary ?? null);
    await recordChange(services, trx, actor, {
      kind: "catalog.import",
      targetType: "catalog_version",
      targetId: versionId,
      before: null,
      after: {
        status: "draft",
        source: row?.source ?? "",
        plans_added: summary?.added ?? [],
        plans_changed: summary?.changed ?? [],
        plans_withdrawn: summary?.withdrawn ?? [],
        rates: summary?.rateCount ?? 0,
      },
    });
  };
}

/** `catalog.publish`: a draft published from a date. */
export function publishTrail(services: Services, actor: OperatorActor, effectiveDate: string): TrailWriter {
  return (trx, id) =>
    recordChange(services, trx, actor, {
      kind: "catalog.publish",
      targetType: "catalog_version",
      targetId: id,
      before: { status: "draft", effective_date: null },
      after: { status: "published", effective_date: effectiveDate },
    });
}

/** `catalog.republish`: an earlier version's catalog published again as a new version (rollback). */
export function republishTrail(services: Services, actor: OperatorActor, effectiveDate: string, fromVersionId: number): TrailWriter {
  return (trx, id) =>
    recordChange(services, trx, actor, {
      kind: "catalog.republish",
      targetType: "catalog_version",
      targetId: id,
      before: null,
      after: { status: "published", effective_date: effectiveDate, republished_from: fromVersionId },
    });
}

/** `catalog.discard`: a draft thrown away. */
export function discardTrail(services: Services, actor: OperatorActor, source: string): TrailWriter {
  return (trx, id) =>
    recordChange(services, trx, actor, {
      kind: "catalog.discard",
      targetType: "catalog_version",
      targetId: id,
      before: { status: "draft", source },
      after: null,
    });
}
