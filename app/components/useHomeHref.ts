import { useRouteLoaderData } from "@remix-run/react";
import type { ShellData } from "~/views/shell";

/**
 * Where this visitor's 'home' links lead (storefront §2 "Home target"): the root loader works
 * it out once per page with homeTarget (app/domain/home-target.ts). "/" before it is known.
 */
export function useHomeHref(): string {
  return (useRouteLoaderData("root") as ShellData | undefined)?.homeHref ?? "/";
}
