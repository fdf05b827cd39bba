/**
 * An enrollment for an existing member (storefront §4): picking a member and a tier creates
 * an enrollment of type existing-member, priced from the member's own details.
 */
import type { Tier } from "./tiers";

export interface MemberFacts {
  id: number;
  birthdate: string;
  gender: number;
  zip: string | null;
  state: string | null;
  rep_id: number | null;
  group_id: number | null;
  portal_id: number | null;
}

export interface ExistingMemberChoice {
  tier: Tier;
  spouseDob: string | null;
  childCount: number;
}

export function existingMemberEnrollment(
  member: MemberFacts,
  choice: ExistingMemberChoice,
  mode: { eprocess: string; openType?: string | null; agentId?: number | null; locale: string; siteId: number },
) {
  return {
    locale: mode.locale,
    site_id: mode.siteId,
    zip: member.zip,
    state: member.state,
    birthdate: member.birthdate,
    gender: member.gender,
    tier: choice.tier,
    spouse_birthdate: choice.spouseDob,
    child_count: choice.childCount || null,
    eprocess: mode.eprocess,
    open_type: mode.openType ?? null,
    enroll_type: "existing-member",
    type: "existing",
    agent_id: mode.agentId ?? member.rep_id,
    group_id: member.group_id,
    portal_id: member.portal_id,
    member_id: member.id,
  };
}
