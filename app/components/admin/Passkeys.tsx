/**
 * The console's passkeys in the browser (issue 27, ADR 025): "Sign in with a passkey" on /admin
 * and "Add a passkey" on /admin/account. WebAuthn is a browser API, so both need JavaScript: they
 * render only once the page is hydrated and the browser has `PublicKeyCredential`; without it the
 * sign-in page keeps the e-mailed code and the account page says a passkey needs JavaScript.
 * @simplewebauthn/browser is loaded on the first press, not with the page. Each step is a form post
 * to /admin/passkey with the CSRF token; the server keeps the challenge and answers JSON.
 */
import { useRef, useState, type FormEvent } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n-react";
import { translateMessage } from "~/components/form/messages";

const URL_ = "/admin/passkey";

/** Whether this browser can run a passkey ceremony (after hydration only). */
function usePasskeysAvailable() {
  const hydrated = useHydrated();
  return hydrated && typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

type Answer = { options?: unknown; next?: string; error?: string; fieldErrors?: Record<string, string> };

async function post(csrf: string, values: Record<string, string>): Promise<Answer> {
  const res = await fetch(URL_, {
    method: "POST",
    body: new URLSearchParams({ csrf, ...values }),
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  try {
    return (await res.json()) as Answer;
  } catch {
    return { error: "admin.passkey.errors.failed" };
  }
}

/** A person who closes the browser's dialog or lets it time out cancelled; anything else failed. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError" || /cancel/i.test(error.message));

export function PasskeySignIn({ next }: { next: string }) {
  const { t } = useTranslation();
  const csrf = useAuthenticityToken();
  const available = usePasskeysAvailable();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the messages this part may show, asked for while rendering so the page brings their strings
  const messages = {
    failed: t("admin.passkey.errors.failed"),
    cancelled: t("admin.passkey.errors.cancelled"),
  };
  if (!available) return null;
  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const started = await post(csrf, { intent: "sign-in-options" });
      if (started.next) return window.location.assign(started.next);
      if (!started.options) return setError(started.error ?? "admin.passkey.errors.failed");
      let credential: unknown;
      try {
        credential = await startAuthentication({
          optionsJSON: started.options as Parameters<typeof startAuthentication>[0]["optionsJSON"],
        });
      } catch (e) {
        return setError(cancelled(e) ? "admin.passkey.errors.cancelled" : "admin.passkey.errors.failed");
      }
      const done = await post(csrf, { intent: "sign-in", credential: JSON.stringify(credential), next });
      if (done.next) return window.location.assign(done.next);
      setError(done.error ?? "admin.passkey.errors.failed");
    } catch {
      setError("admin.passkey.errors.failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card stack" aria-labelledby="passkey-title" data-testid="passkey-sign-in">
      <h2 id="passkey-title">{t("admin.passkey.signInTitle")}</h2>
      <p>{t("admin.passkey.signInIntro")}</p>
      {error ? (
        <div className="notice notice--error" role="alert" data-testid="passkey-error">
          <p>{messageOf(t, messages, error)}</p>
        </div>
      ) : null}
      <p>
        <button className="button button--secondary" type="button" onClick={signIn} disabled={busy} aria-busy={busy}>
          {t("admin.passkey.signIn")}
        </button>
      </p>
    </section>
  );
}

function messageOf(t: ReturnType<typeof useTranslation>["t"], known: Record<string, string>, key: string) {
  const short = key.replace(/^admin\.passkey\.errors\./, "");
  return known[short] ?? translateMessage(t, key);
}

export function PasskeyAdd() {
  const { t } = useTranslation();
  const csrf = useAuthenticityToken();
  const available = usePasskeysAvailable();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const messages = {
    failed: t("admin.passkey.errors.failed"),
    cancelled: t("admin.passkey.errors.cancelled"),
    duplicate: t("admin.passkey.errors.duplicate"),
  };
  const nameLabel = t("admin.account.passkeyName");
  const notSupported = t("admin.account.notSupported");
  const needsJavaScript = t("admin.account.needsJavaScript");
  if (!available) return <p data-testid="passkey-needs-js">{hydrated ? notSupported : needsJavaScript}</p>;
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setBusy(true);
    setError(null);
    setNameError(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const started = await post(csrf, { intent: "add-options", name });
      if (started.fieldErrors?.name) {
        setNameError(started.fieldErrors.name);
        requestAnimationFrame(() => summary.current?.focus());
        return;
      }
      if (!started.options) return setError(started.error ?? "admin.passkey.errors.failed");
      let credential: unknown;
      try {
        credential = await startRegistration({ optionsJSON: started.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      } catch (e) {
        const name_ = e instanceof Error ? e.name : "";
        return setError(
          name_ === "InvalidStateError"
            ? "admin.passkey.errors.duplicate"
            : cancelled(e)
              ? "admin.passkey.errors.cancelled"
              : "admin.passkey.errors.failed",
        );
      }
      const done = await post(csrf, { intent: "add", name, credential: JSON.stringify(credential) });
      if (done.next) return window.location.assign(done.next);
      setError(done.error ?? "admin.passkey.errors.failed");
    } catch {
      setError("admin.passkey.errors.failed");
    } finally {
      setBusy(false);
    }
  };
  const nameMessage = nameError ? translateMessage(t, nameError) : null;
  return (
    <form method="post" action={URL_} className="stack" onSubmit={add} noValidate data-testid="passkey-add">
      {nameMessage ? (
        <div className="error-summary" role="alert" aria-labelledby="passkey-summary-title" tabIndex={-1} ref={summary}>
          <h2 id="passkey-summary-title">{t("validation.summaryTitle")}</h2>
          <ul>
            <li>
              <a href="#passkey-name">{t("validation.summaryItem", { label: nameLabel, message: nameMessage })}</a>
            </li>
          </ul>
        </div>
      ) : null}
      {error ? (
        <div className="notice notice--error" role="alert" data-testid="passkey-error">
          <p>{messageOf(t, messages, error)}</p>
        </div>
      ) : null}
      <div className={`field${nameMessage ? " field--error" : ""}`}>
        <label className="label" htmlFor="passkey-name">
          {nameLabel}
        </label>
        <span className="hint" id="passkey-name-hint">
          {t("admin.account.passkeyNameHint")}
        </span>
        {nameMessage ? (
          <span className="error-message" id="passkey-name-error">
            <span className="visually-hidden">{t("validation.errorPrefix")}</span> {nameMessage}
          </span>
        ) : null}
        <input
          id="passkey-name"
          name="name"
          className={`input${nameMessage ? " input--error" : ""}`}
          autoComplete="off"
          maxLength={60}
          aria-describedby={nameMessage ? "passkey-name-hint passkey-name-error" : "passkey-name-hint"}
          aria-invalid={nameMessage ? true : undefined}
        />
      </div>
      <p>
        <button className="button" type="submit" disabled={busy} aria-busy={busy}>
          {t("admin.account.add")}
        </button>
      </p>
    </form>
  );
}
