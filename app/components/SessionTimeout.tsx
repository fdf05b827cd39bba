/**
 * Before a verified rep's or admin's session reaches its idle limit, the page warns at least
 * two minutes ahead and offers "Stay signed in" (WCAG 2.2.1 Timing Adjustable). JavaScript only:
 * without it, the next page after the limit is the session-expired page, which says nothing
 * saved was lost. The 12-hour limit cannot be extended: the warning says so. It is the store's
 * one Dialog (a modal `<dialog>`: the page behind is inert, Tab stays inside; issue 26 #4).
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n-react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import type { ShellStaffSession } from "~/views/shell";
import { Dialog } from "./Dialog";

type Status = { active: boolean; idleSeconds: number; absoluteSeconds: number };

function clock(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** Where the warning asks and goes: the store's (reps, group admins) or the console's (operators, issue 27). */
export interface SessionUrls {
  /** GET: the time left (not activity); POST: Stay signed in */
  status: string;
  expired: string;
  logout: string;
}
const STORE_URLS: SessionUrls = { status: "/session", expired: "/session-expired", logout: "/logout" };

export function SessionTimeout({ limits, urls = STORE_URLS }: { limits: ShellStaffSession; urls?: SessionUrls }) {
  const { t } = useTranslation();
  const csrf = useAuthenticityToken();
  const stay = useFetcher<Status>();
  const [ends, setEnds] = useState<{ idle: number; absolute: number }>(() => ({
    idle: Date.now() + limits.idleSeconds * 1000,
    absolute: Date.now() + limits.absoluteSeconds * 1000,
  }));
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);
  // JavaScript only: the server's page never carries the warning
  const [mounted, setMounted] = useState(false);
  const checking = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  // Every page load or revalidation tells the time left again (a request is activity).
  useEffect(() => {
    setEnds({ idle: Date.now() + limits.idleSeconds * 1000, absolute: Date.now() + limits.absoluteSeconds * 1000 });
    setDismissed(false);
  }, [limits]);
  useEffect(() => {
    if (stay.data?.active)
      setEnds({ idle: Date.now() + stay.data.idleSeconds * 1000, absolute: Date.now() + stay.data.absoluteSeconds * 1000 });
  }, [stay.data]);
  useEffect(() => {
    setMounted(true);
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const absoluteFirst = ends.absolute <= ends.idle;
  const left = Math.min(ends.idle, ends.absolute) - now;
  const warning = left <= limits.warningSeconds * 1000;

  // At the limit: ask the server (another tab may have kept the session alive), then go.
  useEffect(() => {
    if (left > 0 || checking.current) return;
    checking.current = true;
    fetch(urls.status, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((r) => r.json() as Promise<Status>)
      .then((status) => {
        if (status.active && Math.min(status.idleSeconds, status.absoluteSeconds) > 0)
          setEnds({ idle: Date.now() + status.idleSeconds * 1000, absolute: Date.now() + status.absoluteSeconds * 1000 });
        else window.location.assign(urls.expired);
      })
      .catch(() => window.location.assign(urls.expired))
      .finally(() => {
        checking.current = false;
      });
  }, [left, urls]);

  const open = mounted && warning && left > 0 && !(absoluteFirst && dismissed);
  useEffect(() => {
    if (open) button.current?.focus();
  }, [open]);
  if (!open) return null;

  return (
    <Dialog id="session-timeout" title={t("sessionTimeout.title")} alert describedBy="session-timeout-text">
      <div data-testid="session-timeout">
        <p id="session-timeout-text">
          {absoluteFirst ? t("sessionTimeout.absolute") : t("sessionTimeout.idle")}{" "}
          <strong aria-live="off" data-testid="session-timeout-clock">
            {clock(left)}
          </strong>
        </p>
        <div className="button-group">
          {absoluteFirst ? (
            <button ref={button} className="button" type="button" onClick={() => setDismissed(true)}>
              {t("sessionTimeout.understood")}
            </button>
          ) : (
            <button
              ref={button}
              className="button"
              type="button"
              disabled={stay.state !== "idle"}
              onClick={() => stay.submit({ csrf }, { method: "post", action: urls.status })}
            >
              {t("sessionTimeout.stay")}
            </button>
          )}
          <form method="post" action={urls.logout} className="inline-form">
            <input type="hidden" name="csrf" value={csrf} />
            <button className="button button--secondary" type="submit">
              {t("shell.logout")}
            </button>
          </form>
        </div>
      </div>
    </Dialog>
  );
}
