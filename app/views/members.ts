/** What the server sends the current-member screens (/agent-select-member, /group-select-member), as JSON. Types only. */
import type { Tier } from "~/domain/tiers";

export interface CurrentMemberRow {
  id: number;
  name: string;
  /** mm/dd/yyyy */
  dob: string;
  email: string | null;
  /** XXX-XX-1234, or null when none is on file */
  ssn: string | null;
  groupName: string | null;
  plans: Array<{
    name: string;
    inactive: boolean;
    awaitingSignature: boolean;
    /** where the plan stands at its carrier (issue 29): words from carrierStatus.short.*, never a code */
    carrier: { state: "waiting" | "sent" | "accepted" | "problem"; on: string | null };
  }>;
  awaitingSignature: boolean;
  /** the page with the history of the member's newest enrollment made under this rep or group, if any */
  historyHref: string | null;
}

/** Enroll Now: ?member=ID&step=tier, then ?member=ID&step=dependents&tier=IS|IC|IF */
export interface EnrollMemberDialog {
  step: "tier" | "dependents";
  memberId: number;
  memberName: string;
  tier: Tier | null;
}

export interface CurrentMembersData {
  basePath: string;
  q: string;
  page: number;
  pageCount: number;
  total: number;
  members: CurrentMemberRow[];
  dialog: EnrollMemberDialog | null;
  /** after "Send the signature link again" */
  signature: "sent" | "limited" | "notAwaiting" | null;
}
