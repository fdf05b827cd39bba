/**
 * Where every 'home' link goes (storefront §2 "Home target", wizard §2.13 receipt):
 * a stored referral → /referrals?rid=…; else a stored open_type → /; else by eprocess:
 * rep → /agent-home, applicant → /member-home, group → /group-home (/ on the main or
 * white-label host). On the white-label host the referral route goes to / as well.
 */
export type SiteKind = "default" | "white_label" | "partner";

export interface HomeTargetInput {
  referral?: string | null;
  openType?: string | null;
  eprocess?: string | null;
  siteKind: SiteKind;
}

export function homeTarget({ referral, openType, eprocess, siteKind }: HomeTargetInput): string {
  if (referral) return siteKind === "white_label" ? "/" : `/referrals?rid=${encodeURIComponent(referral)}`;
  if (openType) return "/";
  switch (eprocess) {
    case "rep":
      return "/agent-home";
    case "applicant":
    case "sigapplicant":
      return "/member-home";
    case "group":
      return siteKind === "partner" ? "/group-home" : "/";
    default:
      return "/";
  }
}
