import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/platform/request";
import { requireStoreAccess } from "~/.server/store/guard";
import { choosablePortals } from "~/.server/store/portal-choice";
import { redirectWithSession } from "~/.server/platform/respond";
import type { Services } from "~/.server/services";
import type { StoreSession } from "~/.server/platform/session";
import { portalOnlyValidator } from "~/forms/entry";
import { Dialog } from "~/components/Dialog";
import { PortalOnlyForm } from "~/components/PortalChooser";
import { pageTitle } from "~/utils/page-title";
import { portalOption } from "~/domain/portal";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("websites");

function portalsFor(services: Services, session: StoreSession) {
  return choosablePortals(services, session.get("agentId"));
}

/** Websites page: Start Enrollment → portal chooser (Back, Submit) → the quote. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const portals = await portalsFor(services, session);
  const locale = await requestContext({ request, context }).locale;
  return json({
    step: new URL(request.url).searchParams.get("step") === "portal" ? "portal" : null,
    portals: portals.map((p) => portalOption(p, locale)),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const result = await portalOnlyValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const portals = await portalsFor(services, session);
  if (!portals.some((p) => p.id === result.data.portal))
    return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
  const changed = session.get("portalId") !== result.data.portal;
  return redirectWithSession(services, session, "/home", {
    set: { portalId: result.data.portal, enrollType: session.get("enrollType") ?? "new-member" },
    unset: changed ? ["tempId"] : [],
  });
}

export default function Website() {
  const { step, portals } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("website.title")}</h1>
      <p>{t("website.intro")}</p>
      <p>
        <Link className="button" to="/website?step=portal">
          {t("website.startEnrollment")}
        </Link>
      </p>
      {step === "portal" ? (
        <Dialog id="portal" title={t("portal.title")} closeTo="/website">
          <PortalOnlyForm id="website-portal" portals={portals} backTo="/website" />
        </Dialog>
      ) : null}
    </div>
  );
}
