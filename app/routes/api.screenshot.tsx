import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm, field } from "~/.server/platform/request";
import { wizardEnrollment } from "~/.server/wizard/steps";
import { SCREENSHOT_MAX_BODY_BYTES, saveStepScreenshot } from "~/.server/wizard/screenshot";
import { isTabName } from "~/domain/wizard-steps";
import { requestContext } from "~/.server/platform/request-context";

/**
 * The step's screenshot (a PNG the browser draws of the form, sensitive values masked), sent
 * best-effort with JavaScript when a step is saved. Stored encrypted, one per enrollment and
 * step; a body past the cap answers 413 (readForm stops reading it), anything but a real PNG
 * 400, too many posts 429. Failures are only logged.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services, { maxBytes: SCREENSHOT_MAX_BODY_BYTES });
  try {
    const session = await requestContext({ request, context }).session;
    const enrollment = await wizardEnrollment(services, session);
    const tab = field(form, "name", 40);
    const image = field(form, "image", SCREENSHOT_MAX_BODY_BYTES);
    if (!isTabName(tab)) return new Response(null, { status: 400 });
    const saved = await saveStepScreenshot(services, { enrollmentId: enrollment.id, clientIp: context.clientIp, tab, image });
    if (!saved.ok) {
      services.log.info("screenshot refused", { status: saved.status, requestId: context.requestId });
      return new Response(null, { status: saved.status });
    }
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof Response) return new Response(null, { status: 403 });
    services.log.warn("screenshot not saved", { reason: error instanceof Error ? error.message : "unknown" });
    return new Response(null, { status: 500 });
  }
}
