import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireStoreAccess } from "~/.server/guard";
import { groupBranding } from "~/.server/repositories/branding";
import { Landing } from "~/components/Landing";

export const meta: MetaFunction = () => [{ title: "Group benefits" }];

/** /groups-home: the home of the group the visitor shops under (white-label and group landings). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(request, services);
  const groupId = session.get("groupId");
  const locale = await services.i18n.getLocale(request);
  const branding = groupId ? await groupBranding(services.db, groupId, locale) : null;
  if (!branding) throw redirect("/");
  return json({ branding });
}

export default function GroupsHome() {
  const { branding } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <Landing branding={branding} heading={t("landing.welcomeTo", { name: branding.name })} />;
}
