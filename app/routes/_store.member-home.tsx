import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { requireStoreAccess } from "~/.server/store/guard";
import { requestContext } from "~/.server/platform/request-context";
import { redirectWithSession } from "~/.server/platform/respond";
import { sessionMember, startExistingMemberEnrollment } from "~/.server/members/existing-member";
import { dependentsInfoValidator, tierChoiceValidator } from "~/forms/quote";
import { needsChildren, needsSpouse, isTier } from "~/domain/tiers";
import { todayIso } from "~/domain/dates";
import { DependentsInfoDialog, TierForm } from "~/components/ChooseTier";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("memberHome");

/** Member home: greets the member by name and offers a tier choice; then the plans. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const member = await sessionMember(services, session);
  const url = new URL(request.url);
  const tier = url.searchParams.get("tier");
  return json({
    member: member ? { firstName: member.first_name, lastName: member.last_name } : null,
    dependentsFor: member && url.searchParams.get("step") === "dependents" && isTier(tier) && tier !== "IO" ? tier : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const member = await sessionMember(services, session);
  if (!member) return redirectWithSession(services, session, "/member-home");
  if (field(form, "intent", 20) === "dependents") {
    const result = await dependentsInfoValidator(todayIso(services.now())).validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await startExistingMemberEnrollment(services, request, session, member, result.data);
    return redirectWithSession(services, session, "/plans");
  }
  const result = await tierChoiceValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const { tier } = result.data;
  if (needsSpouse(tier) || needsChildren(tier)) return redirectWithSession(services, session, `/member-home?step=dependents&tier=${tier}`);
  await startExistingMemberEnrollment(services, request, session, member, { tier, spouseDob: null, childCount: 0 });
  return redirectWithSession(services, session, "/plans");
}

export default function MemberHome() {
  const { member, dependentsFor } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (!member) {
    return (
      <div className="stack">
        <h1>{t("landing.welcome")}</h1>
        <p>{t("landing.intro")}</p>
        <p>
          <Link className="button" to="/home">
            {t("landing.getStarted")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1 data-testid="member-greeting">{t("memberHome.greeting", { first: member.firstName, last: member.lastName })}</h1>
      <p>{t("memberHome.intro")}</p>
      <TierForm />
      {dependentsFor ? <DependentsInfoDialog tier={dependentsFor} closeTo="/member-home" /> : null}
    </div>
  );
}
