/** The enroller code (enrollment-wizard §2.4): shown and required or optional as the server says. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { normaliseCode } from "../repositories/entry";
import { updateEnrollment } from "../repositories/enrollments";
import { checkRepCode } from "../store/access-codes";

/**
 * An enroller code is a rep's access code: the person who enrolled the applicant. It is checked
 * like one on the access page — counted per client before it is looked up, in the same count
 * (ADR 007, 017), a right code handing its place back — so the field is no unthrottled way to find
 * valid rep codes (security review w10).
 */
export async function saveEnrollerCode(
  services: Services,
  enrollment: Enrollment,
  code: string,
  clientIp: string | undefined,
): Promise<"saved" | "unknown" | "throttled"> {
  const checked = await checkRepCode(services, clientIp, code);
  if (!checked.ok) return checked.error === "validation.tooManyCodes" ? "throttled" : "unknown";
  await updateEnrollment(services.db, enrollment.id, { enroller_code: normaliseCode(code) }, services.now());
  return "saved";
}
