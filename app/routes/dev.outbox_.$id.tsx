import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { devOutboxServes, outboxAttachmentList, outboxMessageById } from "~/.server/platform/dev-outbox";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("outboxMessage");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!devOutboxServes(context.services, request)) throw new Response("Not Found", { status: 404 });
  const message = await outboxMessageById(context.services, params.id);
  if (!message) throw new Response("Not Found", { status: 404 });
  return json({ message, attachments: await outboxAttachmentList(context.services, message.id) });
}

export default function OutboxMessage() {
  const { message, attachments } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article>
      <p>
        <Link to="/dev/outbox">{t("outbox.back")}</Link>
      </p>
      <h1>{message.subject ?? t("outbox.textMessage")}</h1>
      <dl>
        <dt>{t("outbox.to")}</dt>
        <dd data-testid="recipient">{message.recipient}</dd>
        <dt>{t("outbox.channel")}</dt>
        <dd>{message.channel === "sms" ? t("outbox.sms") : t("outbox.email")}</dd>
      </dl>
      {message.html ? (
        <p>
          <a href={`/dev/outbox/${message.id}/html`}>{t("outbox.viewHtml")}</a>
        </p>
      ) : null}
      {attachments.length ? (
        <>
          <h2>{t("outbox.attachments")}</h2>
          <ul data-testid="attachments">
            {attachments.map((a) => (
              <li key={a.n}>
                {a.kept ? <a href={`/dev/outbox/${message.id}/attachment/${a.n}`}>{a.filename}</a> : a.filename} ({a.contentType}, {a.size}{" "}
                B)
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t("outbox.textVersion")}</h2>
      <pre data-testid="message-text" className="outbox-text">
        {message.text ?? ""}
      </pre>
    </article>
  );
}
