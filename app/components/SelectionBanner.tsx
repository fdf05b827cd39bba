import { useTranslation } from "~/i18n-react";
import type { SelectionBanner as Banner } from "~/views/shopping";

/** The selected group (with code), the member for an existing member, and the portal. */
export function SelectionBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  if (!banner.group && !banner.portal && !banner.member) return null;
  return (
    <dl className="notice" data-testid="selection-banner">
      {banner.group ? (
        <div>
          <dt className="visually-hidden">{t("home.group")}</dt>
          <dd>{t("banner.group", { name: banner.group.name, code: banner.group.code })}</dd>
        </div>
      ) : null}
      {banner.member ? (
        <div>
          <dt className="visually-hidden">{t("banner.memberLabel")}</dt>
          <dd>{t("banner.member", { name: banner.member.name })}</dd>
        </div>
      ) : null}
      {banner.portal ? (
        <div>
          <dt className="visually-hidden">{t("home.portal")}</dt>
          <dd>{t("banner.portal", { name: banner.portal.name, code: banner.portal.code })}</dd>
        </div>
      ) : null}
    </dl>
  );
}
