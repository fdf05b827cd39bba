/**
 * The primary applicant's health questions step (enrollment-wizard §2.8, §4 "Health questions"):
 * its questions, and an existing member's earlier answers copied into it once.
 */
import type { Services } from "../services";
import type { Enrollment } from "../db/schema";
import { primaryHealthQuestions } from "../repositories/health";
import { claimHealthTrack } from "../repositories/health-track";
import { memberLastEnrollmentId } from "../repositories/beneficiaries";
import { readStep, writeStep } from "./steps";
import type { StepData } from "./step-data";
import { looksLikeAnswers } from "~/forms/health";

const TAB = "primary_health_info";

export type HealthStepData = StepData["primary_health_info"];

/** The condition questions, in order, and the one medication question. */
export function healthQuestions(services: Services) {
  return primaryHealthQuestions(services.db);
}

export type HealthQuestions = Awaited<ReturnType<typeof healthQuestions>>;

/**
 * Existing members (§4 "Health questions"): the first time the step opens (health_track 0),
 * the answers of the member's last enrollment become this enrollment's draft, then
 * health_track is set so it happens once. Answers already saved here are never replaced;
 * a failure is only logged and the step opens with the defaults.
 */
export async function prefillHealthOnce(services: Services, enrollment: Enrollment): Promise<void> {
  if (!enrollment.member_id || enrollment.health_track) return;
  try {
    if (!(await claimHealthTrack(services.db, enrollment.id, services.now()))) return;
    const source = await memberLastEnrollmentId(services.db, enrollment.member_id);
    if (!source || source === enrollment.id) return;
    const [mine, earlier] = await Promise.all([readStep(services, enrollment.id, TAB), readStep(services, source, TAB)]);
    if (mine || !earlier || !looksLikeAnswers(earlier.secret)) return;
    const data: Partial<HealthStepData> = { prefilled_at: services.now().toISOString() };
    await writeStep(services, enrollment, TAB, { data, secret: earlier.secret, completed: false });
  } catch (error) {
    services.log.warn("health prefill failed", {
      enrollmentId: enrollment.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
