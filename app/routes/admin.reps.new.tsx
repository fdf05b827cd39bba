import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createRep, portalChoices } from "~/.server/operators/reps";
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
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await repValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const saved = await createRep(op.services, op.actor, result.data);
  if (!saved.ok) {
    if ("notFound" in saved) throw new Response("Not Found", { status: 404 });
    return validationError({ fieldErrors: saved.fieldErrors as Record<string, string>, formId: result.formId }, result.submittedData, {
      status: 422,
    });
  }
  return redirect(`/admin/reps/${saved.id}?saved=1`);
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
