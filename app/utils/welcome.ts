/**
 * The landing's welcome line under a brand (issue 26 #8): a group or a site is a place
 * ("Welcome to Acme Logistics"); a rep is a person, whose store it is ("Welcome to Jane
 * Carter's benefit store"), never "Welcome to Jane Carter".
 */
import type { Branding } from "~/views/branding";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function welcomeTo(t: Translate, branding: Pick<Branding, "kind" | "name">): string {
  return branding.kind === "rep" ? t("landing.welcomeToRep", { name: branding.name }) : t("landing.welcomeTo", { name: branding.name });
}
