import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { readForm } from "~/.server/request";

export function loader() {
  return json(null);
}

/** Go to Home: clears all the stored state, then the landing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  await readForm(request, services);
  const session = await services.sessions.read(request);
  session.clear();
  return redirect("/", { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}

export default function DeclineReminderEmail() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("declineReminder.title")}</h1>
      <p>{t("declineReminder.body")}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <button className="button" type="submit">
          {t("declineReminder.goHome")}
        </button>
      </Form>
    </div>
  );
}
