/**
 * A dialog the server can render: it is addressable by URL (?dialog=… or ?step=…), so it
 * opens without JavaScript; with JavaScript the heading takes focus and Escape closes it.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import * as s from "./Dialog.css";

/** `level` 1 for a page that is only the dialog (/confirmation): its title is then the page's heading. */
export function Dialog({
  id,
  title,
  closeTo,
  children,
  wide,
  level = 2,
}: {
  id: string;
  title: ReactNode;
  closeTo?: string;
  children: ReactNode;
  wide?: boolean;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
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
    <div className={`${s.backdrop}${live ? ` ${s.live}` : ""}`} data-testid="dialog-backdrop">
      <section
        className={`${s.dialog}${wide ? ` ${s.wide}` : ""}`}
        role="dialog"
        aria-labelledby={`${id}-title`}
        id={id}
        data-testid={`dialog-${id}`}
      >
        <div className={s.header}>
          <Heading id={`${id}-title`} className={s.title} tabIndex={-1} ref={heading}>
            {title}
          </Heading>
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
