import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { loadWizard } from "~/.server/wizard/steps";
import { firstIncomplete, progress } from "~/domain/wizard";
import { screenOf, tabOfScreen } from "~/domain/wizard-steps";
import { WizardProgress } from "~/components/wizard/WizardProgress";
import { pageTitle } from "~/utils/page-title";

export const meta = pageTitle("enrollment");

/** The wizard's frame: the progress bar of the required steps; each step is a child route. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = new URL(request.url).pathname.split("/")[2] ?? "";
  const tab = tabOfScreen(screen);
  // The children check access themselves; the frame only needs the list and what is done.
  const ctx = await loadWizard(context.services, { request, context }, tab ?? "primary_info", { checkAccess: false });
  if (!tab) throw redirect(`/enrollment/${screenOf(firstIncomplete(ctx.state) ?? ctx.state.steps[0])}`);
  return json({ progress: progress(ctx.state, tab) });
}

export default function Enrollment() {
  const { progress: steps } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <WizardProgress steps={steps} />
      <Outlet />
      <p className="muted">{t("wizard.electronicCopy")}</p>
    </div>
  );
}
