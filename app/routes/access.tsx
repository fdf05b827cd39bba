import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { groupQuoteUrl, siteFooterLinks, siteOf } from "~/.server/store/site";
import { checkGroupCode, checkRepCode, pendingGroup, pendingRep } from "~/.server/store/access-codes";
import { redirectWithSession } from "~/.server/platform/respond";
import { applyPatch, groupConfirmed, setOver65, startGroupEnrollment } from "~/domain/session-mode";
import { ageChoiceValidator, groupCodeValidator, groupPurposes, repCodeValidator, type GroupPurpose } from "~/forms/entry";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, TextField } from "~/components/form/Fields";
import { Dialog } from "~/components/Dialog";
import { formatPhone } from "~/utils/format";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("access");

const STEPS = ["confirm-rep", "groups", "employee", "confirm-group"] as const;
type Step = (typeof STEPS)[number];

function purposeOf(value: string | null): GroupPurpose {
  return (groupPurposes as readonly string[]).includes(value ?? "") ? (value as GroupPurpose) : "employee";
}

/** The access page: age choice, rep access code, group options and employee enrollment. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const session = await requestContext({ request, context }).session;
  const site = await siteOf(services, request);
  const locale = await requestContext({ request, context }).locale;
  const stepParam = url.searchParams.get("step");
  let step: Step | null = (STEPS as readonly string[]).includes(stepParam ?? "") ? (stepParam as Step) : null;

  let rep = null;
  if (step === "confirm-rep") {
    const r = await pendingRep(services, session);
    if (r) rep = { name: `${r.first_name} ${r.last_name}`, code: r.agent_code, email: r.email, phone: formatPhone(r.phone) };
    else step = null;
  }
  let group = null;
  if (step === "confirm-group") {
    const g = await pendingGroup(services, session);
    if (g) group = { companyName: g.company_name };
    else step = null;
  }
  const footerLinks = await siteFooterLinks(services, site, locale);
  return json({
    step,
    purpose: purposeOf(url.searchParams.get("purpose")),
    rep,
    group,
    over65: session.get("over65") ?? null,
    groupQuoteUrl: groupQuoteUrl(site),
    footerLinks,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const intent = field(form, "intent", 30);

  switch (intent) {
    case "age": {
      const result = await ageChoiceValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const { age } = result.data;
      if (age === "groups") return redirectWithSession(services, session, "/access?step=groups");
      return redirectWithSession(services, session, "/access#rep-code", setOver65(age === "over65"));
    }
    case "rep-code": {
      const result = await repCodeValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const checked = await checkRepCode(services, context.clientIp, result.data.code);
      if (!checked.ok)
        return validationError({ fieldErrors: { code: checked.error }, formId: result.formId }, result.submittedData, {
          status: checked.error === "validation.tooManyCodes" ? 429 : 422,
        });
      session.set("pendingRepId", checked.value.id);
      return redirectWithSession(services, session, "/access?step=confirm-rep");
    }
    case "confirm-rep": {
      const rep = await pendingRep(services, session);
      if (!rep) return redirectWithSession(services, session, "/access");
      if (!rep.landing_url) {
        session.unset("pendingRepId");
        return redirectWithSession(services, session, "/landing-config-error/rep");
      }
      // The code identifies the rep; the rep proves who they are with a code sent to them (issue 15).
      return redirectWithSession(services, session, "/verify");
    }
    case "group-code": {
      const result = await groupCodeValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const checked = await checkGroupCode(services, context.clientIp, result.data.code);
      if (!checked.ok)
        return validationError({ fieldErrors: { code: checked.error }, formId: result.formId }, result.submittedData, {
          status: checked.error === "validation.tooManyCodes" ? 429 : 422,
        });
      session.set("pendingGroupId", checked.value.id);
      return redirectWithSession(services, session, `/access?step=confirm-group&purpose=${result.data.purpose}`);
    }
    case "confirm-group": {
      const group = await pendingGroup(services, session);
      if (!group) return redirectWithSession(services, session, "/access");
      session.unset("pendingGroupId");
      if (!group.landing_url) return redirectWithSession(services, session, "/landing-config-error/group");
      const purpose = purposeOf(field(form, "purpose", 20));
      const patch = groupConfirmed(
        session.all(),
        { id: group.id, repId: group.rep_id, portalId: group.portal_id },
        purpose === "view-plans" ? "view-plans" : "enroll",
      );
      if (purpose === "view-plans") return redirectWithSession(services, session, "/plans", patch);
      if (purpose === "add-employee" && group.portal_id) {
        applyPatch(session, patch);
        return redirectWithSession(services, session, "/home", startGroupEnrollment(group.portal_id, group.id, "group"));
      }
      return redirectWithSession(services, session, "/group-home", patch);
    }
    case "cancel":
      session.unset("pendingRepId", "pendingGroupId");
      return redirectWithSession(services, session, "/access");
    case "group-code-again": {
      // "No, enter the code again": back to the group code field, for the same purpose (issue 26 #8).
      session.unset("pendingGroupId");
      const purpose = purposeOf(field(form, "purpose", 20));
      return redirectWithSession(services, session, `/access?step=employee&purpose=${purpose}`);
    }
    default:
      throw new Response("Unknown action", { status: 400, statusText: "bad-form" });
  }
}

export default function Access() {
  const { step, purpose, rep, group, over65, groupQuoteUrl, footerLinks } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("access.title")}</h1>

      <section aria-labelledby="age-title" className="card">
        <h2 id="age-title">{t("access.ageTitle")}</h2>
        <StoreForm
          labels={{ age: t("access.agePrompt") }}
          id="age"
          validator={clientForms.ageChoiceValidator}
          defaultValues={{ age: over65 === null ? undefined : over65 ? "over65" : "under65" }}
        >
          <input type="hidden" name="intent" value="age" />
          <RadioGroup
            name="age"
            options={[
              { value: "under65", label: t("access.under65") },
              { value: "over65", label: t("access.over65") },
              { value: "groups", label: t("access.groups") },
            ]}
          />
          <button className="button" type="submit">
            {t("access.continue")}
          </button>
        </StoreForm>
      </section>

      <section aria-labelledby="rep-code-title" className="card" id="rep-code">
        <h2 id="rep-code-title">{t("access.repCodeTitle")}</h2>
        <StoreForm labels={{ code: t("access.repCodeLabel") }} id="rep-code-form" validator={clientForms.repCodeValidator}>
          <input type="hidden" name="intent" value="rep-code" />
          <TextField
            name="code"
            hint={t("access.repCodeHint")}
            placeholder="ABCD1212"
            autoComplete="off"
            maxLength={32}
            spellCheck={false}
          />
          <button className="button" type="submit">
            {t("access.submitCode")}
          </button>
        </StoreForm>
      </section>

      <nav aria-label={t("access.footerLinks")} className="card">
        <ul className="stack">
          {footerLinks.map((l) => (
            <li key={l.id}>
              <a href={l.url} rel="noopener noreferrer">
                {l.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/access?step=employee&purpose=employee">{t("access.employeeEnrollment")}</Link>
          </li>
          <li>
            <Form method="post" action="/not-my-site" className="inline-form">
              <AuthenticityTokenInput />
              <button type="submit" className="button button--link">
                {t("access.notMySite")}
              </button>
            </Form>
          </li>
        </ul>
      </nav>

      {step === "confirm-rep" && rep ? (
        <Dialog id="confirm-rep" title={t("access.confirmRepTitle")} closeTo="/access">
          <dl>
            <dt>{t("access.repName")}</dt>
            <dd data-testid="rep-name">{rep.name}</dd>
            <dt>{t("access.repCode")}</dt>
            <dd>{rep.code}</dd>
            <dt>{t("access.repEmail")}</dt>
            <dd>{rep.email}</dd>
            <dt>{t("access.repPhone")}</dt>
            <dd>{rep.phone}</dd>
          </dl>
          <Form method="post" className="button-group">
            <AuthenticityTokenInput />
            <button className="button" type="submit" name="intent" value="confirm-rep">
              {t("access.confirm")}
            </button>
            <button className="button button--secondary" type="submit" name="intent" value="cancel">
              {t("access.cancel")}
            </button>
          </Form>
        </Dialog>
      ) : null}

      {step === "groups" ? (
        <Dialog id="groups" title={t("access.groupOptionsTitle")} closeTo="/access">
          <ul className="stack">
            {groupQuoteUrl ? (
              <li>
                <a className="button" href={groupQuoteUrl} target="_blank" rel="noopener noreferrer">
                  {t("access.getGroupQuote")} <span className="visually-hidden">{t("common.opensNewTab")}</span>
                </a>
              </li>
            ) : null}
            <li>
              <Link className="button" to="/access?step=employee&purpose=add-employee">
                {t("access.addNewEmployee")}
              </Link>
            </li>
            <li>
              <Link className="button" to="/access?step=employee&purpose=view-plans">
                {t("access.viewPlans")}
              </Link>
            </li>
            <li>
              <Link className="button button--secondary" to="/access">
                {t("access.back")}
              </Link>
            </li>
          </ul>
        </Dialog>
      ) : null}

      {step === "employee" ? (
        <Dialog id="employee" title={t("access.employeeTitle")} closeTo="/access">
          <StoreForm
            labels={{ code: t("access.groupCodeLabel") }}
            id="group-code-form"
            validator={clientForms.groupCodeValidator}
            defaultValues={{ purpose }}
          >
            <input type="hidden" name="intent" value="group-code" />
            <input type="hidden" name="purpose" value={purpose} />
            <TextField name="code" autoComplete="off" maxLength={32} spellCheck={false} />
            <div className="button-group">
              <button className="button" type="submit">
                {t("access.submitCode")}
              </button>
              <Link className="button button--secondary" to="/access">
                {t("access.cancel")}
              </Link>
            </div>
          </StoreForm>
        </Dialog>
      ) : null}

      {step === "confirm-group" && group ? (
        <Dialog id="confirm-group" title={t("access.confirmGroupTitle")} closeTo="/access">
          <p>{t("access.confirmGroupQuestion", { company: group.companyName })}</p>
          <p className="card" data-testid="company-name">
            <strong>{group.companyName}</strong>
          </p>
          <Form method="post" className="button-group">
            <AuthenticityTokenInput />
            <input type="hidden" name="purpose" value={purpose} />
            <button className="button" type="submit" name="intent" value="confirm-group">
              {t("access.yes")}
            </button>
            <button className="button button--secondary" type="submit" name="intent" value="group-code-again">
              {t("access.no")}
            </button>
          </Form>
        </Dialog>
      ) : null}
    </div>
  );
}
