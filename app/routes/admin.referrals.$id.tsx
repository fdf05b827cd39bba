import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { referralChoices, referralForEdit, setReferralActive, updateReferral } from "~/.server/operators/referrals";
import { activeIntent, consoleId, saveConsoleForm } from "~/.server/operators/console-form";
import { referralValidator } from "~/forms/admin";
import { ReferralForm } from "~/components/admin/ReferralForm";
import { ActiveToggle } from "~/components/admin/ActiveToggle";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminReferral");

/** /admin/referrals/:id: a referral link's code, referrer and whose it is; deactivate or reactivate. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const referral = await referralForEdit(op.services, consoleId(args.params.id));
  if (!referral) throw new Response("Not Found", { status: 404 });
  return json(
    {
      id: referral.id,
      name: referral.referrer_name,
      link: `/referrals?rid=${referral.code}`,
      active: referral.active === 1,
      canEdit: op.may("sales", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
      choices: await referralChoices(op.services),
      defaults: {
        code: referral.code,
        referrerName: referral.referrer_name,
        repId: referral.rep_id ? String(referral.rep_id) : "",
        groupId: referral.group_id ? String(referral.group_id) : "",
        portalId: referral.portal_id ? String(referral.portal_id) : "",
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const id = consoleId(args.params.id);
  const form = await readForm(args.request, op.services);
  const intent = field(form, "intent", 20);
  const saved = `/admin/referrals/${id}?saved=1`;
  const toggled = await activeIntent(intent, (active) => setReferralActive(op.services, op.actor, id, active), saved);
  if (toggled) return toggled;
  if (intent !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  return saveConsoleForm(
    form,
    referralValidator,
    (input) => updateReferral(op.services, op.actor, id, input),
    () => saved,
  );
}

export default function AdminReferral() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const label = (value: string, options: { value: string; label: string }[]) => options.find((o) => o.value === value)?.label ?? "—";
  return (
    <div className="stack">
      <p>
        <Link to="/admin/referrals">{t("admin.referrals.back")}</Link>
      </p>
      <h1>{t("admin.referrals.editTitle", { name: data.name })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      <p>
        {data.active ? t("admin.referrals.isActive") : t("admin.referrals.isInactive")} <code>{data.link}</code>
      </p>
      {data.canEdit ? (
        <>
          <ReferralForm defaults={data.defaults} choices={data.choices} submitLabel={t("admin.save")} />
          <ActiveToggle active={data.active} keys="admin.referrals" />
        </>
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl>
            <div>
              <dt>{t("admin.referrals.fields.code")}</dt>
              <dd>{data.defaults.code}</dd>
            </div>
            <div>
              <dt>{t("admin.referrals.fields.referrerName")}</dt>
              <dd>{data.defaults.referrerName}</dd>
            </div>
            <div>
              <dt>{t("admin.referrals.fields.repId")}</dt>
              <dd>{label(data.defaults.repId, data.choices.reps)}</dd>
            </div>
            <div>
              <dt>{t("admin.referrals.fields.groupId")}</dt>
              <dd>{label(data.defaults.groupId, data.choices.groups)}</dd>
            </div>
            <div>
              <dt>{t("admin.referrals.fields.portalId")}</dt>
              <dd>{label(data.defaults.portalId, data.choices.portals)}</dd>
            </div>
          </dl>
        </>
      )}
    </div>
  );
}
