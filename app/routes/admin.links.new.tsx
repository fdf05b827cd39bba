import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createSiteLink, siteChoices } from "~/.server/operators/site-links";
import { saveConsoleForm } from "~/.server/operators/console-form";
import { siteLinkValidator } from "~/forms/admin";
import { SiteLinkForm } from "~/components/admin/SiteLinkForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminNewLink");

export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  return json({ sites: await siteChoices(op.services) });
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    siteLinkValidator,
    (input) => createSiteLink(op.services, op.actor, input),
    (id) => `/admin/links/${id}?saved=1`,
  );
}

export default function AdminNewLink() {
  const { sites } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.links.newTitle")}</h1>
      <SiteLinkForm sites={sites} defaults={{ kind: "footer", sortOrder: "10" }} submitLabel={t("admin.links.create")} />
    </div>
  );
}
