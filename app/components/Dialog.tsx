/**
 * A dialog the server can render: it is addressable by URL (?dialog=… or ?step=…), so it
 * opens without JavaScript (an open `<dialog>` drawn over the page). With JavaScript it becomes
 * the platform's modal dialog (`showModal()`, issue 26 #4): the page behind is inert, so Tab
 * stays inside; the heading takes focus; Escape closes it (to `closeTo`); and once it closes on
 * the same page the focus goes back to what opened it — or, when that has gone (an add button
 * replaced by its tick), to the element `closeTo`'s #fragment names.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import * as s from "./Dialog.css";

/** What takes the focus back when a dialog closes: its opener if still there, else the first control of closeTo's #target. */
function focusAfterClose(opener: HTMLElement | null, closeTo: string | undefined) {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  const hash = closeTo?.split("#")[1];
  const target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
  if (!target) return;
  const control = target.querySelector<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), [tabindex]");
  (control ?? target).focus();
}

/** `level` 1 for a page that is only the dialog (/confirmation): its title is then the page's heading.
 *  `follow`: a short message after a redirect; without JavaScript it stays in the window wherever
 *  the page was scrolled to (an add to cart comes back to its card, far down the list). */
export function Dialog({
  id,
  title,
  closeTo,
  children,
  wide,
  follow,
  level = 2,
  alert,
  describedBy,
}: {
  id: string;
  title: ReactNode;
  closeTo?: string;
  children: ReactNode;
  wide?: boolean;
  follow?: boolean;
  level?: 1 | 2;
  /** a warning that must be answered (the session timeout): role alertdialog */
  alert?: boolean;
  /** the id of the text that says what the dialog is about */
  describedBy?: string;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [live, setLive] = useState(false);
  // what closes the dialog, read by the listeners set up once
  const close = useRef(closeTo);
  close.current = closeTo;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body && !el.contains(active) ? active : null;
    // the page it opened on: the focus goes back only when the dialog closes to that page, not when it leads on to another
    const page = window.location.pathname;
    let leaving = false;
    let gone = false;
    // The server's dialog is open but not modal: make it the modal one. Its focus would scroll the
    // page to where the dialog was drawn in it (the top): the page stays where the reader was.
    const [x, y] = [window.scrollX, window.scrollY];
    if (!el.matches(":modal")) {
      if (el.open) el.close();
      el.showModal();
    }
    setLive(true);
    heading.current?.focus({ preventScroll: true });
    window.scrollTo(x, y);
    // A message after a redirect to a place in the page (an add from a list): its card is behind it.
    const hash = follow ? window.location.hash.slice(1) : "";
    if (hash) document.getElementById(decodeURIComponent(hash))?.scrollIntoView({ block: "start" });
    const leave = () => {
      if (leaving || !close.current) return;
      leaving = true;
      navigate(close.current, { preventScrollReset: true });
    };
    // Escape: the page decides where it goes (a browser may close the dialog itself anyway).
    const onCancel = (e: Event) => {
      e.preventDefault();
      leave();
    };
    // Closed by the browser (a second Escape cannot be refused): leave, or reopen a dialog that must be answered.
    const onClose = () => {
      if (gone || el.open) return;
      if (close.current) leave();
      else el.showModal();
    };
    el.addEventListener("cancel", onCancel);
    el.addEventListener("close", onClose);
    return () => {
      gone = true;
      el.removeEventListener("cancel", onCancel);
      el.removeEventListener("close", onClose);
      if (el.open) el.close();
      if (window.location.pathname === page) focusAfterClose(opener, close.current);
    };
  }, [navigate, follow]);

  return (
    <div className={`${s.backdrop}${live ? ` ${s.live}` : ""}`} data-testid="dialog-backdrop">
      <dialog
        ref={dialog}
        open
        className={`${s.dialog}${wide ? ` ${s.wide}` : ""}${follow ? ` ${s.follow}` : ""}`}
        aria-labelledby={`${id}-title`}
        aria-describedby={describedBy}
        // modal once the browser has made it so (showModal); without JavaScript it is an open dialog in the page
        aria-modal={live ? true : undefined}
        role={alert ? "alertdialog" : undefined}
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
      </dialog>
    </div>
  );
}
