import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import type { ShellData } from "~/views/shell";
import { Dialog } from "./Dialog";

/** The About popup (?dialog=about on any page): the rep's bio or the group's about text. */
export function AboutDialog({ shell }: { shell: ShellData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (params.get("dialog") !== "about" || !shell.branding.about) return null;
  params.delete("dialog");
  const rest = params.toString();
  return (
    <Dialog id="about" title={t("shell.about", { name: shell.branding.name })} closeTo={location.pathname + (rest ? `?${rest}` : "")}>
      <p data-testid="about-text">{shell.branding.about}</p>
    </Dialog>
  );
}
