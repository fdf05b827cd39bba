import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireStoreAccess } from "~/.server/store/guard";

/** The store's main layout: guarded by the rep-authenticated flag. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStoreAccess(request, context.services);
  return json(null);
}

export default function StoreLayout() {
  return <Outlet />;
}
