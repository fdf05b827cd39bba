/**
 * The console's trail (issue 27): every sign-in, failed code, session end and change, with who
 * (the operator), what (a kind such as `rep.update`), which record, the fields changed before →
 * after, when, the request and the client. Append-only (migration 016 triggers). Never PII of
 * members: the records operators change are the store's own (reps, groups, operators, plans).
 */
import type { Services } from "../services";
import type { DB } from "../db/connection";
import { insertOperatorEvent, trailKinds, trailPage, type TrailFilter } from "../repositories/operators";
import { changedFields } from "~/domain/operators";

/** Who acts: a signed-in operator (or, before signing in, nobody: operatorId null). */
export interface OperatorActor {
  operatorId: number | null;
  requestId: string | null;
  clientKey: string | null;
}

export interface Change {
  kind: string;
  targetType: string;
  targetId: string | number;
  /** the record before (null: created) and after (null: removed); only the fields that differ are kept */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Records a change in the caller's transaction (`db`), with only the fields that differ. */
export async function recordChange(services: Services, db: DB, actor: OperatorActor, change: Change) {
  const diff = changedFields(change.before, change.after);
  await insertOperatorEvent(db, {
    kind: change.kind,
    operatorId: actor.operatorId,
    subject: null,
    targetType: change.targetType,
    targetId: String(change.targetId),
    before: diff.before,
    after: diff.after,
    requestId: actor.requestId,
    clientKey: actor.clientKey,
    at: services.now(),
  });
}

/** Records an event that changes no record (a sign-in, a failed code, a session's end). */
export async function recordEvent(
  services: Services,
  actor: OperatorActor,
  event: { kind: string; subject?: string | null; detail?: string | null },
) {
  await insertOperatorEvent(services.db, {
    kind: event.kind,
    operatorId: actor.operatorId,
    subject: event.subject ?? null,
    detail: event.detail ?? null,
    requestId: actor.requestId,
    clientKey: actor.clientKey,
    at: services.now(),
  });
}

export const TRAIL_PAGE_SIZE = 25;

export interface TrailEntry {
  id: number;
  at: string;
  kind: string;
  operator: { id: number; name: string; email: string } | null;
  subject: string | null;
  target: { type: string; id: string } | null;
  changes: { field: string; before: unknown; after: unknown }[];
  detail: string | null;
  /** done with `npm run operator` */
  commandLine: boolean;
}

const parse = (json: string | null): Record<string, unknown> | null => {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** One page of the trail (1-based), newest first, filtered by operator and kind. */
export async function readTrail(services: Services, filter: TrailFilter, page: number) {
  const { rows, total } = await trailPage(services.db, filter, (page - 1) * TRAIL_PAGE_SIZE, TRAIL_PAGE_SIZE);
  const entries: TrailEntry[] = rows.map((r) => {
    const before = parse(r.before_json);
    const after = parse(r.after_json);
    const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return {
      id: r.id,
      at: r.created_at,
      kind: r.kind,
      operator: r.operator_id ? { id: r.operator_id, name: r.operator_name ?? "", email: r.operator_email ?? "" } : null,
      subject: r.subject,
      target: r.target_type ? { type: r.target_type, id: r.target_id ?? "" } : null,
      changes: fields.map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null })),
      detail: r.detail,
      commandLine: r.request_id === "cli",
    };
  });
  return { entries, total, pages: Math.max(1, Math.ceil(total / TRAIL_PAGE_SIZE)), kinds: await trailKinds(services.db) };
}
