/** Whose brand a visitor sees (the group's, the rep's or the site's), as the screens show it. Types only. */

export interface Branding {
  kind: "group" | "rep" | "site";
  id: number | null;
  name: string;
  logoUrl: string | null;
  bannerImageUrl: string | null;
  bannerLink: string | null;
  phone: string;
  email: string;
  tagline: string | null;
  about: string | null;
  brandColor: string | null;
  /** for a group: its address, shown during employee enrollment */
  address: { address1: string; city: string; state: string; zip: string } | null;
}
