import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { StoreForm } from "~/components/form/StoreForm";
import { TextField } from "~/components/form/Fields";
import { Dialog } from "~/components/Dialog";
import { saveLaterValidator } from "~/forms/client";
import { StepScreenshot } from "./StepScreenshot";

export interface StepChrome {
  back: string | null;
  hideSaveLater: boolean;
  tab: string;
  /** the step shows a draft saved for later, not yet checked */
  draft?: boolean;
}

/** Above a step saved for later: what is shown is as it was typed, and Next checks it. */
export function DraftNotice({ chrome }: { chrome: StepChrome }) {
  const { t } = useTranslation();
  return chrome.draft ? (
    <p className="notice" data-testid="draft-notice">
      {t("wizard.draftNotice")}
    </p>
  ) : null;
}

/** Inside a step's form: Back (when allowed), Next, Save & Continue Later (unless "usag"). */
export function StepActions({
  chrome,
  nextDisabledHint,
  nextLabel,
}: {
  chrome: StepChrome;
  nextDisabledHint?: string | null;
  nextLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="button-group">
      <StepScreenshot tab={chrome.tab} />
      {chrome.back ? (
        <Link className="button button--secondary" to={chrome.back}>
          {t("common.back")}
        </Link>
      ) : null}
      {nextDisabledHint ? (
        <>
          <button className="button" type="submit" name="intent" value="next" disabled aria-disabled="true" aria-describedby="next-hint">
            {nextLabel ?? t("wizard.next")}
          </button>
          <span id="next-hint" className="hint">
            {nextDisabledHint}
          </span>
        </>
      ) : (
        <button className="button" type="submit" name="intent" value="next">
          {nextLabel ?? t("wizard.next")}
        </button>
      )}
      {chrome.hideSaveLater ? null : (
        <button className="button button--secondary" type="submit" name="intent" value="save-later" formNoValidate>
          {t("wizard.saveLater")}
        </button>
      )}
    </div>
  );
}

/** Below the form: Cancel Enrollment, and the cancel and save-for-later dialogs. */
export function StepDialogs({ defaultEmail }: { defaultEmail?: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const dialog = params.get("dialog");
  const here = location.pathname;
  return (
    <>
      <p>
        <Link to={`${here}?dialog=cancel`} preventScrollReset>
          {t("cart.cancelEnrollment")}
        </Link>
      </p>
      {dialog === "cancel" ? (
        <Dialog id="cancel" title={t("cart.cancelEnrollment")} closeTo={here}>
          <p>{t("cart.cancelQuestion")}</p>
          <Form method="post" action={here} className="button-group">
            <AuthenticityTokenInput />
            <button className="button button--warning" type="submit" name="intent" value="cancel-enrollment">
              {t("common.yes")}
            </button>
            <Link className="button button--secondary" to={here}>
              {t("common.no")}
            </Link>
          </Form>
        </Dialog>
      ) : null}
      {dialog === "save-later" ? (
        <Dialog id="save-later" title={t("wizard.saveLaterTitle")} closeTo={here}>
          {params.get("sent") === "1" ? (
            <>
              <p className="notice notice--success" role="status" data-testid="save-later-sent">
                {t("wizard.saveLaterSent")}
              </p>
              <Form method="post" action={here} className="button-group">
                <AuthenticityTokenInput />
                <button className="button button--secondary" type="submit" name="intent" value="start-new">
                  {t("wizard.startNew")}
                </button>
                <Link className="button" to={here}>
                  {t("wizard.continueCurrent")}
                </Link>
              </Form>
            </>
          ) : (
            <StoreForm
              labels={{ email: t("wizard.saveLaterEmail") }}
              id="save-later-form"
              validator={saveLaterValidator}
              action={`${here}?dialog=save-later`}
              defaultValues={{ email: defaultEmail ?? "" }}
            >
              <p>{t("wizard.saveLaterIntro")}</p>
              <input type="hidden" name="intent" value="send-resume" />
              <TextField name="email" type="email" autoComplete="email" maxLength={254} spellCheck={false} />
              <div className="button-group">
                <button className="button" type="submit">
                  {t("wizard.sendCode")}
                </button>
                <Link className="button button--secondary" to={here}>
                  {t("common.back")}
                </Link>
              </div>
            </StoreForm>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
