/** Who published a catalog version: an operator by name, the command line, or the marker as stored. */
import { useTranslation } from "~/i18n-react";

export type VersionPublisher = { operator: string } | { commandLine: true } | { other: string };

export function VersionWho({ who }: { who: VersionPublisher }) {
  const { t } = useTranslation();
  if ("operator" in who) return <>{t("admin.catalog.publishedBy", { name: who.operator })}</>;
  if ("commandLine" in who) return <>{t("admin.catalog.publishedByCli")}</>;
  return <>{t("admin.catalog.publishedBy", { name: who.other })}</>;
}
