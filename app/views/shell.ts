/** What every page shows around its content (site, brand, menu, cart summary, flash, mode), sent by the root loader. Types only. */
import type { Locale } from "~/i18n";
import type { SiteKind } from "~/domain/home-target";
import type { Flash, SessionData } from "~/domain/session";
import type { Branding } from "./branding";
import type en from "../../public/locales/en/common.json";

/** The pages' titles (translation keys under pageTitle). */
export type PageTitleKey = keyof (typeof en)["pageTitle"];

export interface ShellSite {
  kind: SiteKind;
  isDefault: boolean;
  name: string;
  supportPhone: string;
  supportEmail: string;
  showAndroidLink: boolean;
  iosAppUrl: string | null;
  androidAppUrl: string | null;
  howToVideoUrl: string | null;
  supportRequestUrl: string | null;
}

export interface ShellLink {
  id: number;
  label: string;
  url: string;
}

export interface ShellMenuItem {
  key: string;
  label: string;
  icon: string;
}

/** Who is shopping for whom, from the session. */
export interface ShellMode {
  eprocess: NonNullable<SessionData["eprocess"]> | null;
  openType: NonNullable<SessionData["openType"]> | null;
  enrollType: NonNullable<SessionData["enrollType"]> | null;
  over65: boolean;
  repAuthenticated: boolean;
}

/** A verified rep's or admin's session: seconds left before its limits, and how early the page warns (JavaScript). */
export interface ShellStaffSession {
  idleSeconds: number;
  absoluteSeconds: number;
  warningSeconds: number;
}

export interface ShellData {
  locale: Locale;
  csrf: string;
  site: ShellSite;
  branding: Branding;
  footerLinks: ShellLink[];
  adminLinks: ShellLink[];
  menu: ShellMenuItem[];
  cart: { count: number; amountCents: number };
  showRecommended: boolean;
  flash: Flash | null;
  homeHref: string;
  mode: ShellMode;
  /** every page's title in the visitor's language, for the routes' meta (which cannot translate) */
  titles: Record<PageTitleKey, string>;
  /** the site's description in the visitor's language (every page's meta description) */
  description: string;
  /** set for a verified rep or group admin (issue 15) */
  staffSession: ShellStaffSession | null;
}
