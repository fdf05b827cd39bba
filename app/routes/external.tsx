import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { siteOf } from "~/.server/store/site";
import { clearLanding, externalSite } from "~/.server/store/entry";
import { applyPatch, enterSite } from "~/domain/session-mode";
import { requestContext } from "~/.server/platform/request-context";

/** /external?site=…: entry from an external site; its rep, group and portal take over. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const name = new URL(request.url).searchParams.get("site") ?? "";
  const external = name ? await externalSite(services, name) : undefined;
  if (!external) throw redirect("/404", { headers: { "Set-Cookie": await clearLanding(services, session) } });
  const here = await siteOf(services, request);
  session.unset("repAuthenticated", "eprocess");
  const patch = enterSite(session.all(), {
    kind: external.kind === "white_label" ? "white_label" : "default",
    repId: external.rep_id,
    groupId: external.group_id,
    portalId: external.portal_id,
  });
  if (patch) applyPatch(session, patch);
  session.set("fromSite", external.host);
  // On the white-label host the external route goes to /.
  const to = here.kind === "white_label" ? "/" : "/home";
  return redirect(to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}
