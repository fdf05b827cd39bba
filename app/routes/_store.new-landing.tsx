import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/.server/platform/loader-json";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { validationError } from "remix-validated-form";
import { readForm, field } from "~/.server/platform/request";
import { zipLookup } from "~/.server/adapters/zip";
import { quoteCategories } from "~/.server/store/landing-quote";
import { saveQuoteDetails } from "~/.server/store/quote-details";
import { currentEnrollment } from "~/.server/store/shopping";
import { saveQuote } from "~/.server/store/quote";
import { redirectWithSession } from "~/.server/platform/respond";
import { slideStepOneValidator, slideStepTwoValidator } from "~/forms/quote";
import * as clientForms from "~/forms/client";
import { isoToUsDate, todayIso } from "~/domain/dates";
import { StoreForm } from "~/components/form/StoreForm";
import { RadioGroup, yesNoOptions, SelectField, TextField } from "~/components/form/Fields";
import { typeDate } from "~/components/QuoteForm";
import { pageTitle } from "~/utils/page-title";
import { requestContext } from "~/.server/platform/request-context";

export const meta = pageTitle("quote");

/** /new-landing: the landing quote by category, the older two-step way, then /new-plans. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  const session = await requestContext({ request, context }).session;
  const enrollment = await currentEnrollment(services, session);
  const step = new URL(request.url).searchParams.get("step") === "2" ? 2 : 1;
  if (step === 2 && !enrollment?.zip) throw redirect("/new-landing");
  const lng = await requestContext({ request, context }).locale;
  const categories = await quoteCategories(services, session);
  return json({
    step,
    categories: categories.map((c) => ({ value: c.key, label: lng === "es" ? c.label_es : c.label_en })),
    defaults: {
      zip: enrollment?.zip ?? "",
      dob: isoToUsDate(enrollment?.birthdate),
      category: enrollment?.category ?? "",
      gender: enrollment?.gender === null || enrollment?.gender === undefined ? undefined : String(enrollment.gender),
      smoker: enrollment?.is_smoker === null || enrollment?.is_smoker === undefined ? undefined : String(enrollment.is_smoker),
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const form = await readForm(request, services);
  const session = await requestContext({ request, context }).session;
  if (field(form, "intent", 10) === "step2") {
    const enrollment = await currentEnrollment(services, session);
    if (!enrollment?.zip) return redirectWithSession(services, session, "/new-landing");
    const result = await slideStepTwoValidator.validate(form);
    if (result.error) return validationError(result.error, result.submittedData);
    await saveQuoteDetails(services, enrollment.id, { gender: result.data.gender, is_smoker: result.data.smoker });
    return redirectWithSession(services, session, "/new-plans");
  }
  const result = await slideStepOneValidator(todayIso(services.now())).validate(form);
  if (result.error) return validationError(result.error, result.submittedData);
  const state = zipLookup.stateFor(result.data.zip);
  if (!state) return validationError({ fieldErrors: { zip: "validation.zipInvalid" }, formId: result.formId }, result.submittedData);
  const categories = await quoteCategories(services, session);
  if (!categories.some((c) => c.key === result.data.category))
    return validationError({ fieldErrors: { category: "validation.chooseCategory" }, formId: result.formId }, result.submittedData);
  await saveQuote(services, request, session, {
    zip: result.data.zip,
    state,
    birthdate: result.data.birthdate,
    category: result.data.category,
  });
  return redirectWithSession(services, session, "/new-landing?step=2");
}

export default function NewLanding() {
  const { step, categories, defaults } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t("landing.getAQuote")}</h1>
      <p className="muted">{t("newLanding.step", { step, of: 2 })}</p>
      {step === 1 ? (
        <StoreForm
          labels={{ category: t("quote.category"), zip: t("quote.zip"), dob: t("quote.dob") }}
          id="slide-1"
          validator={clientForms.slideStepOneValidator(todayIso(new Date()))}
          defaultValues={{ zip: defaults.zip, dob: defaults.dob, category: defaults.category } as never}
        >
          <input type="hidden" name="intent" value="step1" />
          <SelectField name="category" options={categories} placeholder={t("quote.chooseCategory")} />
          <TextField name="zip" inputMode="numeric" maxLength={5} autoComplete="postal-code" short />
          <TextField
            name="dob"
            hint={t("common.dateHint")}
            inputMode="numeric"
            maxLength={10}
            autoComplete="bday"
            short
            onInput={typeDate}
          />
          <button className="button" type="submit">
            {t("newLanding.next")}
          </button>
        </StoreForm>
      ) : (
        <StoreForm
          labels={{ gender: t("quote.gender"), smoker: t("quote.smoker") }}
          id="slide-2"
          validator={clientForms.slideStepTwoValidator}
          defaultValues={{ gender: defaults.gender, smoker: defaults.smoker } as never}
        >
          <input type="hidden" name="intent" value="step2" />
          <RadioGroup
            name="gender"
            options={[
              { value: "0", label: t("quote.male") },
              { value: "1", label: t("quote.female") },
            ]}
          />
          <RadioGroup name="smoker" options={yesNoOptions(t)} />
          <div className="button-group">
            <button className="button" type="submit">
              {t("quote.submit")}
            </button>
            <Link className="button button--secondary" to="/new-landing">
              {t("common.back")}
            </Link>
          </div>
        </StoreForm>
      )}
    </div>
  );
}
