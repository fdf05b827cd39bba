import { useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { Flash } from "~/domain/session";
import { closeToCard } from "~/domain/card-anchor";
import { Dialog } from "./Dialog";

/** A one-time message carried across a redirect ('Success!', 'Warning!', 'Info!'); some
 *  open as a dialog (after an add to cart, or an already-active plan). */
export function FlashMessage({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  const location = useLocation();
  // after an add from a list, the way out comes back to the card (issue 26 #3)
  const here = closeToCard(location.pathname + location.search);
  const message = t(flash.key, flash.values);
  // The compare tray shows its own refusal, beside the checkboxes (CompareTray).
  if (flash.dialog === "compare") return null;
  if (flash.dialog === "cart-added") {
    return (
      <Dialog id="cart-added" title={t("toast.success")} closeTo={here} follow>
        <p role="status" data-testid="flash">
          {message}
        </p>
        <div className="button-group">
          <Link className="button" to="/cart">
            {t("cart.viewCart")}
          </Link>
          <Link className="button button--secondary" to={here} preventScrollReset>
            {t("cart.addMore")}
          </Link>
        </div>
      </Dialog>
    );
  }
  if (flash.dialog === "already-active") {
    return (
      <Dialog id="already-active" title={t("toast.info")} closeTo={here} follow>
        <p data-testid="flash">{message}</p>
        <Link className="button" to={here} preventScrollReset>
          {t("common.ok")}
        </Link>
      </Dialog>
    );
  }
  const tone =
    flash.kind === "success"
      ? "notice--success"
      : flash.kind === "error"
        ? "notice--error"
        : flash.kind === "warning"
          ? "notice--warning"
          : "";
  return (
    <div className={`notice ${tone}`} role={flash.kind === "error" ? "alert" : "status"} data-testid="flash">
      <p>
        <strong>{t(`toast.${flash.kind}`)}</strong> {message}
      </p>
    </div>
  );
}
