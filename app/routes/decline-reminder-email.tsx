import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readForm, field } from "~/.server/platform/request";
import { cartFromToken, declineReminders } from "~/.server/store/saved-quotes";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("reminders");

/**
 * /decline-reminder-email?token=…: the quote e-mail's "no more reminders" link. Opening the
 * link changes nothing by itself (mail scanners open links); the button stops the reminders
 * and shows the thank-you page, whose Go to Home clears the session. The button only stops
 * reminders: it never puts the quoted enrollment (nor a copy) in this browser — the quote's own
 * link (/quote/{token}) offers the copy (ADR 003).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("done") === "1") return json({ state: "done" as const, token: null });
  const token = url.searchParams.get("token") ?? "";
  const enrollment = token ? await cartFromToken(context.services, token) : null;
  return json({ state: enrollment ? ("confirm" as const) : ("invalid" as const), token: enrollment ? token : null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  if (field(form, "intent", 10) === "decline") {
    const enrollment = await cartFromToken(services, field(form, "token", 100));
    if (!enrollment) return redirect("/decline-reminder-email");
    await declineReminders(services, enrollment.id);
    return redirect("/decline-reminder-email?done=1");
  }
  // Go to Home: clear everything.
  const session = await requestContext({ request, context }).session;
  session.clear();
  return redirect("/", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function DeclineReminderEmail() {
  const { state, token } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (state === "confirm") {
    return (
      <div className="stack">
        <h1>{t("declineReminder.confirmTitle")}</h1>
        <p>{t("declineReminder.confirmBody")}</p>
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="token" value={token ?? ""} />
          <button className="button" type="submit" name="intent" value="decline">
            {t("declineReminder.stop")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{state === "done" ? t("declineReminder.title") : t("declineReminder.invalidTitle")}</h1>
      <p>{state === "done" ? t("declineReminder.body") : t("declineReminder.invalidBody")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit" name="intent" value="home">
          {t("declineReminder.goHome")}
        </button>
      </Form>
    </div>
  );
}
