import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import * as s from "./WizardProgress.css";

export interface ProgressStep {
  tab: string;
  screen: string;
  state: "done" | "current" | "todo";
}

/** The progress bar: the required steps in order; finished ones are marked and can be revisited. */
export function WizardProgress({ steps }: { steps: ProgressStep[] }) {
  const { t } = useTranslation();
  const at = steps.findIndex((p) => p.state === "current");
  const stepOf = t("wizard.stepOf", { step: at + 1, total: steps.length });
  // On a phone the list folds behind one line, "Step 2 of 6: Contact" (issue 26 #1); from the breakpoint up it shows in full.
  return (
    <nav aria-label={t("wizard.progress")}>
      <p className={`muted ${s.wideOnly}`}>{stepOf}</p>
      <details className={s.steps}>
        <summary className={s.summary}>
          {stepOf}
          {at >= 0 ? (
            <>
              {": "}
              <strong>{t(`wizard.tabs.${steps[at].tab}`)}</strong>
            </>
          ) : null}
        </summary>
        <ol className={s.bar}>
          {steps.map((p) => (
            <li
              key={p.tab}
              className={`${s.item} ${p.state === "done" ? s.done : p.state === "current" ? s.current : ""}`}
              aria-current={p.state === "current" ? "step" : undefined}
            >
              {p.state === "done" ? (
                <Link to={`/enrollment/${p.screen}`}>
                  <span aria-hidden="true">✓ </span>
                  {t(`wizard.tabs.${p.tab}`)}
                  <span className="visually-hidden"> ({t("wizard.done")})</span>
                </Link>
              ) : (
                <span>{t(`wizard.tabs.${p.tab}`)}</span>
              )}
            </li>
          ))}
        </ol>
      </details>
    </nav>
  );
}
