import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { readForm } from "~/.server/platform/request";
import { requireRole } from "~/.server/store/guard";
import { loadAgentHome } from "~/.server/store/homes";
import { chooseRepPortal } from "~/.server/store/portal-choice";
import { openCarriedToken, withCarriedQuote } from "~/.server/store/carried-quote";
import { redirectWithSession } from "~/.server/platform/respond";
import { Dialog } from "~/components/Dialog";
import { RepPortalForm } from "~/components/PortalChooser";
import { pageTitle } from "~/utils/page-title";
import { portalOption } from "~/domain/portal";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("agentHome");

/** Agent home: 'Welcome' + the rep's name; New Member (portal, then direct or a group) or Current Member. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireRole(requestContext({ request, context }), request, "rep");
  const repId = session.get("agentId")!;
  const home = await loadAgentHome(services, repId);
  if (!home) throw new Response("Not Found", { status: 404 });
  const { rep, portals, groups } = home;
  const step = new URL(request.url).searchParams.get("step") === "portal" ? "portal" : null;
  const locale = await requestContext({ request, context }).locale;
  return json({
    repName: `${rep.first_name} ${rep.last_name}`,
    step,
    portals: portals.map((p) => portalOption(p, locale)),
    groups: groups.map((g) => ({ value: String(g.id), label: `${g.company_name} (${g.group_code})` })),
    portalId: session.get("portalId") ?? null,
    // a quote the rep typed before being sent here goes through the chooser with them (issue 26 #8)
    quote: step === "portal" ? openCarriedToken(services, new URL(request.url).searchParams.get("quote")) : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requireRole(requestContext({ request, context }), request, "rep");
  const choice = await chooseRepPortal(services, session.get("agentId")!, session.all(), form);
  if ("error" in choice) return choice.error;
  return redirectWithSession(services, session, withCarriedQuote("/home", openCarriedToken(services, form.get("quote"))), choice.patch);
}

export default function AgentHome() {
  const { repName, step, portals, groups, portalId, quote } = useLoaderData<typeof loader>();
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
          <RepPortalForm id="new-member" portals={portals} groups={groups} portal={portalId} backTo="/agent-home" carriedQuote={quote} />
        </Dialog>
      ) : null}
    </div>
  );
}
