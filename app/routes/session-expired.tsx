import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { field, readForm } from "~/.server/platform/request";
import { signInAgain } from "~/.server/members/verification";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("sessionExpired", [{ name: "robots", content: "noindex" }]);

/**
 * Where an ended session lands (issue 15): the page asked for after the idle limit, the 12-hour
 * limit, a logout or a token shown by another browser. It says so, and that nothing saved was
 * lost; the same person may sign in again with a new code and continue where they were.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await services.sessions.read(request, { touch: false, allowEnded: true });
  // Still signed in (another tab kept the session alive): nothing has ended.
  if (session.staff) throw redirect(session.staff.kind === "rep" ? "/agent-home" : "/group-home");
  const ended = session.ended;
  return json(
    {
      reason: ended?.reason ?? null,
      canSignInAgain: Boolean(ended?.staff && (ended.reason === "idle" || ended.reason === "absolute")),
      minutes: services.config.sessionIdleMinutes,
    },
    { status: ended ? 401 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await services.sessions.read(request, { allowEnded: true });
  if (field(form, "intent", 10) === "again" && (await signInAgain(services, session))) {
    return redirect("/verify", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
  }
  session.clear();
  return redirect("/access", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function SessionExpired() {
  const { reason, canSignInAgain, minutes } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const why =
    reason === "idle" ? t("sessionEnded.idle", { minutes }) : reason === "absolute" ? t("sessionEnded.absolute") : t("sessionEnded.other");
  return (
    <div className="stack">
      <h1>{t("sessionEnded.title")}</h1>
      <p data-testid="session-ended-reason">{why}</p>
      <p className="notice notice--success" data-testid="nothing-lost">
        {t("sessionEnded.nothingLost")}
      </p>
      <Form method="post" className="button-group">
        <AuthenticityTokenInput />
        {canSignInAgain ? (
          <button className="button" type="submit" name="intent" value="again">
            {t("sessionEnded.signInAgain")}
          </button>
        ) : null}
        <button className={canSignInAgain ? "button button--secondary" : "button"} type="submit" name="intent" value="leave">
          {t("sessionEnded.startOver")}
        </button>
      </Form>
    </div>
  );
}
