/** A step's screenshot: a PNG the browser draws of the form (sensitive values masked), stored encrypted. */
import type { Services } from "../services";
import type { TabName } from "~/domain/wizard-steps";
import { saveScreenshot } from "../repositories/screenshots";

export async function saveStepScreenshot(services: Services, enrollmentId: number, tab: TabName, pngDataUrl: string) {
  await saveScreenshot(services.db, { enrollmentId, tab, imageEnc: services.cipher.encrypt(pngDataUrl), now: services.now() });
}
