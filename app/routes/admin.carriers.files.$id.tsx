import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { requireOperator } from "~/.server/operators/guard";
import { carrierFileDetail } from "~/.server/carriers/console";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";
import { ackErrorText, codeWithWords, differenceValue, problemText, type ShownAckError } from "~/views/carrier-words";

export const meta = pageTitle("adminCarrierFile");

/** /admin/carriers/files/:id: one file sent or received — why it was held, its acknowledgment, each member's change. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog" });
  const raw = args.params.id;
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const file = await carrierFileDetail(op.services, op.actor, id);
  if (!file) throw new Response("Not Found", { status: 404 });
  return json({ file, carrierId: file.carrierId, canEdit: op.may("catalog", "edit") }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminCarrierFile() {
  const { file, carrierId, canEdit } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const errorText = (e: ShownAckError) => ackErrorText(t, e);
  return (
    <div className="stack">
      <p>
        <Link to="/admin/carriers">{t("carrierConsole.back")}</Link>
      </p>
      <h1>{t("carrierConsole.fileTitle", { name: file.name })}</h1>
      <dl data-testid="carrier-file">
        <dt>{t("carrierConsole.carrier")}</dt>
        <dd>{file.carrierName}</dd>
        <dt>{t("carrierConsole.direction")}</dt>
        <dd>{t(`carrierConsole.directions.${file.direction}`)}</dd>
        {file.direction === "out" ? (
          <>
            <dt>{t("carrierConsole.purpose")}</dt>
            <dd data-testid="carrier-file-purpose">{t(`carrierConsole.purposes.${file.purpose}`)}</dd>
          </>
        ) : null}
        <dt>{t("carrierConsole.status")}</dt>
        <dd data-testid="carrier-file-status">{t(`carrierConsole.statuses.${file.status}`)}</dd>
        {file.controlNumber ? (
          <>
            <dt>{t("carrierConsole.controlNumber")}</dt>
            <dd>{file.controlNumber}</dd>
          </>
        ) : null}
        <dt>{t("carrierConsole.created")}</dt>
        <dd>{file.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
        {file.sentAt ? (
          <>
            <dt>{t("carrierConsole.sent")}</dt>
            <dd>{file.sentAt.slice(0, 16).replace("T", " ")} UTC</dd>
          </>
        ) : null}
        {file.lastError ? (
          <>
            <dt>{t("carrierConsole.lastError")}</dt>
            <dd>{file.lastError}</dd>
          </>
        ) : null}
      </dl>
      {file.problems.length ? (
        <section aria-labelledby="problems-heading">
          <h2 id="problems-heading">{t("carrierConsole.problems")}</h2>
          <ul data-testid="carrier-file-problems">
            {file.problems.map((p, i) => (
              <li key={i}>
                {"segment" in p ? `${t("carrierConsole.segment")} ${p.segment} (${p.position})${p.element ? ` ${p.element}` : ""}: ` : ""}
                {problemText(t, p)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {file.transactions.length ? (
        <section aria-labelledby="transactions-heading">
          <h2 id="transactions-heading">{t("carrierConsole.transactions")}</h2>
          <ul data-testid="carrier-transactions">
            {file.transactions.map((tx) => (
              <li key={tx.controlNumber}>
                ST02 {tx.controlNumber}: {t(`carrierConsole.statuses.${tx.status}`, { defaultValue: tx.status })}
                {tx.codes.length ? <> · {tx.codes.map((c) => codeWithWords(t, "transaction", c.code)).join("; ")}</> : null}
                {tx.errors.length ? (
                  <ul>
                    {tx.errors.map((e, i) => (
                      <li key={i}>{errorText(e)}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {file.changes.length ? (
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading">{t("carrierConsole.changes")}</h2>
          <div className="table-scroll">
            <table data-testid="carrier-changes">
              <thead>
                <tr>
                  <th scope="col">{t("carrierConsole.member")}</th>
                  <th scope="col">{t("carrierConsole.maintenance")}</th>
                  <th scope="col">{t("carrierConsole.status")}</th>
                  <th scope="col">{t("carrierConsole.errors")}</th>
                </tr>
              </thead>
              <tbody>
                {file.changes.map((c) => (
                  <tr key={c.id} data-status={c.status}>
                    <th scope="row">{c.memberKey}</th>
                    <td>
                      {c.maintenance} ({t(`carrierConsole.kinds.${c.kind}`)})
                    </td>
                    <td>{t(`carrierConsole.changeStatuses.${c.status}`)}</td>
                    <td>{c.errors.map(errorText).join("; ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {file.report ? (
        <section aria-labelledby="report-heading">
          <h2 id="report-heading">{t("carrierConsole.reconciliation")}</h2>
          <ul data-testid="carrier-reconciliation">
            <li>{t("carrierConsole.matched", { count: file.report.matched.length })}</li>
            <li>
              {t("carrierConsole.missingAtCarrier")}: {file.report.missingAtCarrier.join(", ") || "—"}
            </li>
            <li>
              {t("carrierConsole.unknownToUs")}: {file.report.unknownToUs.map((u) => u.memberId ?? u.subscriberId).join(", ") || "—"}
            </li>
          </ul>
          {file.report.differences.length ? (
            <div className="table-scroll">
              <table data-testid="carrier-differences">
                <caption>{t("carrierConsole.differences")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("carrierConsole.differenceMember")}</th>
                    <th scope="col">{t("carrierConsole.differencePlan")}</th>
                    <th scope="col">{t("carrierConsole.differenceField")}</th>
                    <th scope="col">{t("carrierConsole.differenceOurs")}</th>
                    <th scope="col">{t("carrierConsole.differenceTheirs")}</th>
                  </tr>
                </thead>
                <tbody>
                  {file.report.differences.map((d, i) => (
                    <tr key={i}>
                      <th scope="row">{d.memberId}</th>
                      <td>{d.planCode}</td>
                      <td>{t(`carrierConsole.differenceFields.${d.field}`)}</td>
                      <td>{differenceValue(t, d.field, d.ours)}</td>
                      <td>{differenceValue(t, d.field, d.theirs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ) : null}
      {canEdit &&
      carrierId &&
      file.direction === "out" &&
      (file.status === "rejected" || file.status === "held" || file.status === "waiting") ? (
        <Form method="post" action="/admin/carriers">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="carrierId" value={carrierId} />
          <p className="hint" id="resend-hint">
            {t("carrierConsole.resendHint")}
          </p>
          <button className="button" type="submit" aria-describedby="resend-hint">
            {t("carrierConsole.resend")}
          </button>
        </Form>
      ) : null}
      {file.content !== null ? (
        <details>
          <summary>{t("carrierConsole.content")}</summary>
          <p className="hint">{t("carrierConsole.contentMasked")}</p>
          <pre data-testid="carrier-file-content">{file.content}</pre>
        </details>
      ) : (
        <p className="hint">{t("carrierConsole.contentNotShown")}</p>
      )}
    </div>
  );
}
