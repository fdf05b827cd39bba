/**
 * The fixture enrollment of the golden files: a subscriber, her spouse and their daughter on a
 * dental and a vision plan (tier IF → FAM), effective 2027-01-01, as the feed would read them.
 */
import { coverageLevelOf, insuranceLineOf } from "../codes";
import { type Build834Input, build834 } from "../build-834";
import { diffFeed } from "../snapshot-diff";
import type { MemberCoverage, MemberSnapshot } from "../member-change";

const coverage = (planCode: string, category: string, begin = "2027-01-01"): MemberCoverage => ({
  planCode,
  insuranceLine: insuranceLineOf(category)!,
  coverageLevel: coverageLevelOf("IF"),
  begin,
});

const family = {
  subscriberId: "BS100042",
  groupNumber: "GRP-7781",
  coverages: [coverage("BSD-PPO-1500", "dental"), coverage("CLV-VIS-130", "vision")],
};
const home = { line1: "1207 Oak Lawn Ave", line2: "Apt 4", city: "Dallas", state: "TX", postalCode: "75207" };

export const subscriber: MemberSnapshot = {
  ...family,
  memberId: "M-100042-1",
  relationship: "self",
  firstName: "María",
  lastName: "Peña",
  middleName: "José",
  birthDate: "1984-03-09",
  gender: "F",
  ssn: "123-45-6789",
  address: home,
  phone: "(214) 555-0134",
  email: "maria.pena@example.com",
  employmentStatus: "FT",
};

export const spouse: MemberSnapshot = {
  ...family,
  memberId: "M-100042-2",
  relationship: "spouse",
  firstName: "Daniel",
  lastName: "Peña",
  birthDate: "1982-11-30",
  gender: "M",
};

/** A daughter: sent as a child (19), never as a wife. */
export const daughter: MemberSnapshot = {
  ...family,
  memberId: "M-100042-3",
  relationship: "child",
  firstName: "Lucía",
  lastName: "Peña",
  birthDate: "2015-06-21",
  gender: "F",
};

export const household = new Map([subscriber, spouse, daughter].map((m) => [m.memberId, m]));

export const envelope: Omit<Build834Input, "members" | "purpose" | "reference"> = {
  partners: {
    senderQualifier: "ZZ",
    senderId: "BENEFITSTORE",
    receiverQualifier: "30",
    receiverId: "741234567",
    applicationSender: "BENEFITSTORE",
    applicationReceiver: "BRIGHTSMILE",
    usage: "T",
  },
  control: { interchange: 17, group: 17, transaction: 17 },
  createdOn: "2026-11-27",
  createdAt: "06:30",
  masterPolicy: "BS-MASTER-001",
  sponsor: { name: "Benefit Store Individual Market", idQualifier: "FI", id: "861234567" },
  payer: { name: "BrightSmile Dental", idQualifier: "FI", id: "741234567" },
  lineBreaks: true,
};

/** The fixture enrollment completed: adds for the three members (golden add.834). */
export function addFile() {
  const { changes } = diffFeed(new Map(), household, "2026-11-27");
  return build834({ ...envelope, purpose: "changes", reference: "BSF-000017", fileEffectiveDate: "2027-01-01", members: changes });
}

/** The same household terminated on 2027-03-31 after the adds were sent (golden termination.834). */
export function terminationFile() {
  const sent = diffFeed(new Map(), household, "2026-11-20").snapshots;
  const now = new Map([...sent].map(([id, m]) => [id, { ...m, coverages: m.coverages.map((c) => ({ ...c, end: "2027-03-31" })) }]));
  const { changes } = diffFeed(sent, now, "2026-11-27");
  return build834({
    ...envelope,
    control: { interchange: 18, group: 18, transaction: 18 },
    purpose: "changes",
    reference: "BSF-000018",
    members: changes,
  });
}
