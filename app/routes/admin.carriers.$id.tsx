import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireOperator } from "~/.server/operators/guard";
import { profileForEdit, saveCarrierProfile } from "~/.server/carriers/profile-edit";
import { CARRIER_PROFILE_FIELDS, carrierProfileValidator } from "~/forms/carrier-profile";
import { CarrierProfileForm } from "~/components/admin/CarrierProfileForm";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";

export const meta = pageTitle("adminCarrierProfile");

const idOf = (raw: string | undefined) => {
  const id = recordIdFrom(raw);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
};

/** /admin/carriers/:id: a carrier's delivery profile (issue 29). Catalog and admin edit; support reads. */
export async function loader(args: LoaderFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog" });
  const found = await profileForEdit(op.services, idOf(args.params.id));
  if (!found) throw new Response("Not Found", { status: 404 });
  return json(
    {
      id: found.carrier.id,
      name: found.carrier.name,
      exists: found.exists,
      canEdit: op.may("catalog", "edit"),
      saved: new URL(args.request.url).searchParams.get("saved") === "1",
      defaults: found.values,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Save: validated on the server (zod); a refused form changes nothing and comes back with what was typed. */
export async function action(args: ActionFunctionArgs) {
  const op = await requireOperator(args, { area: "catalog", access: "edit" });
  const id = idOf(args.params.id);
  const form = await readForm(args.request, op.services);
  if (field(form, "intent", 20) !== "save") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  const result = await carrierProfileValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const saved = await saveCarrierProfile(op.services, op.actor, id, result.data, { mayRoute: op.operator.role === "admin" });
  if (saved === "unknown") throw new Response("Not Found", { status: 404 });
  if (saved !== "saved")
    return validationError(
      {
        fieldErrors: Object.fromEntries(saved.adminOnly.map((k) => [k, "carrierProfile.validation.adminOnlyRoute"])),
        formId: result.formId,
      },
      result.submittedData,
    );
  return redirect(`/admin/carriers/${id}?saved=1`);
}

export default function AdminCarrierProfile() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p>
        <Link to="/admin/carriers">{t("carrierProfile.back")}</Link>
      </p>
      <h1>{t("carrierProfile.title", { carrier: data.name })}</h1>
      {data.saved ? (
        <div className="notice notice--success" role="status" data-testid="saved">
          <p>{t("admin.saved")}</p>
        </div>
      ) : null}
      {!data.exists ? <p className="notice">{t("carrierProfile.none")}</p> : null}
      {data.canEdit ? (
        <CarrierProfileForm defaults={data.defaults} submitLabel={t("admin.save")} />
      ) : (
        <>
          <p>{t("admin.readOnly")}</p>
          <dl data-testid="carrier-profile-readonly">
            {CARRIER_PROFILE_FIELDS.map((k) => (
              <div key={k}>
                <dt>{t(`carrierProfile.fields.${k}`)}</dt>
                <dd>{data.defaults[k] || "—"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
