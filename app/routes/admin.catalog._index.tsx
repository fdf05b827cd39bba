import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n-react";
import { readForm } from "~/.server/platform/request";
import { requestContext } from "~/.server/platform/request-context";
import { requireOperator } from "~/.server/operators/guard";
import {
  CATALOG_MAX_FILES,
  CATALOG_UPLOAD_MAX_BYTES,
  MAX_FILE_BYTES,
  uploadCatalogFiles,
  versionList,
} from "~/.server/operators/catalog/console";
import { CatalogProblems } from "~/components/admin/CatalogProblems";
import { VersionWho } from "~/components/admin/VersionWho";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminCatalog");

/** Room for the multipart envelope around the files. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * /admin/catalog: the catalog's versions (status, effective date, what each changed, who
 * published it) and the upload of import files — CSV, XLSX or a plans JSON, checked whole; a
 * clean upload becomes a draft to preview and publish, a broken one lists every problem by file,
 * row and column and changes nothing. The catalog role and admins upload; support reads.
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog" });
  const url = new URL(args.request.url);
  return json(
    {
      versions: await versionList(op.services),
      canEdit: op.may("catalog", "edit"),
      discarded: url.searchParams.get("discarded") === "1",
      maxMegabytes: MAX_FILE_BYTES / (1024 * 1024),
      totalMegabytes: CATALOG_UPLOAD_MAX_BYTES / (1024 * 1024),
      maxFiles: CATALOG_MAX_FILES,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog", access: "edit" });
  const form = await readForm(args.request, op.services, { maxBytes: CATALOG_UPLOAD_MAX_BYTES + ENVELOPE_BYTES });
  const chosen = form.getAll("files").filter((f): f is File => f instanceof File && f.name !== "" && f.size > 0);
  const headers = { "Cache-Control": "no-store" };
  if (!chosen.length) return json({ refused: "missing" as const, problems: [], problemCount: 0, files: [] }, { status: 422, headers });
  if (chosen.length > CATALOG_MAX_FILES)
    return json({ refused: "tooMany" as const, problems: [], problemCount: 0, files: [] }, { status: 422, headers });
  const files = await Promise.all(chosen.map(async (f) => ({ name: f.name.slice(0, 200), bytes: new Uint8Array(await f.arrayBuffer()) })));
  const result = await uploadCatalogFiles(op, files);
  if (result.ok) return redirect(`/admin/catalog/${result.versionId}?imported=1`);
  // each problem in the operator's language (admin.catalog.problems.<code>); file, row and column as the file names them
  const t = await op.services.i18n.getFixedT(await requestContext(args).locale, "common");
  const problems = result.problems.map((p) => ({
    file: p.file,
    row: p.row,
    column: p.column,
    message: t(`admin.catalog.problems.${p.code}`, p.values ?? {}),
  }));
  return json(
    { refused: "problems" as const, problems, problemCount: result.problemCount, files: files.map((f) => f.name) },
    { status: 422, headers },
  );
}

export default function AdminCatalog() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation();
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refused) summary.current?.focus();
  }, [refused]);
  return (
    <div className="stack">
      <h1>{t("admin.catalog.title")}</h1>
      {data.discarded ? (
        <div className="notice notice--success" role="status" data-testid="discarded">
          <p>{t("admin.catalog.discarded")}</p>
        </div>
      ) : null}
      {refused ? (
        <div
          className="error-summary"
          role="alert"
          tabIndex={-1}
          ref={summary}
          data-testid="catalog-problems"
          aria-labelledby="catalog-problems-title"
        >
          {refused.refused === "problems" ? (
            <>
              <h2 id="catalog-problems-title">{t("admin.catalog.refusedTitle", { count: refused.problemCount })}</h2>
              <p>{t("admin.catalog.nothingChanged", { files: refused.files.join(", ") })}</p>
              <CatalogProblems problems={refused.problems} total={refused.problemCount} />
              <p>
                <a href="#catalog-files">{t("admin.catalog.chooseAgain")}</a>
              </p>
            </>
          ) : (
            <>
              <h2 id="catalog-problems-title">{t("admin.catalog.refusedFiles")}</h2>
              <ul>
                <li>
                  <a href="#catalog-files">
                    {t("admin.catalog.filesLabel")}: {t(`admin.catalog.${refused.refused}`, { max: data.maxFiles })}
                  </a>
                </li>
              </ul>
            </>
          )}
        </div>
      ) : null}
      {data.canEdit ? (
        <section className="card stack" aria-labelledby="catalog-upload-title">
          <h2 id="catalog-upload-title">{t("admin.catalog.uploadTitle")}</h2>
          <p>{t("admin.catalog.uploadIntro")}</p>
          <Form method="post" encType="multipart/form-data" className="stack">
            <AuthenticityTokenInput />
            <div className={`field${refused && refused.refused !== "problems" ? " field--error" : ""}`}>
              <label className="label" htmlFor="catalog-files">
                {t("admin.catalog.filesLabel")}
              </label>
              <span className="hint" id="catalog-files-hint">
                {t("admin.catalog.filesHint", { mb: data.maxMegabytes, total: data.totalMegabytes, max: data.maxFiles })}
              </span>
              {refused && refused.refused !== "problems" ? (
                <span className="error-message" id="catalog-files-error">
                  <span className="visually-hidden">{t("validation.errorPrefix")}</span>{" "}
                  {t(`admin.catalog.${refused.refused}`, { max: data.maxFiles })}
                </span>
              ) : null}
              <input
                className="input"
                id="catalog-files"
                name="files"
                type="file"
                multiple
                accept=".csv,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={`catalog-files-hint${refused && refused.refused !== "problems" ? " catalog-files-error" : ""}`}
              />
            </div>
            <div>
              <button className="button" type="submit">
                {t("admin.catalog.check")}
              </button>
            </div>
          </Form>
          <p>{t("admin.catalog.formatsHint")}</p>
        </section>
      ) : (
        <p>{t("admin.readOnly")}</p>
      )}
      <section className="stack" aria-labelledby="catalog-versions-title">
        <h2 id="catalog-versions-title">{t("admin.catalog.versionsTitle")}</h2>
        <ul className="stack" data-testid="catalog-versions">
          {data.versions.map((v) => (
            <li key={v.id} className="card stack" data-testid="catalog-version">
              <h3>
                <Link to={`/admin/catalog/${v.id}`}>{t("admin.catalog.versionName", { id: v.id })}</Link>
              </h3>
              <p>
                <strong>{t(`admin.catalog.state.${v.state}`)}</strong>
                {v.effectiveDate ? <> · {t("admin.catalog.effectiveFrom", { date: v.effectiveDate })}</> : null}
              </p>
              {v.summary ? (
                <p>
                  {t("admin.catalog.summaryLine", {
                    added: v.summary.added.length,
                    changed: v.summary.changed.length,
                    withdrawn: v.summary.withdrawn.length,
                    rates: v.summary.rateCount,
                  })}
                </p>
              ) : null}
              <p>
                {v.republishedFrom ? t("admin.catalog.republishedFrom", { id: v.republishedFrom }) : v.source}
                {v.publishedBy ? (
                  <>
                    {" · "}
                    <VersionWho who={v.publishedBy} />
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
