import type { LoaderFunctionArgs } from "@remix-run/node";
import { devOutboxServes, outboxMessageById } from "~/.server/platform/dev-outbox";

/** The HTML version of an e-mail, sandboxed: no scripts, no forms, nothing from elsewhere. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!devOutboxServes(context.services, request)) throw new Response("Not Found", { status: 404 });
  const message = await outboxMessageById(context.services, params.id);
  if (!message?.html) throw new Response("Not Found", { status: 404 });
  return new Response(message.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "sandbox allow-popups allow-top-navigation-by-user-activation; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
      "Cache-Control": "no-store",
    },
  });
}
