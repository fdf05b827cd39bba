import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { requireRole } from "~/.server/store/guard";
import { homeGroup, loadGroupHome } from "~/.server/store/homes";
import { choosablePortals } from "~/.server/store/portal-choice";
import { redirectWithSession } from "~/.server/platform/respond";
import { startGroupEnrollment } from "~/domain/session-mode";
import { portalOnlyValidator } from "~/forms/entry";
import { Dialog } from "~/components/Dialog";
import { PortalOnlyForm } from "~/components/PortalChooser";
import { pageTitle } from "~/utils/page-title";
import { closedWindowFor } from "~/.server/employers/windows";
import { portalOption } from "~/domain/portal";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("groupHome");

/** Group home: Get Group Quote, Add New Employee, View Plans, Back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireRole(requestContext({ request, context }), request, "group");
  const home = await loadGroupHome(services, request, session);
  if (!home) throw new Response("Not Found", { status: 404 });
  const { group, portals } = home;
  const locale = await requestContext({ request, context }).locale;
  return json({
    companyName: group.company_name,
    groupCode: group.group_code,
    groupQuoteUrl: home.groupQuoteUrl,
    step: new URL(request.url).searchParams.get("step") === "portal" ? "portal" : null,
    portals: portals.map((p) => portalOption(p, locale)),
    // the member list is the group admins' alone (issue 15): an employee with the code is offered the admins' sign-in
    admin: session.staff?.kind === "group_admin",
    // outside the group's enrollment windows an employee is told when the next one opens (issue 28)
    closed: await closedWindowFor(services, session),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireRole(requestContext({ request, context }), request, "group");
  const group = await homeGroup(services, session);
  if (!group) throw new Response("Not Found", { status: 404 });
  const intent = field(form, "intent", 20);
  if (intent === "view-plans") {
    session.set("groupViewPlans", true);
    return redirectWithSession(services, session, "/plans");
  }
  if (intent !== "add-employee") throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  if (await closedWindowFor(services, session)) return redirectWithSession(services, session, "/group-home");
  if (group.portal_id) return redirectWithSession(services, session, "/home", startGroupEnrollment(group.portal_id, group.id, "group"));
  if (!form.has("portal")) return redirectWithSession(services, session, "/group-home?step=portal");
  const result = await portalOnlyValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const portals = await choosablePortals(services, group.rep_id);
  if (!portals.some((p) => p.id === result.data.portal))
    return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
  return redirectWithSession(services, session, "/home", startGroupEnrollment(result.data.portal, group.id, "group"));
}

export default function GroupHome() {
  const { companyName, groupCode, groupQuoteUrl, step, portals, admin, closed } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>
        {t("groupHome.welcome")} <span data-testid="company-name">{companyName}</span>
      </h1>
      <p className="muted">{t("groupHome.code", { code: groupCode })}</p>
      <ul className="grid" aria-label={t("groupHome.options")}>
        {groupQuoteUrl ? (
          <li className="card">
            <h2>{t("access.getGroupQuote")}</h2>
            <a className="button" href={groupQuoteUrl} target="_blank" rel="noopener noreferrer">
              {t("groupHome.quoteAction")} <span className="visually-hidden">{t("common.opensNewTab")}</span>
            </a>
          </li>
        ) : null}
        <li className="card">
          <h2>{t("access.addNewEmployee")}</h2>
          {closed ? (
            <p data-testid="window-closed">{t("windows.employeeClosed", { opens: closed.nextOpens })}</p>
          ) : (
            <Form method="post">
              <AuthenticityTokenInput />
              <button className="button" type="submit" name="intent" value="add-employee">
                {t("groupHome.addEmployeeAction")}
              </button>
            </Form>
          )}
        </li>
        <li className="card">
          <h2>{t("access.viewPlans")}</h2>
          <Form method="post">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="view-plans">
              {t("groupHome.viewPlansAction")}
            </button>
          </Form>
        </li>
        <li className="card">
          <h2>{t("groupHome.currentMembers")}</h2>
          {admin ? (
            <>
              <p>{t("groupHome.currentMembersHint")}</p>
              <Link className="button" to="/group-select-member">
                {t("groupHome.currentMembersAction")}
              </Link>
            </>
          ) : (
            <>
              <p>{t("groupHome.adminsOnly")}</p>
              <Link className="button button--secondary" to="/verify?as=admin">
                {t("groupHome.adminSignIn")}
              </Link>
            </>
          )}
        </li>
        {admin ? (
          <li className="card">
            <h2>{t("groupHome.employees")}</h2>
            <p>{t("groupHome.employeesHint")}</p>
            <Link className="button" to="/group-roster">
              {t("groupHome.employeesLink")}
            </Link>
            <Link className="button button--secondary" to="/group-progress">
              {t("employees.progress")}
            </Link>
          </li>
        ) : null}
      </ul>
      <p>
        <Link to="/access?step=groups">{t("access.back")}</Link>
      </p>
      {step === "portal" ? (
        <Dialog id="portal" title={t("portal.title")} closeTo="/group-home">
          <PortalOnlyForm id="group-portal" portals={portals} intent="add-employee" backTo="/group-home" />
        </Dialog>
      ) : null}
    </div>
  );
}
