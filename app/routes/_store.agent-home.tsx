import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/request";
import { requireRole } from "~/.server/guard";
import { findRep, repGroups, repPortals } from "~/.server/repositories/entry";
import { redirectWithSession } from "~/.server/respond";
import { startDirectEnrollment, startGroupEnrollment } from "~/domain/session-mode";
import { newMemberValidator } from "~/forms/entry";
import { Dialog } from "~/components/Dialog";
import { RepPortalForm } from "~/components/PortalChooser";

export const meta: MetaFunction = () => [{ title: "Agent home" }];

/** Agent home: 'Welcome' + the rep's name; New Member (portal, then direct or a group) or Current Member. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireRole(request, services, "rep");
  const repId = session.get("agentId")!;
  const [rep, portals, groups] = await Promise.all([findRep(services.db, repId), repPortals(services.db, repId), repGroups(services.db, repId)]);
  if (!rep) throw new Response("Not Found", { status: 404 });
  const step = new URL(request.url).searchParams.get("step") === "portal" ? "portal" : null;
  return json({
    repName: `${rep.first_name} ${rep.last_name}`,
    step,
    portals: portals.map((p) => ({ value: String(p.id), label: `${p.name} (${p.code})` })),
    groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
    portalId: session.get("portalId") ?? null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireRole(request, services, "rep");
  const repId = session.get("agentId")!;
  const result = await newMemberValidator.validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const data = result.data;
  // A tampered portal or a group of another rep is refused like a missing choice.
  const portals = await repPortals(services.db, repId);
  if (!portals.some((p) => p.id === data.portal)) return validationError({ fieldErrors: { portal: "validation.choosePlatform" }, formId: result.formId }, result.submittedData);
  if (data.choice === "direct") return redirectWithSession(services, session, "/home", startDirectEnrollment(session.all(), data.portal));
  const groups = await repGroups(services.db, repId);
  if (!groups.some((g) => g.id === data.group)) return validationError({ fieldErrors: { group: "validation.chooseGroup" }, formId: result.formId }, result.submittedData);
  return redirectWithSession(services, session, "/home", startGroupEnrollment(data.portal, data.group, "rep"));
}

export default function AgentHome() {
  const { repName, step, portals, groups, portalId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>
        {t("agentHome.welcome")} <span data-testid="rep-name">{repName}</span>
      </h1>
      <h2>{t("agentHome.whoFor")}</h2>
      <ul className="grid">
        <li className="card">
          <h3>{t("agentHome.newMember")}</h3>
          <p>{t("agentHome.newMemberHint")}</p>
          <Link className="button" to="/agent-home?step=portal">
            {t("agentHome.newMember")}
          </Link>
        </li>
        <li className="card">
          <h3>{t("agentHome.currentMember")}</h3>
          <p>{t("agentHome.currentMemberHint")}</p>
          <Link className="button" to="/agent-select-member">
            {t("agentHome.currentMember")}
          </Link>
        </li>
      </ul>
      {step === "portal" ? (
        <Dialog id="portal" title={t("portal.title")} closeTo="/agent-home">
          <RepPortalForm id="new-member" portals={portals} groups={groups} portal={portalId} backTo="/agent-home" />
        </Dialog>
      ) : null}
    </div>
  );
}
