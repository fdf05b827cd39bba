/** The controls every wizard step shares: Cancel Enrollment, Save & Continue Later. */
import { redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import type { Services } from "../services";
import type { WizardContext } from "./steps";
import { field } from "../platform/request";
import { cancelEnrollment } from "../store/checkout";
import { sendResumeCode } from "./resume";
import { saveLaterValidator } from "~/forms/wizard";
import { screenOf } from "~/domain/wizard-steps";

export async function commonIntent(services: Services, ctx: WizardContext, form: FormData): Promise<Response | null> {
  const here = `/enrollment/${screenOf(ctx.tab)}`;
  const commit = async () => ({ headers: { "Set-Cookie": await services.sessions.commit(ctx.session) } });
  switch (field(form, "intent", 30)) {
    case "cancel-enrollment":
      await cancelEnrollment(services, ctx.session, ctx.enrollment);
      ctx.session.flash({ kind: "info", key: "cart.cancelled" });
      return redirect("/plans", await commit());
    case "send-resume": {
      if (ctx.hideSaveLater) return redirect(here);
      const result = await saveLaterValidator.validate(form);
      if (result.error) return validationError(result.error, result.submittedData);
      const sent = await sendResumeCode(
        services,
        ctx.enrollment,
        ctx.tab,
        result.data.email,
        ctx.locale,
        ctx.session.clientKey ?? "unknown",
      );
      if (!sent.ok)
        return validationError({ fieldErrors: { email: sent.error }, formId: result.formId }, result.submittedData, { status: 429 });
      return redirect(`${here}?dialog=save-later&sent=1`, await commit());
    }
    case "start-new":
      // Start New Enrollment: the saved enrollment waits for its code; this browser starts afresh.
      ctx.session.unset("tempId", "navto", "memberId", "memberLinkUntil");
      return redirect("/", await commit());
    default:
      return null;
  }
}

/**
 * Which of a list step's dialogs opens (they are addressable by URL: ?dialog=add|edit|delete): add
 * only while another may be added, edit or delete only for one of the step's own; any other dialog
 * (save for later…) as asked.
 */
export function listDialog(requested: string | null, canAdd: boolean, picked: unknown): string | null {
  if (requested === "add") return canAdd ? "add" : null;
  if (requested === "edit" || requested === "delete") return picked ? requested : null;
  return requested;
}
