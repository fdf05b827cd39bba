import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { rosterCsv } from "~/.server/employers/roster";

/** The roster as CSV (issue 28): the census template's columns, SSNs masked. For the verified admin only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const body = await rosterCsv(services, session, groupId);
  return new Response(`\ufeff${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="roster.csv"',
      "Cache-Control": "no-store",
    },
  });
}
