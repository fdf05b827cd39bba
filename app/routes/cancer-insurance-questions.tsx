import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { CANCER_QUESTIONS, TREATMENT_TYPES, treatmentCount, MAX_TREATMENTS } from "~/domain/cancer-questions";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

const PATH = "/cancer-insurance-questions";

export const meta = pageTitle("cancerQuestions");

/**
 * The static cancer-insurance medical question page (storefront §2 "Other"): a mock-up with
 * yes/no questions and a repeatable treatment block. Nothing on it is sent: it has no form,
 * and adding or removing a treatment block is a plain link (?treatments=n).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await requestContext({ request, context }).locale;
  const t = await context.services.i18n.getFixedT(locale, "common");
  return json({ title: t("cancerQuestions.title"), treatments: treatmentCount(new URL(request.url).searchParams.get("treatments")) });
}

function YesNo({ id, name, legend, testId }: { id: string; name: string; legend: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="field" data-testid={testId}>
      <legend>{legend}</legend>
      <div className="choices">
        <label className="choice" htmlFor={`${id}-yes`}>
          <input id={`${id}-yes`} type="radio" name={name} value="1" />
          {t("common.yes")}
        </label>
        <label className="choice" htmlFor={`${id}-no`}>
          <input id={`${id}-no`} type="radio" name={name} value="0" />
          {t("common.no")}
        </label>
      </div>
    </fieldset>
  );
}

function Treatment({ n }: { n: number }) {
  const { t } = useTranslation();
  const id = (field: string) => `treatment-${n}-${field}`;
  return (
    <fieldset className="card stack" id={`treatment-${n}`} data-testid="treatment">
      <legend>{t("cancerQuestions.treatment", { n })}</legend>
      <div className="field">
        <label className="label" htmlFor={id("diagnosis")}>
          {t("cancerQuestions.diagnosis")}
        </label>
        <input className="input" id={id("diagnosis")} type="text" autoComplete="off" maxLength={200} />
      </div>
      <div className="field">
        <label className="label" htmlFor={id("type")}>
          {t("cancerQuestions.type")}
        </label>
        <select className="select" id={id("type")} defaultValue="">
          <option value="">{t("common.select")}</option>
          {TREATMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`cancerQuestions.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {(["started", "ended"] as const).map((when) => (
        <div className="field" key={when}>
          <label className="label" htmlFor={id(when)}>
            {t(`cancerQuestions.${when}`)}
          </label>
          <span className="hint" id={`${id(when)}-hint`}>
            {t("common.dateHint")}
          </span>
          <input
            className="input input--short"
            id={id(when)}
            type="text"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            aria-describedby={`${id(when)}-hint`}
          />
        </div>
      ))}
      <div className="field">
        <label className="label" htmlFor={id("doctor")}>
          {t("cancerQuestions.doctor")}
        </label>
        <input className="input" id={id("doctor")} type="text" autoComplete="off" maxLength={200} />
      </div>
      <YesNo id={id("complete")} name={id("complete")} legend={t("cancerQuestions.complete")} />
    </fieldset>
  );
}

export default function CancerInsuranceQuestions() {
  const { treatments } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const blocks = Array.from({ length: treatments }, (_, i) => i + 1);
  const to = (n: number) => `${PATH}?treatments=${n}#treatment-${n}`;
  return (
    <div className="stack">
      <h1>{t("cancerQuestions.title")}</h1>
      <p className="notice" data-testid="mock-up-notice">
        {t("cancerQuestions.intro")} <strong>{t("cancerQuestions.notSent")}</strong>
      </p>
      <section className="stack" aria-labelledby="cancer-questions-title">
        <h2 id="cancer-questions-title">{t("cancerQuestions.questionsTitle")}</h2>
        {CANCER_QUESTIONS.map((key, i) => (
          <YesNo
            key={key}
            id={`cancer-q${i + 1}`}
            name={`cancer-q${i + 1}`}
            legend={t(`cancerQuestions.questions.${key}`)}
            testId="cancer-question"
          />
        ))}
      </section>
      <section className="stack" aria-labelledby="treatments-title">
        <h2 id="treatments-title">{t("cancerQuestions.treatmentsTitle")}</h2>
        <p>{t("cancerQuestions.treatmentsIntro")}</p>
        {blocks.map((n) => (
          <Treatment key={n} n={n} />
        ))}
        <p className="button-group">
          {treatments < MAX_TREATMENTS ? (
            <Link className="button button--secondary" to={to(treatments + 1)} preventScrollReset>
              {t("cancerQuestions.add")}
            </Link>
          ) : (
            <span className="muted">{t("cancerQuestions.max", { max: MAX_TREATMENTS })}</span>
          )}
          {treatments > 1 ? (
            <Link className="button button--secondary" to={to(treatments - 1)} preventScrollReset>
              {t("cancerQuestions.remove")}
            </Link>
          ) : null}
        </p>
      </section>
      <p>
        <Link to="/plans?type=supplemental">{t("cancerQuestions.seePlans")}</Link>
      </p>
    </div>
  );
}
