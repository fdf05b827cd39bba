import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { readForm } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { redirectWithSession } from "~/.server/platform/respond";
import { saveWindowSettings, windowSettingsView } from "~/.server/employers/windows";
import { windowValidator } from "~/forms/enrollment-window";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("groupWindows");

/** The group's enrollment windows and termination rule (issue 28), for its verified admin. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  return json(await windowSettingsView(services, groupId));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const result = await windowValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  await saveWindowSettings(services, session, groupId, result.data);
  session.flash({ kind: "success", key: "windows.saved" });
  return redirectWithSession(services, session, "/group-windows");
}

export default function GroupWindows() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const labels = {
    openEnrollmentStart: t("windows.start"),
    openEnrollmentEnd: t("windows.end"),
    newHireDays: t("windows.newHireDays"),
    coverageEndRule: t("windows.rule"),
  };
  const s = data.state;
  return (
    <div className="stack">
      <h1>{t("windows.title")}</h1>
      <p className="notice" data-testid="window-state">
        {s.open
          ? s.why === "unset"
            ? t("windows.state.unset")
            : t("windows.state.open", { closes: s.closes })
          : t("windows.state.closed", { opens: s.nextOpens })}
      </p>
      <StoreForm
        id="windows"
        labels={labels}
        validator={clientForms.windowValidator}
        defaultValues={
          {
            openEnrollmentStart: data.openEnrollmentStart,
            openEnrollmentEnd: data.openEnrollmentEnd,
            newHireDays: data.newHireDays,
            coverageEndRule: data.coverageEndRule,
          } as never
        }
      >
        <fieldset className="stack">
          <legend>{t("windows.openEnrollment")}</legend>
          <p className="hint">{t("windows.openEnrollmentHint")}</p>
          <TextField name="openEnrollmentStart" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
          <TextField name="openEnrollmentEnd" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
        </fieldset>
        <TextField name="newHireDays" hint={t("windows.newHireHint")} inputMode="numeric" maxLength={3} short />
        <RadioGroup
          name="coverageEndRule"
          inline={false}
          options={[
            { value: "end_of_month", label: t("windows.rules.end_of_month") },
            { value: "termination_date", label: t("windows.rules.termination_date") },
          ]}
        />
        <button className="button" type="submit">
          {t("windows.save")}
        </button>
      </StoreForm>
      <p>
        <Link to="/group-roster">{t("employees.back")}</Link>
      </p>
    </div>
  );
}
