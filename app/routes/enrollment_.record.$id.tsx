import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { downloadableRecord } from "~/.server/wizard/enrollment-record";
import { enrollmentIdParam } from "~/.server/members/enrollment-history";
import { contentDisposition } from "~/utils/content-disposition";
import { requestContext } from "~/.server/platform/request-context";

/**
 * "Download your enrollment (PDF)" (issue 18): the kept record, to the applicant's session that
 * completed it or to the verified rep or group admin who owns it. Anyone else, like an unknown
 * id, goes to the site's 404 page (a file route cannot render it itself).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const record = await downloadableRecord(services, session, enrollmentIdParam(params.id));
  if (!record) throw redirect("/404", { headers: { "Cache-Control": "no-store" } });
  return new Response(record.pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(record.filename),
      "Content-Length": String(record.pdf.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
