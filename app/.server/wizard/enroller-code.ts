/** The enroller code (enrollment-wizard §2.4): shown and required or optional as the server says. */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { findRepByCode, normaliseCode } from "../repositories/entry";
import { updateEnrollment } from "../repositories/enrollments";

/** An enroller code is a rep's access code: the person who enrolled the applicant. */
export async function saveEnrollerCode(services: Services, enrollment: Enrollment, code: string) {
  const rep = await findRepByCode(services.db, code);
  if (!rep) return false;
  await updateEnrollment(services.db, enrollment.id, { enroller_code: normaliseCode(code) }, services.now());
  return true;
}
