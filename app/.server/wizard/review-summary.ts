/**
 * What each review tile shows when opened: the step's saved answers, readable, sensitive
 * values masked. Each step declares its tile in its registry module (./registry); a step with
 * nothing to show there gives no lines.
 */
import type { Services } from "../services";
import type { WizardContext } from "./steps";
import type { TabName } from "~/domain/wizard-steps";
import type { SummaryLine } from "~/views/wizard";
import { STEPS } from "./registry";

export type { SummaryLine } from "~/views/wizard";

export async function summarize(services: Services, ctx: WizardContext, tab: TabName): Promise<SummaryLine[]> {
  return STEPS[tab].reviewTile(services, ctx);
}
