/**
 * The code lists of the 834 (005010X220A1) that we send and check, and how our words map to them:
 * a relationship to INS02, a plan category to HD03, a tier to HD05.
 */
import type { Tier } from "../tiers";

/** INS02 Individual Relationship Code (the subset the guide allows). */
export const RELATIONSHIP_CODES = {
  "01": "Spouse",
  "03": "Father or Mother",
  "04": "Grandfather or Grandmother",
  "05": "Grandson or Granddaughter",
  "06": "Uncle or Aunt",
  "07": "Nephew or Niece",
  "08": "Cousin",
  "09": "Adopted Child",
  "10": "Foster Child",
  "11": "Son-in-law or Daughter-in-law",
  "12": "Brother-in-law or Sister-in-law",
  "13": "Mother-in-law or Father-in-law",
  "14": "Brother or Sister",
  "15": "Ward",
  "16": "Stepparent",
  "17": "Stepson or Stepdaughter",
  "18": "Self",
  "19": "Child",
  "23": "Sponsored Dependent",
  "24": "Dependent of a Minor Dependent",
  "25": "Ex-spouse",
  "26": "Guardian",
  "31": "Court Appointed Guardian",
  "38": "Collateral Dependent",
  "53": "Life Partner",
  "60": "Annuitant",
  D2: "Trustee",
  G8: "Other Relationship",
  G9: "Other Relative",
} as const;
export type RelationshipCode = keyof typeof RELATIONSHIP_CODES;

/** Our relationships. A daughter is a child (19), never a spouse (01). */
export type MemberRelationship = "self" | "spouse" | "child";
const RELATIONSHIP: Record<MemberRelationship, RelationshipCode> = { self: "18", spouse: "01", child: "19" };
export const relationshipCode = (r: MemberRelationship): RelationshipCode => RELATIONSHIP[r];

/** INS03 and HD01 Maintenance Type Code. */
export const MAINTENANCE_TYPES = {
  "001": "Change",
  "021": "Addition",
  "024": "Cancellation or Termination",
  "025": "Reinstatement",
  "030": "Audit or Compare",
} as const;
export type MaintenanceType = keyof typeof MAINTENANCE_TYPES;

/** INS04 Maintenance Reason Code (the guide's list). */
export const MAINTENANCE_REASONS = {
  "01": "Divorce",
  "02": "Birth",
  "03": "Death",
  "04": "Retirement",
  "05": "Adoption",
  "06": "Strike",
  "07": "Termination of Benefits",
  "08": "Termination of Employment",
  "09": "COBRA",
  "10": "COBRA Premium Paid",
  "11": "Surviving Spouse",
  "14": "Voluntary Withdrawal",
  "15": "Primary Care Provider (PCP) Change",
  "16": "Quit",
  "17": "Fired",
  "18": "Suspended",
  "20": "Active",
  "21": "Disability",
  "22": "Plan Change",
  "25": "Change in Identifying Data Elements",
  "26": "Declined Coverage",
  "27": "Pre-Enrollment",
  "28": "Initial Enrollment",
  "29": "Benefit Selection",
  "31": "Legal Separation",
  "32": "Marriage",
  "33": "Personnel Data",
  "37": "Leave of Absence with Benefits",
  "38": "Leave of Absence without Benefits",
  "39": "Lay Off with Benefits",
  "40": "Lay Off without Benefits",
  "41": "Re-enrollment",
  "43": "Change of Location",
  "59": "Non Payment",
  AA: "Dissatisfaction with Office Staff",
  AB: "Dissatisfaction with Medical Care/Services Rendered",
  AC: "Inconvenient Office Location",
  AD: "Dissatisfaction with Office Hours",
  AE: "Unable to Schedule Appointments in a Timely Manner",
  AF: "Dissatisfaction with Physician's Referral Policy",
  AG: "Less Respect and Attention Time Given than to Other Patients",
  AH: "Patient Moved to a New Location",
  AI: "No Reason Given",
  AJ: "Appointment Times not Met in a Timely Manner",
  EC: "Member Benefit Selection",
  XN: "Notification Only",
  XT: "Transfer",
} as const;
export type MaintenanceReason = keyof typeof MAINTENANCE_REASONS;

/** INS05 Benefit Status Code. */
export const BENEFIT_STATUS = {
  A: "Active",
  C: "COBRA",
  S: "Surviving Insured",
  T: "Tax Equity and Fiscal Responsibility Act (TEFRA)",
} as const;

/** INS08 Employment Status Code. */
export const EMPLOYMENT_STATUS = {
  AO: "Active Military - Overseas",
  AU: "Active Military - USA",
  FT: "Full-time",
  L1: "Leave of Absence",
  PT: "Part-time",
  RT: "Retired",
  TE: "Terminated",
} as const;
export type EmploymentStatus = keyof typeof EMPLOYMENT_STATUS;

/** HD03 Insurance Line Code. */
export const INSURANCE_LINES = {
  AG: "Preventative Care/Wellness",
  AH: "24 Hour Care",
  AJ: "Medicare Risk",
  AK: "Mental Health",
  DCP: "Dental Capitation",
  DEN: "Dental",
  EPO: "Exclusive Provider Organization",
  FAC: "Facility",
  HE: "Hearing",
  HLT: "Health",
  HMO: "Health Maintenance Organization",
  LIF: "Life",
  LTC: "Long-Term Care",
  LTD: "Long-Term Disability",
  MM: "Major Medical",
  MOD: "Mail Order Drug",
  PDG: "Prescription Drug",
  POS: "Point of Service",
  PPO: "Preferred Provider Organization",
  PRA: "Practitioners",
  STD: "Short-Term Disability",
  UR: "Utilization Review",
  VIS: "Vision",
} as const;
export type InsuranceLine = keyof typeof INSURANCE_LINES;

/** HD05 Coverage Level Code. */
export const COVERAGE_LEVELS = {
  CHD: "Children Only",
  DEP: "Dependents Only",
  E1D: "Employee and One Dependent",
  E2D: "Employee and Two Dependents",
  E3D: "Employee and Three Dependents",
  E5D: "Employee and One or More Dependents",
  E6D: "Employee and Two or More Dependents",
  E7D: "Employee and Three or More Dependents",
  E8D: "Employee and Four or More Dependents",
  E9D: "Employee and Five or More Dependents",
  ECH: "Employee and Children",
  EMP: "Employee Only",
  ESP: "Employee and Spouse",
  FAM: "Family",
  IND: "Individual",
  SPC: "Spouse and Children",
  SPO: "Spouse Only",
  TWO: "Two Party",
} as const;
export type CoverageLevel = keyof typeof COVERAGE_LEVELS;

const TIER_LEVEL: Record<Tier, CoverageLevel> = { IO: "EMP", IS: "ESP", IC: "ECH", IF: "FAM" };
/** Our tiers to HD05: member only → EMP, + spouse → ESP, + children → ECH, family → FAM. */
export const coverageLevelOf = (tier: Tier): CoverageLevel => TIER_LEVEL[tier];

/**
 * Plan categories (the catalog's keys) to HD03. Categories absent here (pet, lifestyle…) do not
 * travel in an 834: their carriers take the documented CSV.
 */
const CATEGORY_LINE: Record<string, InsuranceLine> = {
  medical: "HLT",
  limited_medical: "HLT",
  guaranteed: "HLT",
  hsa: "HLT",
  hospital: "HLT",
  dental: "DEN",
  vision: "VIS",
  rx: "PDG",
  term_life: "LIF",
  disability: "LTD",
  short_term_disability: "STD",
};
export const insuranceLineOf = (categoryKey: string): InsuranceLine | null => CATEGORY_LINE[categoryKey] ?? null;

/** DTP01 qualifiers the guide allows, per place in the transaction. */
export const DTP_QUALIFIERS = {
  header: {
    "007": "Effective",
    "090": "Report Start",
    "091": "Report End",
    "303": "Maintenance Effective",
    "382": "Enrollment",
    "388": "Payment Commencement",
  },
  member: {
    "050": "Received",
    "286": "Retirement",
    "296": "Initial Disability Period Return To Work",
    "297": "Initial Disability Period Last Day Worked",
    "300": "Enrollment Signature Date",
    "301": "Consolidated Omnibus Budget Reconciliation Act (COBRA) Qualifying Event",
    "303": "Maintenance Effective",
    "336": "Employment Begin",
    "337": "Employment End",
    "338": "Medicare Begin",
    "339": "Medicare End",
    "340": "COBRA Begin",
    "341": "COBRA End",
    "350": "Education Begin",
    "351": "Education End",
    "356": "Eligibility Begin",
    "357": "Eligibility End",
    "383": "Adjusted Hire",
    "385": "Credited Service Begin",
    "386": "Credited Service End",
    "393": "Plan Participation Suspension",
    "394": "Rehire",
    "473": "Medicaid Begin",
    "474": "Medicaid End",
  },
  coverage: {
    "300": "Enrollment Signature Date",
    "303": "Maintenance Effective",
    "343": "Premium Paid to Date End",
    "348": "Benefit Begin",
    "349": "Benefit End",
    "543": "Last Premium Paid Date",
    "695": "Previous Period",
  },
} as const;

/** DMG03 Gender Code. */
export const GENDERS = { F: "Female", M: "Male", U: "Unknown" } as const;
export type Gender = keyof typeof GENDERS;
