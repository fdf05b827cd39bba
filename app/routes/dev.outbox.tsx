import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { devOutboxServes, outboxMessages } from "~/.server/platform/dev-outbox";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("outbox");

/** Development mailbox: the e-mails and texts the app would have sent. Off in production. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!devOutboxServes(context.services, request)) throw new Response("Not Found", { status: 404 });
  return json({ messages: await outboxMessages(context.services) });
}

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <h1>{t("outbox.title")}</h1>
      <p className="muted">{t("outbox.intro")}</p>
      {messages.length === 0 ? (
        <p>{t("outbox.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t("outbox.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("outbox.when")}</th>
                <th scope="col">{t("outbox.channel")}</th>
                <th scope="col">{t("outbox.to")}</th>
                <th scope="col">{t("outbox.subject")}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.created_at).toLocaleString("en-US")}</td>
                  <td>{m.channel === "sms" ? t("outbox.sms") : t("outbox.email")}</td>
                  <td>{m.recipient}</td>
                  <td>
                    <Link to={`/dev/outbox/${m.id}`}>{m.subject ?? t("outbox.textMessage")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
