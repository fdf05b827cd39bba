import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { requireStoreAccess } from "~/.server/store/guard";
import { sessionGroupBranding } from "~/.server/store/branding";
import { Landing } from "~/components/Landing";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("groupsHome");

/** /groups-home: the home of the group the visitor shops under (white-label and group landings). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requireStoreAccess(requestContext({ request, context }), request);
  const locale = await requestContext({ request, context }).locale;
  const branding = await sessionGroupBranding(services, session, locale);
  if (!branding) throw redirect("/");
  return json({ branding });
}

export default function GroupsHome() {
  const { branding } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <Landing branding={branding} heading={t("landing.welcomeTo", { name: branding.name })} />;
}
