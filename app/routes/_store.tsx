import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Outlet } from "@remix-run/react";
import { requireStoreAccess } from "~/.server/store/guard";
import { compareTray } from "~/.server/store/compare";
import { requestContext } from "~/.server/platform/request-context";

/** The store's main layout: guarded by the rep-authenticated flag; carries the compare tray (issue 18). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStoreAccess(requestContext({ request, context }), request);
  const session = await requestContext({ request, context }).session;
  const locale = await requestContext({ request, context }).locale;
  return json({ compare: await compareTray(context.services, session, locale) });
}

export default function StoreLayout() {
  return <Outlet />;
}
