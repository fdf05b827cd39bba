import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { useTranslation } from "~/i18n-react";
import { field, readForm } from "~/.server/platform/request";
import { requireGroupAdmin } from "~/.server/store/guard";
import { redirectWithSession } from "~/.server/platform/respond";
import { requestContext } from "~/.server/platform/request-context";
import { viewEmployee, employeeView, reinstateEmployee, saveEmployee, terminateEmployee } from "~/.server/employers/roster";
import { employeeValidator, terminationValidator } from "~/forms/employee";
import * as clientForms from "~/forms/client";
import { parseUsDate, todayIso } from "~/domain/dates";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import { pageTitle } from "~/utils/page-title";
import { recordIdFrom } from "~/domain/record-id";
import { typedBackWithoutSsn } from "~/forms/rules";

export const meta = pageTitle("groupEmployee");

/** `new` or an employee's id (anything else: 404). */
function employeeIdOf(param: string | undefined): number | null {
  if (param === "new") return null;
  const id = recordIdFrom(param);
  if (id !== null) return id;
  throw new Response("Not Found", { status: 404, statusText: "employee-not-found" });
}

/** One employee of the group (issue 28): add, edit, terminate with a date, reinstate. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { services } = context;
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const id = employeeIdOf(params.id);
  const employee = id === null ? null : employeeView(await viewEmployee(services, session, groupId, id));
  return json({ employee });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { session, groupId } = await requireGroupAdmin(requestContext({ request, context }), request);
  const id = employeeIdOf(params.id);
  const intent = field(form, "intent", 20);
  const today = todayIso(services.now());
  if (intent === "save") {
    const result = await employeeValidator(today).validate(form);
    // what was typed comes back, but never a whole SSN (ADR 026): it is typed again
    const typed = typedBackWithoutSsn(result.submittedData);
    if (result.error) return validationError(result.error, typed);
    const locale = await requestContext({ request, context }).locale;
    const saved = await saveEmployee(services, session, groupId, id, result.data, locale);
    if (!saved.ok) return validationError({ fieldErrors: saved.fieldErrors, formId: result.formId }, typed);
    session.flash({ kind: "success", key: "employees.saved" });
    return redirectWithSession(services, session, `/group-roster/${saved.id}`);
  }
  if (id === null) throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  if (intent === "terminate") {
    const result = await terminationValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    const done = await terminateEmployee(services, session, groupId, id, parseUsDate(result.data.terminationDate)!);
    if (!done.ok)
      return validationError(
        { fieldErrors: { terminationDate: `employees.terminate.${done.reason}` }, formId: result.formId },
        result.submittedData,
      );
    session.flash({ kind: "success", key: "employees.terminate.done" });
    return redirectWithSession(services, session, `/group-roster/${id}`);
  }
  if (intent === "reinstate") {
    const done = await reinstateEmployee(services, session, groupId, id);
    session.flash({ kind: done ? "success" : "info", key: done ? "employees.reinstate.done" : "employees.reinstate.notTerminated" });
    return redirectWithSession(services, session, `/group-roster/${id}`);
  }
  throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
}

export default function GroupEmployee() {
  const { employee: e } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const labels = {
    employeeRef: t("employees.columns.employeeRef"),
    firstName: t("employees.columns.firstName"),
    lastName: t("employees.columns.lastName"),
    birthdate: t("employees.columns.birthdate"),
    gender: t("employees.columns.gender"),
    email: t("employees.columns.email"),
    phone: t("employees.columns.phone"),
    ssn: t("employees.columns.ssn"),
    hireDate: t("employees.columns.hireDate"),
    status: t("employees.columns.status"),
    employmentClass: t("employees.columns.employmentClass"),
    address1: t("employees.columns.address1"),
    address2: t("employees.columns.address2"),
    city: t("employees.columns.city"),
    state: t("employees.columns.state"),
    zip: t("employees.columns.zip"),
  };
  const defaults = e
    ? {
        employeeRef: e.employeeRef,
        firstName: e.firstName,
        lastName: e.lastName,
        birthdate: e.birthdate,
        gender: String(e.gender),
        email: e.email,
        phone: e.phone,
        ssn: "",
        hireDate: e.hireDate,
        status: e.status === "leave" ? "leave" : "active",
        employmentClass: e.employmentClass,
        address1: e.address1,
        address2: e.address2,
        city: e.city,
        state: e.state,
        zip: e.zip,
      }
    : { status: "active", employmentClass: "full_time" };
  return (
    <div className="stack">
      <h1>{e ? t("employees.editTitle", { name: e.name }) : t("employees.newTitle")}</h1>
      {e?.status === "terminated" ? (
        <p className="notice notice--warning" data-testid="terminated-notice">
          {t("employees.terminatedNotice", { date: e.terminationDate, end: e.coverageEndDate })}
        </p>
      ) : null}
      <StoreForm
        id="employee"
        labels={labels}
        validator={clientForms.employeeValidator(todayIso(new Date()))}
        defaultValues={defaults as never}
      >
        <input type="hidden" name="intent" value="save" />
        <TextField name="employeeRef" hint={t("employees.refHint")} maxLength={40} short />
        <TextField name="firstName" autoComplete="off" maxLength={50} />
        <TextField name="lastName" autoComplete="off" maxLength={50} />
        <TextField name="birthdate" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
        <RadioGroup
          name="gender"
          options={[
            { value: "0", label: t("employees.genders.0") },
            { value: "1", label: t("employees.genders.1") },
          ]}
        />
        <TextField name="email" type="email" inputMode="email" autoComplete="off" maxLength={254} />
        <TextField name="phone" type="tel" inputMode="tel" autoComplete="off" maxLength={14} short />
        <TextField
          name="ssn"
          hint={e?.ssnMasked ? t("employees.ssnOnFile", { masked: e.ssnMasked }) : t("employees.ssnHint")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          short
        />
        <TextField name="hireDate" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
        <RadioGroup
          name="status"
          options={[
            { value: "active", label: t("employees.statuses.active") },
            { value: "leave", label: t("employees.statuses.leave") },
          ]}
        />
        <RadioGroup
          name="employmentClass"
          options={[
            { value: "full_time", label: t("employees.classes.full_time") },
            { value: "part_time", label: t("employees.classes.part_time") },
          ]}
        />
        <TextField name="address1" autoComplete="off" maxLength={100} />
        <TextField name="address2" autoComplete="off" maxLength={100} />
        <TextField name="city" autoComplete="off" maxLength={60} />
        <TextField name="state" autoComplete="off" maxLength={2} short />
        <TextField name="zip" inputMode="numeric" autoComplete="off" maxLength={10} short />
        <button className="button" type="submit">
          {t("employees.save")}
        </button>
      </StoreForm>
      {e && e.status !== "terminated" ? (
        <section className="card" aria-labelledby="terminate-title">
          <h2 id="terminate-title">{t("employees.terminate.title")}</h2>
          <p>{t("employees.terminate.hint")}</p>
          <StoreForm
            id="terminate"
            labels={{ terminationDate: t("employees.columns.terminationDate") }}
            validator={clientForms.terminationValidator}
          >
            <input type="hidden" name="intent" value="terminate" />
            <TextField name="terminationDate" hint={t("common.dateHint")} inputMode="numeric" maxLength={10} short onInput={typeDate} />
            <button className="button" type="submit">
              {t("employees.terminate.submit")}
            </button>
          </StoreForm>
        </section>
      ) : null}
      {e?.status === "terminated" ? (
        <section className="card" aria-labelledby="reinstate-title">
          <h2 id="reinstate-title">{t("employees.reinstate.title")}</h2>
          <p>{t("employees.reinstate.hint")}</p>
          <Form method="post">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="reinstate">
              {t("employees.reinstate.submit")}
            </button>
          </Form>
        </section>
      ) : null}
      <p>
        <Link to="/group-roster">{t("employees.back")}</Link>
      </p>
    </div>
  );
}
