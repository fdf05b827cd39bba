import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm, field } from "~/.server/platform/request";
import { wizardEnrollment } from "~/.server/wizard/steps";
import { saveStepScreenshot } from "~/.server/wizard/screenshot";
import { isTabName } from "~/domain/wizard-steps";

/**
 * The step's screenshot (a PNG the browser draws of the form, sensitive values masked), sent
 * best-effort with JavaScript when a step is saved. Stored encrypted; failures are only logged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services, { maxBytes: 2 * 1024 * 1024 });
  try {
    const session = await services.sessions.read(request);
    const enrollment = await wizardEnrollment(services, session);
    const tab = field(form, "name", 40);
    const image = field(form, "image", 2 * 1024 * 1024);
    if (!isTabName(tab) || !/^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(image)) return new Response(null, { status: 400 });
    await saveStepScreenshot(services, enrollment.id, tab, image);
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof Response) return new Response(null, { status: 403 });
    services.log.warn("screenshot not saved", { reason: error instanceof Error ? error.message : "unknown" });
    return new Response(null, { status: 500 });
  }
}
