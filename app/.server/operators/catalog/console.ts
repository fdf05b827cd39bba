/**
 * The catalog in the console (issue 27, ADR 022): the list of versions, an upload checked whole
 * and kept as a draft, its preview, publishing it for an effective date, publishing an earlier
 * version again (rollback) and discarding a draft. These are versions.ts's use cases — the same
 * ones `npm run catalog` runs — with the operator as `by` and the operator's trail entry
 * (recordChange) written in each change's own transaction. Refusals come back as translation
 * keys for the field they concern, so the page says them in the operator's language.
 */
import type { Services } from "../../services";
import { loadCatalog } from "../../repositories/catalog";
import { findVersion, type DraftSummary } from "../../repositories/catalog-versions";
import { listOperators } from "../directory";
import type { OperatorContext } from "../guard";
import { discardTrail, importTrail, parseSummary, publishTrail, republishTrail } from "./trail";
import { MAX_FILE_BYTES, type UploadFile } from "./read-table";
import { catalogVersions, discardDraft, importUpload, previewVersion, publishVersion, republishVersion } from "./versions";
import type { ImportProblem } from "~/domain/catalog-import/problems";
import { todayIso } from "~/domain/dates";
import { messageKey } from "~/forms/common";

/** Files in one upload (a Rate PUF, its plans and rating areas, a tier-rate file, with room to spare). */
export const CATALOG_MAX_FILES = 6;
/** The whole multipart body: a large issuer's Rate PUF is ~30 MB as CSV. */
export const CATALOG_UPLOAD_MAX_BYTES = 48 * 1024 * 1024;
export { MAX_FILE_BYTES };

export type VersionState = "draft" | "scheduled" | "inForce" | "earlier";

export interface VersionRow {
  id: number;
  status: "draft" | "published";
  /** draft; scheduled (a later date); the latest in force today; an earlier one */
  state: VersionState;
  effectiveDate: string | null;
  createdAt: string;
  publishedAt: string | null;
  /** an operator's name, "cli" for the command line, or the raw marker */
  publishedBy: { operator: string } | { commandLine: true } | { other: string } | null;
  source: string;
  summary: DraftSummary | null;
  republishedFrom: number | null;
  ratesFrom: string | null;
  ratesUntil: string | null;
}

const by = (op: OperatorContext) => `operator:${op.operator.id}`;

/** Every version, newest first, with who published it and where it stands today. */
export async function versionList(services: Services): Promise<VersionRow[]> {
  const today = todayIso(services.now());
  const [versions, operators, inForce] = await Promise.all([
    catalogVersions(services),
    listOperators(services),
    loadCatalog(services.db, today),
  ]);
  const names = new Map(operators.map((o) => [`operator:${o.id}`, o.name]));
  return versions.map((v) => {
    const marker = v.published_by;
    const name = marker ? names.get(marker) : undefined;
    return {
      id: v.id,
      status: v.status,
      state:
        v.status === "draft"
          ? "draft"
          : v.effective_date && v.effective_date > today
            ? "scheduled"
            : v.id === inForce.version.id
              ? "inForce"
              : "earlier",
      effectiveDate: v.effective_date,
      createdAt: v.created_at,
      publishedAt: v.published_at,
      publishedBy: !marker ? null : name ? { operator: name } : marker === "cli" ? { commandLine: true } : { other: marker },
      source: v.source,
      summary: parseSummary(v.summary),
      republishedFrom: v.republished_from,
      ratesFrom: v.rates_from,
      ratesUntil: v.rates_until,
    };
  });
}

export type ConsoleImport = { ok: true; versionId: number } | { ok: false; problems: ImportProblem[]; problemCount: number };

/** Checks the files whole and keeps them as a draft, on the trail; or lists every problem and changes nothing. */
export async function uploadCatalogFiles(op: OperatorContext, files: readonly UploadFile[]): Promise<ConsoleImport> {
  const services = op.services;
  const result = await importUpload(services, files, {
    by: by(op),
    trail: importTrail(services, op.actor),
  });
  return result.ok ? { ok: true, versionId: result.versionId } : result;
}

export type DateRefusal = { ok: false; field: "effectiveDate"; message: string } | { ok: false; notFound: true };

/** Why `on` cannot be a version's effective date (a translation key with its values), or null. */
function dateRefusal(today: string, on: string, window: { ratesFrom: string | null; ratesUntil: string | null }) {
  if (on < today) return messageKey("admin.catalog.validation.past", { today });
  if (window.ratesFrom && on < window.ratesFrom) return messageKey("admin.catalog.validation.beforeRates", { from: window.ratesFrom });
  if (window.ratesUntil && on > window.ratesUntil) return messageKey("admin.catalog.validation.afterRates", { until: window.ratesUntil });
  return null;
}

/** Publishes a draft from `effectiveDate` (today or later, within its rates' own dates), on the trail. */
export async function publishDraft(
  op: OperatorContext,
  versionId: number,
  effectiveDate: string,
): Promise<{ ok: true; versionId: number } | DateRefusal> {
  const services = op.services;
  const version = await findVersion(services.db, versionId);
  if (!version) return { ok: false, notFound: true };
  if (version.status !== "draft") return { ok: false, field: "effectiveDate", message: "admin.catalog.validation.notDraft" };
  const refusal = dateRefusal(todayIso(services.now()), effectiveDate, { ratesFrom: version.rates_from, ratesUntil: version.rates_until });
  if (refusal) return { ok: false, field: "effectiveDate", message: refusal };
  const published = await publishVersion(services, versionId, effectiveDate, {
    by: by(op),
    trail: publishTrail(services, op.actor, effectiveDate),
  });
  // a second click raced the first: the version is published already
  if (!published.ok) return { ok: false, field: "effectiveDate", message: "admin.catalog.validation.notDraft" };
  return { ok: true, versionId };
}

/** Rollback: publishes version `versionId`'s catalog again as a new version from `effectiveDate`, on the trail. */
export async function publishAgain(
  op: OperatorContext,
  versionId: number,
  effectiveDate: string,
): Promise<{ ok: true; versionId: number } | DateRefusal> {
  const services = op.services;
  const version = await findVersion(services.db, versionId);
  if (!version) return { ok: false, notFound: true };
  if (version.status !== "published") return { ok: false, field: "effectiveDate", message: "admin.catalog.validation.notPublished" };
  const refusal = dateRefusal(todayIso(services.now()), effectiveDate, { ratesFrom: null, ratesUntil: null });
  if (refusal) return { ok: false, field: "effectiveDate", message: refusal };
  const published = await republishVersion(services, versionId, effectiveDate, {
    by: by(op),
    trail: republishTrail(services, op.actor, effectiveDate, versionId),
  });
  if (!published.ok) return { ok: false, field: "effectiveDate", message: "admin.catalog.validation.neverAlone" };
  return { ok: true, versionId: published.versionId };
}

/** Discards a draft (its rates, and plans only it added), on the trail. False: no such draft. */
export async function discardVersion(op: OperatorContext, versionId: number) {
  const services = op.services;
  const version = await findVersion(services.db, versionId);
  if (!version || version.status !== "draft") return false;
  return discardDraft(services, versionId, {
    by: by(op),
    trail: discardTrail(services, op.actor, version.source),
  });
}

/** A version and its preview: priced before and after on the date it would take effect. */
export async function versionDetail(services: Services, versionId: number) {
  const version = await findVersion(services.db, versionId);
  if (!version) return null;
  const today = todayIso(services.now());
  // a draft: on the first date it could take effect; a published one: the day before its own (what it replaced)
  const on =
    version.status === "draft"
      ? version.rates_from && version.rates_from > today
        ? version.rates_from
        : today
      : dayBefore(version.effective_date ?? today);
  const preview = await previewVersion(services, versionId, on);
  if (!preview) return null;
  const [row] = (await versionList(services)).filter((v) => v.id === versionId);
  return { version: row, preview, today };
}

function dayBefore(iso: string) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
