import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { validationError } from "remix-validated-form";
import { readForm } from "~/.server/request";
import { loadCatalog, planText } from "~/.server/repositories/catalog";
import { planHref } from "~/.server/plan-cards";
import { currentEnrollment, isQuoted } from "~/.server/shopping";
import { savePlanAnswers } from "~/.server/repositories/answers";
import { redirectWithSession } from "~/.server/respond";
import type { Services } from "~/.server/services";
import { enrollAnswersValidator } from "~/forms/plan";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup } from "~/components/form/Fields";
import { Breadcrumb } from "~/components/Breadcrumb";

export const meta: MetaFunction = () => [{ title: "Plan questions" }];

async function planWithQuestions(services: Services, request: Request) {
  const id = Number(new URL(request.url).searchParams.get("planId"));
  const catalog = await loadCatalog(services.db);
  const plan = Number.isSafeInteger(id) ? catalog.plans.get(id) : undefined;
  const questions = plan ? (catalog.questions.get(plan.id)?.enroll ?? []) : [];
  if (!plan || plan.active !== 1 || !plan.has_enroll_questions || !questions.length) throw new Response("Not Found", { status: 404 });
  return { plan, questions };
}

/** /PlanQuestionView?planId=…: the Enroll-Now health questions of a plan. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const { plan, questions } = await planWithQuestions(services, request);
  const session = await services.sessions.read(request);
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) throw redirect(`${planHref(plan)}?dialog=quote`);
  const locale = (await services.i18n.getLocale(request)) === "es" ? "es" : "en";
  return json({
    plan: { id: plan.id, name: planText(plan, locale)?.name ?? plan.code, href: planHref(plan) },
    questions: questions.map((q) => ({ id: q.id, text: locale === "es" ? q.text_es : q.text_en, true_condition: q.true_condition })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const { plan, questions } = await planWithQuestions(services, request);
  const session = await services.sessions.read(request);
  const enrollment = await currentEnrollment(services, session);
  if (!isQuoted(enrollment)) return redirectWithSession(services, session, `${planHref(plan)}?dialog=quote`);
  const result = await enrollAnswersValidator(questions).validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const answers = result.data as Record<string, string>;
  const declined = questions.some((q) => q.decline_answer !== null && answers[`q${q.id}`] === String(q.decline_answer));
  await savePlanAnswers(services.db, {
    enrollmentId: enrollment.id,
    planId: plan.id,
    kind: "enroll",
    answersEnc: services.cipher.encryptJson(answers),
    outcome: declined ? "declined" : "accepted",
    now: services.now(),
  });
  if (!declined) session.flash({ kind: "success", key: "plan.answersSaved" });
  return redirectWithSession(services, session, planHref(plan));
}

export default function PlanQuestionView() {
  const { plan, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <Breadcrumb items={[{ label: t("shell.home"), to: "/" }, { label: t("plans.title"), to: "/plans" }, { label: plan.name, to: plan.href }, { label: t("plan.questionsTitle") }]} />
      <h1>{t("plan.questionsTitle")}</h1>
      <p>{t("plan.questionsIntro", { name: plan.name })}</p>
      <StoreForm id="enroll-questions" validator={enrollAnswersValidator(questions)}>
        {questions.map((q) => (
          <RadioGroup
            key={q.id}
            name={`q${q.id}`}
            label={q.text}
            options={[
              { value: "1", label: t("common.yes") },
              { value: "0", label: t("common.no") },
            ]}
          />
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
