/**
 * What the feed knows of a member for one carrier (the member snapshot), and the changes a file
 * carries. Dates are ISO (YYYY-MM-DD); the builder writes them as CCYYMMDD.
 */
import type { CoverageLevel, EmploymentStatus, Gender, InsuranceLine, MaintenanceReason, MemberRelationship } from "./codes";

export interface MemberAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
}

/** One plan of a member at this carrier. `end` set = coverage ends that day (terminated). */
export interface MemberCoverage {
  /** Our plan code, sent in HD04 and used to match a coverage across snapshots. */
  planCode: string;
  insuranceLine: InsuranceLine;
  coverageLevel: CoverageLevel;
  begin: string;
  end?: string;
}

/** A member (subscriber or dependent) as the feed sees them now, or as they were last sent. */
export interface MemberSnapshot {
  /** Our stable member id (REF*ZZ), never an SSN. */
  memberId: string;
  /** The subscriber's id (REF*0F), the same in the subscriber's loop and each dependent's. */
  subscriberId: string;
  relationship: MemberRelationship;
  /** REF*1L, when the carrier gave the group a number. */
  groupNumber?: string;
  firstName: string;
  lastName: string;
  middleName?: string;
  birthDate: string;
  gender: Gender;
  /** Sent in NM109 (qualifier 34) when known. */
  ssn?: string;
  /** Required for the subscriber; a dependent's is sent only when it differs. */
  address?: MemberAddress;
  phone?: string;
  email?: string;
  /** INS08, subscribers only. */
  employmentStatus?: EmploymentStatus;
  coverages: MemberCoverage[];
}

/** `audit`: a member of the weekly full file (INS03 and HD01 030, Audit or Compare). */
export type ChangeKind = "add" | "terminate" | "change" | "reinstate" | "audit";

/** One coverage line (loop 2300) of a change: HD01 and the dates. */
export interface CoverageChange {
  maintenance: "001" | "021" | "024" | "025" | "030";
  coverage: MemberCoverage;
}

/** One member loop (2000) in a file. */
export interface MemberChange {
  kind: ChangeKind;
  /** INS04; when omitted the kind's usual reason (add 28, terminate 07, change AI, reinstate 41). */
  reason?: MaintenanceReason;
  member: MemberSnapshot;
  coverages: CoverageChange[];
  /** DTP*356 (adds, reinstatements) and DTP*357 (terminations). */
  eligibilityBegin?: string;
  eligibilityEnd?: string;
}

export const INS03: Record<ChangeKind, CoverageChange["maintenance"]> = {
  add: "021",
  terminate: "024",
  change: "001",
  reinstate: "025",
  audit: "030",
};
/** audit: XN, notification only (the full file asks the carrier to compare, not to act). */
export const DEFAULT_REASON: Record<ChangeKind, MaintenanceReason> = {
  add: "28",
  terminate: "07",
  change: "AI",
  reinstate: "41",
  audit: "XN",
};
