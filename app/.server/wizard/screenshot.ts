/**
 * A step's screenshot: a PNG the browser draws of the form (sensitive values masked), stored
 * encrypted — one per enrollment and step, a new one replacing the last (issue 23). What may be
 * stored is bounded: the body is capped while it is read (SCREENSHOT_MAX_BODY_BYTES, chunked
 * bodies too: readForm counts the stream and stops past the cap with 413), the image must be a
 * real PNG of sane dimensions (domain/png.ts), and posts are counted per client and per
 * enrollment, atomically in the database, before anything else is looked at (ADR 007).
 */
import type { Services } from "../services";
import type { TabName } from "~/domain/wizard-steps";
import { checkPng } from "~/domain/png";
import { saveScreenshot } from "../repositories/screenshots";
import { releaseLimit, takeLimit, type Limit } from "../platform/rate-limit";
import { clientKey } from "../platform/respond";

/** The most a screenshot post may send (the server's body limit for every form). */
export const SCREENSHOT_MAX_BODY_BYTES = 1024 * 1024;

const HOUR = 60 * 60 * 1000;
/** A step is sent once per Save & Continue: an enrollment has about a dozen steps, some seen again. */
export const SCREENSHOTS_PER_ENROLLMENT: Limit = { max: 40, windowMs: HOUR };
/** One browser (address) filling a few enrollments in an hour. */
export const SCREENSHOTS_PER_CLIENT: Limit = { max: 120, windowMs: HOUR };

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

export type ScreenshotOutcome = { ok: true } | { ok: false; status: 400 | 429 };

export async function saveStepScreenshot(
  services: Services,
  input: { enrollmentId: number; clientIp: string | undefined; tab: TabName; image: string },
): Promise<ScreenshotOutcome> {
  const now = services.now();
  const byClient = await takeLimit(services.db, `screenshot-client:${clientKey(services, input.clientIp)}`, SCREENSHOTS_PER_CLIENT, now);
  if (!byClient.allowed) return { ok: false, status: 429 };
  const byEnrollment = await takeLimit(services.db, `screenshot:${input.enrollmentId}`, SCREENSHOTS_PER_ENROLLMENT, now);
  if (!byEnrollment.allowed) {
    await releaseLimit(services.db, `screenshot-client:${clientKey(services, input.clientIp)}`, byClient);
    return { ok: false, status: 429 };
  }
  const m = DATA_URL.exec(input.image);
  if (!m || m[1]!.length % 4 !== 0) return { ok: false, status: 400 };
  if (!checkPng(new Uint8Array(Buffer.from(m[1]!, "base64"))).ok) return { ok: false, status: 400 };
  await saveScreenshot(services.db, {
    enrollmentId: input.enrollmentId,
    tab: input.tab,
    imageEnc: services.cipher.encrypt(input.image),
    now,
  });
  return { ok: true };
}
