/**
 * A dialog the server can render: it is addressable by URL (?dialog=… or ?step=…), so it
 * opens without JavaScript; with JavaScript the heading takes focus and Escape closes it.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as s from "./Dialog.css";

export function Dialog({ id, title, closeTo, children, wide }: { id: string; title: ReactNode; closeTo?: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    heading.current?.focus();
    if (!closeTo) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className={s.backdrop}>
      <section className={`${s.dialog}${wide ? ` ${s.wide}` : ""}`} role="dialog" aria-labelledby={`${id}-title`} id={id} data-testid={`dialog-${id}`}>
        <div className={s.header}>
          <h2 id={`${id}-title`} className={s.title} tabIndex={-1} ref={heading}>
            {title}
          </h2>
          {closeTo ? (
            <Link to={closeTo} className={s.close} preventScrollReset>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("dialog.close")}</span>
            </Link>
          ) : null}
        </div>
        <div className={s.body}>{children}</div>
      </section>
    </div>
  );
}
