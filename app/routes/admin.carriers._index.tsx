import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { carriersOverview, sendNow } from "~/.server/carriers/console";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminCarriers");

/** /admin/carriers: each carrier's delivery profile and the files sent and received (issue 29). */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog" });
  const url = new URL(args.request.url);
  const overview = await carriersOverview(op.services);
  return json(
    { ...overview, canEdit: op.may("catalog", "edit"), done: url.searchParams.get("sent"), busy: url.searchParams.get("busy") === "1" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Send now: one carrier's acknowledgments read and its changes built, checked and delivered. */
export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog", access: "edit" });
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "send") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const raw = field(form, "carrierId", 10);
  const carrierId = recordIdFrom(raw);
  if (carrierId === null) throw new Response("Unknown carrier", { status: 400, statusText: "bad-form" });
  const run = await sendNow(op.services, op.actor, carrierId);
  if (!run) throw new Response("Not Found", { status: 404 });
  return redirect(run.ran ? `/admin/carriers?sent=${raw}` : "/admin/carriers?busy=1");
}

export default function AdminCarriers() {
  const { profiles, files, canEdit, done, busy } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const sentTo = profiles.find((p) => String(p.carrierId) === done);
  return (
    <div className="stack">
      <h1>{t("carrierConsole.title")}</h1>
      {sentTo ? (
        <p className="notice notice--success" role="status">
          {t("carrierConsole.ran", { carrier: sentTo.name })}
        </p>
      ) : null}
      {busy ? (
        <p className="notice" role="status">
          {t("carrierConsole.busy")}
        </p>
      ) : null}
      <h2>{t("carrierConsole.profiles")}</h2>
      <div className="table-scroll">
        <table data-testid="carrier-profiles">
          <thead>
            <tr>
              <th scope="col">{t("carrierConsole.carrier")}</th>
              <th scope="col">{t("carrierConsole.format")}</th>
              <th scope="col">{t("carrierConsole.usage")}</th>
              <th scope="col">{t("carrierConsole.transport")}</th>
              <th scope="col">{t("carrierConsole.schedule")}</th>
              {canEdit ? <th scope="col">{t("carrierConsole.actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {profiles.map((p) => (
              <tr key={p.carrierId}>
                <th scope="row">
                  <Link to={`/admin/carriers/${p.carrierId}`}>{p.name}</Link>
                </th>
                <td>{p.format === "834" ? "X12 834" : "CSV"}</td>
                <td>{t(`carrierConsole.usages.${p.usage}`)}</td>
                <td>{t(`carrierConsole.transports.${p.transport}`)}</td>
                <td>{t(`carrierConsole.schedules.${p.schedule}`)}</td>
                {canEdit ? (
                  <td>
                    <Form method="post">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="intent" value="send" />
                      <input type="hidden" name="carrierId" value={p.carrierId} />
                      <button
                        className="button button--secondary"
                        type="submit"
                        aria-label={t("carrierConsole.sendNowFor", { carrier: p.name })}
                      >
                        {t("carrierConsole.sendNow")}
                      </button>
                    </Form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t("carrierConsole.files")}</h2>
      {files.length === 0 ? (
        <p>{t("carrierConsole.noFiles")}</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="carrier-files">
            <thead>
              <tr>
                <th scope="col">{t("carrierConsole.file")}</th>
                <th scope="col">{t("carrierConsole.carrier")}</th>
                <th scope="col">{t("carrierConsole.direction")}</th>
                <th scope="col">{t("carrierConsole.status")}</th>
                <th scope="col">{t("carrierConsole.members")}</th>
                <th scope="col">{t("carrierConsole.created")}</th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.id} data-status={f.status}>
                  <th scope="row">
                    <Link to={`/admin/carriers/files/${f.id}`}>{f.name}</Link>
                  </th>
                  <td>{f.carrier_name}</td>
                  <td>{t(`carrierConsole.directions.${f.direction}`)}</td>
                  <td>{t(`carrierConsole.statuses.${f.status}`)}</td>
                  <td>{f.member_count}</td>
                  <td>{f.created_at.slice(0, 16).replace("T", " ")} UTC</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
