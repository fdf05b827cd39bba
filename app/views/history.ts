/** What the server sends the enrollment history page (/enrollment-history/:id). Types only. */
import type { ActingAs, AuditKind } from "~/domain/audit";

export interface HistoryEvent {
  id: number;
  /** when, already written out for the page's language (UTC) */
  at: string;
  /** ISO timestamp, for <time dateTime> */
  atIso: string;
  kind: AuditKind;
  /** the rep's or admin's name; null for the applicant */
  who: string | null;
  actingAs: ActingAs;
  /** a step's tab name, a channel or a reason (enumerated, never data) */
  detail: string | null;
  /** when the detail is a wizard step: the key of its history label (from the step registry) */
  stepLabel: string | null;
  requestId: string | null;
}

export interface EnrollmentHistoryData {
  enrollmentId: number;
  status: string;
  /** the member the enrollment is for, when known */
  memberName: string | null;
  events: HistoryEvent[];
  /** the completed enrollment's plans: each one's name and the day its coverage ends (null while open) */
  plans: Array<{ planId: number; name: string; endsOn: string | null }>;
  /** per plan, where the enrollment stands at its carrier (issue 29); empty before completion */
  carrierStatus: Array<{
    planId: number;
    planName: string;
    carrierName: string;
    state: "waiting" | "sent" | "accepted" | "problem";
    on: string | null;
  }>;
  /** back to the list this came from */
  backTo: string;
}
