import { useTranslation } from "react-i18next";
import type { Flash } from "~/.server/session";

/** A one-time message carried across a redirect ('Success!', 'Warning!', 'Info!'). */
export function FlashMessage({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const tone = flash.kind === "success" ? "notice--success" : flash.kind === "error" ? "notice--error" : flash.kind === "warning" ? "notice--warning" : "";
  return (
    <div className={`notice ${tone}`} role={flash.kind === "error" ? "alert" : "status"} data-testid="flash">
      <p>
        <strong>{t(`toast.${flash.kind}`)}</strong> {t(flash.key, flash.values)}
      </p>
    </div>
  );
}
