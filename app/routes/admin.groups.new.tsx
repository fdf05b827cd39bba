import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createGroup } from "~/.server/operators/groups";
import { saveConsoleForm } from "~/.server/operators/console-form";
import { groupValidator } from "~/forms/admin";
import { GroupForm } from "~/components/admin/GroupForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminNewGroup");

export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args, { area: "sales", access: "edit" });
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    groupValidator,
    (input) => createGroup(op.services, op.actor, input),
    (id) => `/admin/groups/${id}?saved=1`,
  );
}

export default function AdminNewGroup() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.groups.newTitle")}</h1>
      <GroupForm submitLabel={t("admin.groups.create")} />
    </div>
  );
}
