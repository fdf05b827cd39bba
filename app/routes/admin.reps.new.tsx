import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createRep, portalChoices } from "~/.server/operators/reps";
import { saveConsoleForm } from "~/.server/operators/console-form";
import { BRAND_FORM_MAX_BYTES, takeBrandUploads } from "~/.server/operators/brand-uploads";
import { repValidator } from "~/forms/admin";
import { RepForm } from "~/components/admin/RepForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminNewRep");

export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  return json({ portals: await portalChoices(op.services) });
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const form = await readForm(args.request, op.services, { maxBytes: BRAND_FORM_MAX_BYTES });
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const { uploads, fieldErrors } = await takeBrandUploads(form);
  return saveConsoleForm(
    form,
    repValidator,
    (input) => createRep(op.services, op.actor, input, uploads),
    (id) => `/admin/reps/${id}?saved=1`,
    fieldErrors,
  );
}

export default function AdminNewRep() {
  const { portals } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.reps.newTitle")}</h1>
      <RepForm id="rep" portals={portals} submitLabel={t("admin.reps.create")} />
    </div>
  );
}
