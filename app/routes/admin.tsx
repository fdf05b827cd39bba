import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Outlet, useLoaderData } from "@remix-run/react";
import { currentOperator } from "~/.server/operators/guard";
import { adminFrame } from "~/.server/operators/frame";
import { AdminNav } from "~/components/admin/AdminNav";

/**
 * /admin/*: the console of the store's operators (issue 27). This frame shows who is signed in and
 * the areas of their role; every page below checks the session itself (`requireOperator`), so
 * its loader and its action each refuse without one. Never cached: it is one person's page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const op = await currentOperator(args);
  return json({ frame: op ? adminFrame(op) : null }, { headers: { "Cache-Control": "no-store" } });
}

export default function AdminLayout() {
  const { frame } = useLoaderData<typeof loader>();
  return (
    <div className="stack">
      {frame ? <AdminNav frame={frame} /> : null}
      <Outlet />
    </div>
  );
}
