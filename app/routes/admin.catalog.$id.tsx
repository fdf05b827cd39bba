import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { discardVersion, publishAgain, publishDraft, versionDetail } from "~/.server/operators/catalog/console";
import { catalogPublishValidator } from "~/forms/admin";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { VersionWho } from "~/components/admin/VersionWho";
import { formatMoney } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminCatalogVersion");

const idOf = (raw: string | undefined) => {
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
};

/**
 * /admin/catalog/:id: one catalog version — a draft's preview (plans added, changed, withdrawn;
 * how many rates; sample quotes before and after for a few ages and every tier; the open carts
 * and saved quotes it touches) with Publish from an effective date and Discard; a published
 * version's summary with "publish this version again from a date" (rollback).
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog" });
  const detail = await versionDetail(op.services, idOf(args.params.id));
  if (!detail) throw new Response("Not Found", { status: 404 });
  const url = new URL(args.request.url);
  return json(
    {
      ...detail,
      canEdit: op.may("catalog", "edit"),
      imported: url.searchParams.get("imported") === "1",
      published: url.searchParams.get("published") === "1",
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog", access: "edit" });
  const id = idOf(args.params.id);
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  if (intent === "discard") {
    if (!(await discardVersion(op, id))) throw new Response("Not Found", { status: 404 });
    return redirect("/admin/catalog?discarded=1");
  }
  if (intent !== "publish" && intent !== "republish") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await catalogPublishValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const done =
    intent === "publish" ? await publishDraft(op, id, result.data.effectiveDate) : await publishAgain(op, id, result.data.effectiveDate);
  if (!done.ok) {
    if ("notFound" in done) throw new Response("Not Found", { status: 404 });
    return validationError({ fieldErrors: { effectiveDate: done.message }, formId: result.formId }, result.submittedData, { status: 422 });
  }
  return redirect(`/admin/catalog/${done.versionId}?published=1`);
}

function PublishForm({ id, intent, title, hint, submit }: { id: string; intent: string; title: string; hint: string; submit: string }) {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <StoreForm id={id} validator={clientForms.catalogPublishValidator} labels={{ effectiveDate: t("admin.catalog.effectiveDate") }}>
        <input type="hidden" name="intent" value={intent} />
        <TextField name="effectiveDate" hint={hint} short spellCheck={false} />
        <div>
          <button className="button" type="submit">
            {submit}
          </button>
        </div>
      </StoreForm>
    </section>
  );
}

export default function AdminCatalogVersion() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { version: v, preview: p } = data;
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, i18n.language));
  const plans = (codes: string[]) => (codes.length ? codes.join(", ") : t("admin.catalog.none"));
  return (
    <div className="stack">
      <p>
        <Link to="/admin/catalog">{t("admin.catalog.back")}</Link>
      </p>
      <h1>{t("admin.catalog.versionTitle", { id: v.id })}</h1>
      {data.imported ? (
        <div className="notice notice--success" role="status" data-testid="imported">
          <p>{t("admin.catalog.imported")}</p>
        </div>
      ) : null}
      {data.published ? (
        <div className="notice notice--success" role="status" data-testid="published">
          <p>{t("admin.catalog.publishedNotice", { date: v.effectiveDate ?? "" })}</p>
        </div>
      ) : null}
      <p data-testid="version-state">
        <strong>{t(`admin.catalog.state.${v.state}`)}</strong>
        {v.effectiveDate ? <> · {t("admin.catalog.effectiveFrom", { date: v.effectiveDate })}</> : null}
        {v.publishedBy ? (
          <>
            {" · "}
            <VersionWho who={v.publishedBy} />
          </>
        ) : null}
      </p>
      <p>
        {v.republishedFrom
          ? t("admin.catalog.republishedFrom", { id: v.republishedFrom })
          : t("admin.catalog.source", { source: v.source })}
      </p>
      {v.ratesFrom || v.ratesUntil ? (
        <p>{t("admin.catalog.ratesWindow", { from: v.ratesFrom ?? "—", until: v.ratesUntil ?? t("admin.catalog.noEnd") })}</p>
      ) : null}

      <section className="stack" aria-labelledby="preview-title" data-testid="preview">
        <h2 id="preview-title">{t("admin.catalog.previewTitle")}</h2>
        <dl>
          <div>
            <dt>{t("admin.catalog.added")}</dt>
            <dd data-testid="plans-added">{plans(p.added)}</dd>
          </div>
          <div>
            <dt>{t("admin.catalog.changed")}</dt>
            <dd data-testid="plans-changed">{plans(p.changed)}</dd>
          </div>
          <div>
            <dt>{t("admin.catalog.withdrawn")}</dt>
            <dd data-testid="plans-withdrawn">{plans(p.withdrawn)}</dd>
          </div>
          <div>
            <dt>{t("admin.catalog.rateCount")}</dt>
            <dd data-testid="rate-count">{p.rateCount.toLocaleString(i18n.language === "es" ? "es-US" : "en-US")}</dd>
          </div>
          <div>
            <dt>{t("admin.catalog.touched")}</dt>
            <dd data-testid="touched">
              {t("admin.catalog.touchedLine", {
                carts: p.touched.carts,
                quotes: p.touched.savedQuotes,
                withdrawnCarts: p.touched.withdrawnCarts,
                withdrawnQuotes: p.touched.withdrawnSavedQuotes,
              })}
            </dd>
          </div>
        </dl>
        {p.samples.length ? (
          <div className="table-wrap" role="region" aria-labelledby="samples-caption" tabIndex={0}>
            <table className="table" data-testid="samples">
              <caption id="samples-caption">{t("admin.catalog.samplesCaption", { date: p.on })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.catalog.samplePlan")}</th>
                  <th scope="col">{t("admin.catalog.sampleTier")}</th>
                  <th scope="col">{t("admin.catalog.sampleAge")}</th>
                  <th scope="col">{t("admin.catalog.samplePlace")}</th>
                  <th scope="col">{t("admin.catalog.sampleBefore")}</th>
                  <th scope="col">{t("admin.catalog.sampleAfter")}</th>
                </tr>
              </thead>
              <tbody>
                {p.samples.map((s, i) => (
                  <tr key={i} data-testid="sample">
                    <td>{s.planCode}</td>
                    <td>{t(`tiers.${s.tier}`)}</td>
                    <td>{s.age}</td>
                    <td>{[s.state, s.zip3 ? `${s.zip3}xx` : null].filter(Boolean).join(" ") || t("admin.catalog.anywhere")}</td>
                    <td>{money(s.beforeCents)}</td>
                    <td>{money(s.afterCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t("admin.catalog.noSamples")}</p>
        )}
      </section>

      {!data.canEdit ? (
        <p>{t("admin.readOnly")}</p>
      ) : v.status === "draft" ? (
        <>
          <PublishForm
            id="publish"
            intent="publish"
            title={t("admin.catalog.publishTitle")}
            hint={t("admin.catalog.publishHint", {
              today: data.today,
              from: v.ratesFrom ?? data.today,
              until: v.ratesUntil ?? t("admin.catalog.noEnd"),
            })}
            submit={t("admin.catalog.publish")}
          />
          <Form method="post" className="card stack">
            <AuthenticityTokenInput />
            <h2>{t("admin.catalog.discardTitle")}</h2>
            <p>{t("admin.catalog.discardHint")}</p>
            <div>
              <button className="button button--warning" type="submit" name="intent" value="discard">
                {t("admin.catalog.discard")}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <PublishForm
          id="republish"
          intent="republish"
          title={t("admin.catalog.republishTitle", { id: v.id })}
          hint={t("admin.catalog.republishHint", { id: v.id, today: data.today })}
          submit={t("admin.catalog.republish", { id: v.id })}
        />
      )}
    </div>
  );
}
