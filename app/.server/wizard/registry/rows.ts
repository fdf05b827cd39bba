/** What the steps' review rows share: the Change link's target and the rows left out when empty. */
import { changeHref } from "~/domain/wizard";
import type { ReviewGroup, SummaryLine } from "~/views/wizard";

export { changeHref };

/** One answer; `change`: the step's page (and any query) with the review's return marker. */
export function row(label: string, value: string | null | undefined, change: string | null): SummaryLine {
  return { label, value: value ?? "", change };
}

/** A group of answers, the unanswered left out; no group when nothing is left. */
export function group(title: string | null, lines: SummaryLine[]): ReviewGroup[] {
  const kept = lines.filter((l) => l.value !== "");
  return kept.length ? [{ title, lines: kept }] : [];
}
