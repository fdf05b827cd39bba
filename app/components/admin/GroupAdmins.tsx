/** A group's admins in the console (issue 27): the list with a Remove button each, and the form that adds one by e-mail. */
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n-react";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import * as clientForms from "~/forms/client";

export interface GroupAdminRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

const FIELDS = ["firstName", "lastName", "email", "phone"] as const;

export function GroupAdmins({ admins, canEdit }: { admins: GroupAdminRow[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`admin.groups.admins.fields.${f}`)]));
  return (
    <section className="card stack" aria-labelledby="group-admins-title">
      <h2 id="group-admins-title">{t("admin.groups.admins.title")}</h2>
      <p>{t("admin.groups.admins.intro")}</p>
      {admins.length === 0 ? (
        <p>{t("admin.groups.admins.none")}</p>
      ) : (
        <ul className="stack" data-testid="group-admins">
          {admins.map((a) => (
            <li key={a.id}>
              <strong>
                {a.first_name} {a.last_name}
              </strong>{" "}
              · {a.email}
              {a.phone ? ` · ${a.phone}` : ""}
              {canEdit ? (
                <Form method="post" className="inline-form">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="adminId" value={a.id} />
                  <button className="button button--secondary" type="submit" name="intent" value="remove-admin">
                    {t("admin.groups.admins.remove", { name: `${a.first_name} ${a.last_name}` })}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <StoreForm id="group-admin" labels={labels} validator={clientForms.groupAdminValidator}>
          <input type="hidden" name="intent" value="add-admin" />
          <h3>{t("admin.groups.admins.addTitle")}</h3>
          <TextField name="firstName" autoComplete="off" />
          <TextField name="lastName" autoComplete="off" />
          <TextField name="email" type="email" autoComplete="off" spellCheck={false} />
          <TextField name="phone" type="tel" hint={t("admin.groups.admins.phoneHint")} autoComplete="off" />
          <div>
            <button className="button" type="submit">
              {t("admin.groups.admins.add")}
            </button>
          </div>
        </StoreForm>
      ) : null}
    </section>
  );
}
