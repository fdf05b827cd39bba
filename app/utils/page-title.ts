/**
 * Page titles in the visitor's language. A route's `meta` runs where no translation function
 * is at hand (on the server before rendering, in the browser on navigation), so the root
 * loader sends every page's title already translated (ShellData.titles, from the pageTitle.*
 * keys) and the routes pick theirs from the root's data: "Carrito · Benefit Store".
 */
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import type { PageTitleKey, ShellData } from "~/views/shell";

/** Only when the root loader itself failed: no site, no language. */
const FALLBACK_SITE = "Benefit Store";

/** What a meta function is given that the title needs (Remix's MetaArgs, whatever the loader). */
interface TitleArgs {
  matches: ReadonlyArray<{ id: string; data?: unknown; meta: MetaDescriptor[] }>;
  error?: unknown;
}

/** The title of an error page, by what went wrong (as the error page's heading says it). */
export function errorTitleKey(error: unknown): PageTitleKey {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 413) return "tooLarge";
  if (status === 400) return "badRequest";
  if (status === 429) return "tooMany";
  if (status === 410) return "gone";
  return "server";
}

/**
 * The page's meta: "<page> · <site>". `page` is a title key, a text already in the visitor's
 * language (a plan's name), or null for the site's name alone. An error page is titled by its
 * error whatever the page. Anything else the parent routes put in meta is kept.
 */
export function titled(args: TitleArgs, page: PageTitleKey | { text: string } | null, extra: MetaDescriptor[] = []): MetaDescriptor[] {
  const shell = args.matches.find((m) => m.id === "root")?.data as ShellData | undefined;
  const site = shell?.site.name ?? FALLBACK_SITE;
  const key = args.error ? errorTitleKey(args.error) : typeof page === "string" ? page : null;
  const name = key ? shell?.titles?.[key] : (page as { text: string } | null)?.text;
  const inherited = (args.matches.at(-2)?.meta ?? []).filter((d) => !("title" in d) && !("name" in d && d.name === "description"));
  const description = shell?.description ? [{ name: "description", content: shell.description }] : [];
  return [...inherited, { title: name && name !== site ? `${name} · ${site}` : site }, ...description, ...extra];
}

/** A route's meta for a fixed title key. */
export function pageTitle(page: PageTitleKey, extra: MetaDescriptor[] = []): MetaFunction {
  return (args) => titled(args, page, extra);
}
