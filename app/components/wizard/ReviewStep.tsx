import { useEffect, useState, type ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import type { TFunction } from "i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ReviewGroup } from "~/views/wizard";
import { lazyValidator } from "~/forms/client";
import { StoreForm } from "~/components/form/StoreForm";
import { CheckboxField, TextAreaField } from "~/components/form/Fields";
import { Dialog } from "~/components/Dialog";
import { translateMessage } from "~/components/form/messages";
import { formatMoney, isoToUs } from "~/utils/format";
import { StepDialogs, type StepChrome } from "./StepControls";
import { StepScreenshot } from "./StepScreenshot";
import * as s from "./ReviewStep.css";

/** This step's validators, loaded on first use (ADR 013). */
const reviewValidator = lazyValidator(() => import("~/forms/review").then((m) => m.reviewValidator));

export interface ReviewData {
  chrome: StepChrome;
  /** each step's answers ("Check your answers"); `change`: the step with the review's return marker */
  tiles: Array<{ tab: string; inList: boolean; done: boolean; change: string | null; groups: ReviewGroup[] }>;
  cart: {
    lines: Array<{ id: number; name: string; priceCents: number }>;
    totals: { initialMonthCents: number; recurringMonthCents: number };
    effectiveDate: string | null;
  };
  notes: string;
  showSms: boolean;
  dialog: string | null;
}

/** A summary list (GOV.UK "Check your answers"): each answer with its Change link, named for screen readers. */
function SummaryList({ lines }: { lines: ReviewGroup["lines"] }) {
  const { t } = useTranslation();
  return (
    <dl className={s.summaryList}>
      {lines.map((l, i) => (
        <div key={i} className={s.summaryRow}>
          <dt className={s.summaryKey}>{l.label}</dt>
          <dd className={s.summaryValue}>{l.value}</dd>
          <dd className={s.summaryActions}>
            {l.change ? (
              <Link to={l.change}>
                {t("review.change")}
                <span className="visually-hidden"> {l.label}</span>
              </Link>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One step's card: its title, whether it is done, a Change link for the step, and its answers. */
function StepCard({ tile }: { tile: ReviewData["tiles"][number] }) {
  const { t } = useTranslation();
  const title = t(`wizard.tabs.${tile.tab}`);
  return (
    <section className={`card ${s.card}`} data-testid={`tile-${tile.tab}`} aria-labelledby={`tile-${tile.tab}-title`}>
      <div className={s.cardHeader}>
        <h2 className={s.tileTitle} id={`tile-${tile.tab}-title`}>
          {title}
        </h2>
        <p className={tile.done ? "text-success" : "muted"}>
          {tile.done ? (
            <>
              <span aria-hidden="true">✓ </span>
              {t("review.complete")}
            </>
          ) : tile.inList ? (
            t("review.incomplete")
          ) : (
            t("review.notNeeded")
          )}
        </p>
        {tile.change ? (
          <Link to={tile.change} className={s.cardChange}>
            {t("review.change")}
            <span className="visually-hidden"> {title}</span>
          </Link>
        ) : null}
      </div>
      {tile.groups.length ? (
        tile.groups.map((g, i) => (
          <div key={i} className="stack">
            {g.title ? <h3 className={s.groupTitle}>{g.title}</h3> : null}
            <SummaryList lines={g.lines} />
          </div>
        ))
      ) : tile.inList ? (
        <p className="muted">{t("review.nothingToShow")}</p>
      ) : null}
    </section>
  );
}

/** Effective date, each plan and its price, first month and recurring month (review side panel, sign page). */
export function OrderSummary({
  effectiveDate,
  lines,
  totals,
  children,
}: {
  effectiveDate: string | null;
  lines: ReviewData["cart"]["lines"];
  totals: ReviewData["cart"]["totals"];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (c: number) => formatMoney(c, i18n.language);
  return (
    <dl className={s.totals}>
      {children}
      <div>
        <dt>{t("cart.effectiveDate")}</dt>
        <dd>{isoToUs(effectiveDate)}</dd>
      </div>
      {lines.map((l) => (
        <div key={l.id}>
          <dt>{l.name}</dt>
          <dd>{money(l.priceCents)}</dd>
        </div>
      ))}
      <div>
        <dt>{t("cart.initialMonth")}</dt>
        <dd data-testid="review-initial">{money(totals.initialMonthCents)}</dd>
      </div>
      <div>
        <dt>{t("cart.recurringMonth")}</dt>
        <dd>{money(totals.recurringMonthCents)}</dd>
      </div>
    </dl>
  );
}

/** One thing Complete refused: the step (or the cart) to fix and the message key. */
export interface ReviewProblem {
  tab: string;
  message: string;
}

/** A message whose values carry a message of their own ("Dependent #n {message}"). */
function problemText(t: TFunction, message: string) {
  const at = message.indexOf("::");
  if (at < 0) return t(message);
  const values = JSON.parse(message.slice(at + 2)) as Record<string, unknown>;
  if (typeof values.message === "string") values.message = translateMessage(t, values.message);
  return t(message.slice(0, at), values);
}

/**
 * What stops Complete, each with a way to the step that needs fixing (no JavaScript needed). When
 * nothing in the wizard can fix it (the employee's employment or the enrollment period ended),
 * the heading says so rather than asking for a fix.
 */
export function Problems({ problems }: { problems: ReviewProblem[] }) {
  const { t } = useTranslation();
  const fixable = problems.some((p) => p.tab !== "enrollment");
  return (
    <div className="notice notice--error stack" role="alert" data-testid="review-problems">
      <h2 className="text-error">{t(fixable ? "review.problems.title" : "review.problems.titleClosed")}</h2>
      <ul>
        {problems.map((p) => (
          <li key={p.tab + p.message} data-testid={`problem-${p.tab}`}>
            <strong>
              {p.tab === "cart" ? t("cart.title") : p.tab === "enrollment" ? t("review.problems.enrollment") : t(`wizard.tabs.${p.tab}`)}:
            </strong>{" "}
            {problemText(t, p.message)}{" "}
            {p.tab === "enrollment" ? null : p.tab === "cart" ? (
              <Link to="/cart">{t("review.problems.toCart")}</Link>
            ) : (
              <Form method="post" action="/enrollment/review-confirm" className="inline-form">
                <AuthenticityTokenInput />
                <input type="hidden" name="tab" value={p.tab} />
                <button
                  className="button button--secondary"
                  type="submit"
                  name="intent"
                  value="edit"
                  aria-label={t("review.problems.fixNamed", { name: t(`wizard.tabs.${p.tab}`) })}
                >
                  {t("review.problems.fix")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ReviewStep({ data: d, problems }: { data: ReviewData; problems: ReviewProblem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="step-title" className="stack">
      <h1 id="step-title">{t("wizard.tabs.review_info")}</h1>
      {problems.length ? <Problems problems={problems} /> : null}
      <div className={s.layout}>
        <div className="stack">
          {d.tiles.map((tile) => (
            <StepCard key={tile.tab} tile={tile} />
          ))}
          <StoreForm
            labels={{ additional_notes: t("review.notes"), send_sms: t("review.sendSms") }}
            id="review"
            validator={reviewValidator}
            defaultValues={{ additional_notes: d.notes } as never}
          >
            <TextAreaField name="additional_notes" maxLength={1000} />
            {d.showSms ? <CheckboxField name="send_sms" /> : null}
            <div className="button-group">
              <StepScreenshot tab="review_info" />
              {d.chrome.back ? (
                <Link className="button button--secondary" to={d.chrome.back}>
                  {t("common.back")}
                </Link>
              ) : null}
              <CompleteButton label={t("review.complete_enrollment")} />
              {d.chrome.hideSaveLater ? null : (
                <button className="button button--secondary" type="submit" name="intent" value="save-later" formNoValidate>
                  {t("wizard.saveLater")}
                </button>
              )}
            </div>
          </StoreForm>
        </div>
        <aside className={`card ${s.summary}`} aria-labelledby="review-summary">
          <h2 id="review-summary">{t("cart.summary")}</h2>
          <OrderSummary effectiveDate={d.cart.effectiveDate} lines={d.cart.lines} totals={d.cart.totals} />
        </aside>
      </div>
      <StepDialogs />
      {d.dialog === "error" ? (
        <Dialog id="error" title={t("toast.error")} closeTo="/enrollment/review-confirm">
          <p role="alert">{t("review.somethingWrong")}</p>
          <Link className="button" to="/enrollment/review-confirm?dialog=save-later">
            {t("wizard.saveLater")}
          </Link>
        </Dialog>
      ) : null}
    </section>
  );
}

/**
 * Complete Enrollment, disabled from the click until the answer comes (issue 26 #14): a second
 * click cannot send it twice (the server completes exactly once anyway, ADR 004). Without
 * JavaScript it is a plain submit button.
 */
function CompleteButton({ label }: { label: string }) {
  const navigation = useNavigation();
  const [clicked, setClicked] = useState(false);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "complete";
  useEffect(() => {
    // checked in the browser and refused (nothing sent), or refused by the server and back:
    // the button works again once nothing is under way
    if (!clicked || navigation.state !== "idle") return;
    const id = setTimeout(() => setClicked(false), 1500);
    return () => clearTimeout(id);
  }, [clicked, navigation.state]);
  const busy = sending || clicked;
  return (
    <button
      className="button"
      type="submit"
      name="intent"
      value="complete"
      data-testid="complete-enrollment"
      disabled={busy}
      aria-disabled={busy ? "true" : undefined}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        // disabled after the browser has taken this click's submission
        setTimeout(() => setClicked(true), 0);
      }}
    >
      {label}
    </button>
  );
}
