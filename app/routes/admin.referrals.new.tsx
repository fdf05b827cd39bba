import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { createReferral, referralChoices } from "~/.server/operators/referrals";
import { saveConsoleForm } from "~/.server/operators/console-form";
import { referralValidator } from "~/forms/admin";
import { ReferralForm } from "~/components/admin/ReferralForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminNewReferral");

export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  return json({ choices: await referralChoices(op.services) });
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    referralValidator,
    (input) => createReferral(op.services, op.actor, input),
    (id) => `/admin/referrals/${id}?saved=1`,
  );
}

export default function AdminNewReferral() {
  const { choices } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("admin.referrals.newTitle")}</h1>
      <ReferralForm choices={choices} submitLabel={t("admin.referrals.create")} />
    </div>
  );
}
