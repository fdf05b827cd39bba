import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { devOutboxServes, outboxAttachmentFile } from "~/.server/platform/dev-outbox";
import { contentDisposition } from "~/utils/content-disposition";

/** An attachment of an e-mail kept in the outbox, as a download; anything else goes to the site's 404 page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!devOutboxServes(context.services, request)) throw redirect("/404");
  const file = await outboxAttachmentFile(context.services, params.id, params.n);
  if (!file) throw redirect("/404");
  return new Response(file.content, {
    headers: {
      "Content-Type": file.contentType === "application/pdf" ? "application/pdf" : "application/octet-stream",
      "Content-Disposition": contentDisposition(file.filename),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
