import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { field, readForm } from "~/.server/platform/request";
import { directContinue, directContinuePage } from "~/.server/wizard/resume";
import { NotFoundPage } from "~/components/ErrorPage";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("continueEnrollment");

type State = "continue" | "switch" | "complete" | "used";
/** "already complete" and "already used" are gone for good: 410 */
const answer = (state: State) => json({ state }, { status: state === "complete" || state === "used" ? 410 : 200 });

/**
 * /direct-continue/:id/:tab — the link in a save-for-later e-mail (and the one reps send): the
 * id is an unguessable, expiring token (base64 in the path), never the enrollment id. Opening it
 * writes nothing (mail scanners follow links): the page offers a button that resumes the saved
 * step (issue 23). When this browser holds another unfinished enrollment, the page says so and
 * asks. A completed enrollment's link says so and opens nothing; so does a link opened once
 * already (ADR 003: a link opens once). An unknown or expired link is the site's 404 page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const state = await directContinuePage(services, session, params.id ?? "", params.tab ?? "");
  if (!state) throw new Response("Not Found", { status: 404 });
  return answer(state);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  const done = await directContinue(services, session, params.id ?? "", params.tab ?? "", {
    replace: field(form, "intent", 10) === "switch",
  });
  if (!done) throw new Response("Not Found", { status: 404 });
  if (!done.ok) return answer(done.refusal);
  return redirect(done.to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function DirectContinue() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const state = (acted && "state" in acted ? acted.state : loaded.state) as State;
  const { t } = useTranslation();
  if (state === "complete") {
    return (
      <div className="stack" data-testid="resume-complete">
        <h1>{t("resume.completeTitle")}</h1>
        <p>{t("resume.completeBody")}</p>
        <p>
          <Link to="/">{t("resume.home")}</Link>
        </p>
      </div>
    );
  }
  if (state === "used") {
    return (
      <div className="stack" data-testid="resume-used">
        <h1>{t("resume.usedTitle")}</h1>
        <p>{t("resume.usedBody")}</p>
        <p>
          <Link to="/">{t("resume.home")}</Link>
        </p>
      </div>
    );
  }
  if (state === "switch") {
    return (
      <div className="stack" data-testid="resume-switch">
        <h1>{t("resume.switchTitle")}</h1>
        <p>{t("resume.switchBody")}</p>
        <Form method="post">
          <AuthenticityTokenInput />
          <button className="button" type="submit" name="intent" value="switch">
            {t("resume.switch")}
          </button>
        </Form>
        <p>
          <Link className="button button--secondary" to="/cart">
            {t("resume.keep")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="stack" data-testid="resume-link">
      <h1>{t("resume.linkTitle")}</h1>
      <p>{t("resume.linkBody")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit" name="intent" value="continue">
          {t("resume.continue")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
