import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { portalChoices, repForEdit, setRepActive, updateRep } from "~/.server/operators/reps";
import { activeIntent, consoleId, saveConsoleForm } from "~/.server/operators/console-form";
import { BRAND_FORM_MAX_BYTES, takeBrandUploads } from "~/.server/operators/brand-uploads";
import { repValidator } from "~/forms/admin";
import { RepForm } from "~/components/admin/RepForm";
import { ActiveToggle } from "~/components/admin/ActiveToggle";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("adminRep");

/** /admin/reps/:id: a rep's code, landing, contact and branding; deactivate or reactivate. Support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "sales" });
  const found = await repForEdit(op.services, consoleId(args.params.id));
  if (!found) throw new Response("Not Found", { status: 404 });
  const { rep, portals } = found;
  const saved = new URL(args.request.url).searchParams.get("saved") === "1";
  return json(
    {
      id: rep.id,
      name: `${rep.first_name} ${rep.last_name}`,
      active: rep.active === 1,
      landing: rep.landing_slug ? `/${rep.landing_slug}` : null,
      canEdit: op.may("sales", "edit"),
      saved,
      portals: await portalChoices(op.services),
      defaults: {
        agentCode: rep.agent_code,
        landingSlug: rep.landing_slug ?? "",
        firstName: rep.first_name,
        lastName: rep.last_name,
        email: rep.email,
        phone: rep.phone,
        displayName: rep.display_name ?? "",
        displayPhone: rep.display_phone ?? "",
        displayEmail: rep.display_email ?? "",
        logoUrl: rep.logo_url ?? "",
        bannerImageUrl: rep.banner_image_url ?? "",
        bannerLink: rep.banner_link ?? "",
        brandColor: rep.brand_color ?? "",
        taglineEn: rep.tagline_en ?? "",
        taglineEs: rep.tagline_es ?? "",
        bioEn: rep.bio_en ?? "",
        bioEs: rep.bio_es ?? "",
        portals: portals.map(String),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "sales", access: "edit" });
  const id = consoleId(args.params.id);
  const form = await readForm(args.request, op.services, { maxBytes: BRAND_FORM_MAX_BYTES });
  const intent = field(form, "intent", 20);
  const toggled = await activeIntent(intent, (active) => setRepActive(op.services, op.actor, id, active), `/admin/reps/${id}?saved=1`);
  if (toggled) return toggled;
  if (intent !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const { uploads, fieldErrors } = await takeBrandUploads(form);
  return saveConsoleForm(
    form,
    repValidator,
    (input) => updateRep(op.services, op.actor, id, input, uploads),
    (saved) => `/admin/reps/${saved}?saved=1`,
    fieldErrors,
  );
}

export default function AdminRep() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>
        <Link to="/admin/reps">{t("admin.reps.back")}</Link>
      </p>
      <h1>{t("admin.reps.editTitle", { name: data.name })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      <p>
        {data.active ? t("admin.reps.isActive") : t("admin.reps.isInactive")}
        {data.landing && data.active ? (
          <>
            {" "}
            <a href={data.landing}>{t("admin.reps.viewLanding")}</a>
          </>
        ) : null}
      </p>
      {data.canEdit ? (
        <>
          <RepForm id="rep" defaults={data.defaults} portals={data.portals} submitLabel={t("admin.save")} />
          <ActiveToggle active={data.active} keys="admin.reps" />
        </>
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl>
            {Object.entries(data.defaults).map(([k, v]) => (
              <div key={k}>
                <dt>{t(`admin.reps.fields.${k}`)}</dt>
                <dd>{Array.isArray(v) ? v.join(", ") : v || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
