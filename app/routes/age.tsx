import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/platform/request";
import { localRedirect } from "~/.server/platform/redirect";
import { redirectWithSession } from "~/.server/platform/respond";
import { setOver65 } from "~/domain/session-mode";
import { over65Validator } from "~/forms/entry";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup } from "~/components/form/Fields";
import { Dialog } from "~/components/Dialog";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("age");

/** The over/under 65 toggle with its confirmation; it changes which plans and menus show. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requestContext({ request, context }).session;
  const back = localRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  return json({ over65: session.get("over65") ?? false, back, isGroup: session.get("eprocess") === "group" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const result = await over65Validator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  return redirectWithSession(services, session, localRedirect(result.data.redirectTo, "/"), setOver65(result.data.over65 === "1"));
}

export default function Age() {
  const { over65, back, isGroup } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Dialog id="age" title={t("age.title")} closeTo={back}>
      <p>{t("age.current", { group: over65 ? t("age.over65") : t("age.under65") })}</p>
      <StoreForm
        labels={{ over65: t("age.prompt") }}
        id="age-form"
        validator={clientForms.over65Validator}
        defaultValues={{ over65: over65 ? "1" : "0" }}
      >
        <input type="hidden" name="redirectTo" value={back} />
        <RadioGroup
          name="over65"
          options={[
            { value: "0", label: t("age.under65") },
            { value: "1", label: t("age.over65") },
          ]}
        />
        <div className="button-group">
          <button className="button" type="submit">
            {t("age.confirm")}
          </button>
          <Link className="button button--secondary" to={back}>
            {t("common.cancel")}
          </Link>
          {isGroup ? (
            <Link className="button button--secondary" to="/group-home">
              {t("age.groupHome")}
            </Link>
          ) : null}
        </div>
      </StoreForm>
    </Dialog>
  );
}
