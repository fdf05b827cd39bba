import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireGroupAdmin } from "~/.server/store/guard";
import { progressCsv } from "~/.server/employers/progress";
import { requestContext } from "~/.server/platform/request-context";

/** The progress list as CSV (issue 28): who, where they stand, their plans; no SSN. For the verified admin only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const locale = await requestContext({ request, context }).locale;
  const body = await progressCsv(services, session, groupId, locale);
  return new Response(`\ufeff${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="enrollment-progress.csv"',
      "Cache-Control": "no-store",
    },
  });
}
