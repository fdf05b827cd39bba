import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/platform/request";
import { planHref } from "~/.server/store/plan-cards";
import { currentEnrollment, isQuoted } from "~/.server/store/shopping";
import { planName, planWithEnrollQuestions, recordPlanAnswers } from "~/.server/store/plan-questions";
import { redirectWithSession } from "~/.server/platform/respond";
import { enrollAnswersValidator } from "~/forms/plan";
import * as clientForms from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, yesNoOptions } from "~/components/form/Fields";
import { Breadcrumb } from "~/components/Breadcrumb";
import { pageTitle } from "~/utils/page-title";
import { useHomeHref } from "~/components/useHomeHref";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("planQuestions");

const planIdOf = (request: Request) => new URL(request.url).searchParams.get("planId");

/** /PlanQuestionView?planId=…: the Enroll-Now health questions of a plan. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { plan, questions } = await planWithEnrollQuestions(services, planIdOf(request));
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) throw redirect(`${planHref(plan)}?dialog=quote`);
  const locale = await requestContext({ request, context }).locale;
  return json({
    plan: { id: plan.id, name: planName(plan, locale), href: planHref(plan) },
    questions: questions.map((q) => ({ id: q.id, text: locale === "es" ? q.text_es : q.text_en, true_condition: q.true_condition })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { plan, questions } = await planWithEnrollQuestions(services, planIdOf(request));
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, `${planHref(plan)}?dialog=quote`);
  const result = await enrollAnswersValidator(questions).validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const answers = result.data as Record<string, string>;
  const declined = questions.some((q) => q.decline_answer !== null && answers[`q${q.id}`] === String(q.decline_answer));
  await recordPlanAnswers(services, {
    enrollmentId: enrollment.id,
    planId: plan.id,
    kind: "enroll",
    answers,
    outcome: declined ? "declined" : "accepted",
  });
  if (!declined) session.flash({ kind: "success", key: "plan.answersSaved" });
  return redirectWithSession(services, session, planHref(plan));
}

export default function PlanQuestionView() {
  const { plan, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const home = useHomeHref();
  return (
    <div className="stack">
      <Breadcrumb
        items={[
          { label: t("shell.home"), to: home },
          { label: t("plans.title"), to: "/plans" },
          { label: plan.name, to: plan.href },
          { label: t("plan.questionsTitle") },
        ]}
      />
      <h1>{t("plan.questionsTitle")}</h1>
      <p>{t("plan.questionsIntro", { name: plan.name })}</p>
      <StoreForm
        labels={Object.fromEntries(questions.map((q) => [`q${q.id}`, q.text]))}
        id="enroll-questions"
        validator={clientForms.enrollAnswersValidator(questions)}
      >
        {questions.map((q) => (
          <RadioGroup key={q.id} name={`q${q.id}`} options={yesNoOptions(t)} />
        ))}
        <div className="button-group">
          <button className="button" type="submit">
            {t("common.submit")}
          </button>
          <Link className="button button--secondary" to={plan.href}>
            {t("common.cancel")}
          </Link>
        </div>
      </StoreForm>
    </div>
  );
}
