import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CartView } from "~/views/cart";
import type { RecommendedCard } from "~/views/plans";
import type { SelectionBanner as Banner } from "~/views/shopping";
import { formatMoney, formatWholeDollars, isoToUs } from "~/utils/format";
import { effectiveDateValidator, saveCartValidator } from "~/forms/client";
import { Breadcrumb } from "./Breadcrumb";
import { useHomeHref } from "./useHomeHref";
import { SelectionBanner } from "./SelectionBanner";
import { Dialog } from "./Dialog";
import { RecommendedCarousel } from "./RecommendedCarousel";
import { StoreForm } from "./form/StoreForm";
import { CheckboxField, RadioGroup, TextAreaField, TextField } from "./form/Fields";
import { useCompareSelection } from "./CompareTray";
import * as s from "./CartPage.css";

type CartLine = CartView["lines"][number];

export type CartPageData =
  | { empty: true; banner: Banner; dialog: null }
  | {
      empty: false;
      banner: Banner;
      cart: CartView;
      recommended: RecommendedCard[];
      dialog: string | null;
      dialogLine: CartLine | null;
      sentTo: string | null;
      checkedOut: boolean;
    };

export function CartPage({
  data,
  preview,
}: {
  data: CartPageData;
  preview: { subject: string; html: string; values: { name: string; email: string; message: string; includeComparison?: string } } | null;
}) {
  const { t, i18n } = useTranslation();
  const compared = useCompareSelection();
  const money = (c: number) => formatMoney(c, i18n.language);
  const home = useHomeHref();
  const crumbs = (
    <Breadcrumb
      items={[
        { label: t("shell.home"), to: home },
        ...(data.banner.member ? [{ label: t("breadcrumb.currentMember"), to: data.banner.membersHref ?? undefined }] : []),
        { label: t("plans.title"), to: "/plans" },
        { label: t("breadcrumb.planDetails"), to: "/plans" },
        { label: t("breadcrumb.cart") },
      ]}
    />
  );
  if (data.empty || data.cart.lines.length === 0) {
    return (
      <div className="stack">
        {crumbs}
        <h1>{t("cart.title")}</h1>
        <SelectionBanner banner={data.banner} />
        <p className="notice" data-testid="cart-empty">
          {t("cart.empty")}
        </p>
        <p>
          <Link className="button" to="/plans">
            {t("cart.viewMorePlans")}
          </Link>
        </p>
        {!data.empty ? <CancelEnrollment /> : null}
        {/* the link above opens it here too: it was dead on an empty cart (issue 26 #8) */}
        {!data.empty && data.dialog === "cancel" ? <CancelDialog /> : null}
      </div>
    );
  }
  const { cart } = data;
  const showSave = data.dialog === "save" || preview !== null;
  return (
    <div className="stack">
      {crumbs}
      <h1>{t("cart.title")}</h1>
      <SelectionBanner banner={data.banner} />
      {cart.lines.some((l) => l.withdrawn) ? (
        <p className="notice notice--warning" data-testid="cart-withdrawn">
          {t("cart.withdrawn", {
            plans: cart.lines
              .filter((l) => l.withdrawn)
              .map((l) => l.name)
              .join(", "),
          })}
        </p>
      ) : null}
      <div className={s.layout}>
        <div className="stack">
          <div className="table-wrap">
            <table data-testid="cart-table" className={s.table}>
              <caption className="visually-hidden">{t("cart.tableCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("cart.plan")}</th>
                  <th scope="col">{t("cart.monthly")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("cart.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.map((l) => (
                  <tr key={l.id} data-testid={`cart-line-${l.planId}`}>
                    <td>
                      {l.href ? <Link to={l.href}>{l.name}</Link> : l.name}
                      {l.coverageAmount ? (
                        <div className="muted">{t("plan.coverage", { amount: formatWholeDollars(l.coverageAmount, i18n.language) })}</div>
                      ) : null}
                      {l.oneTimeFeeCents ? <div className="muted">{t("cart.oneTimeFee", { amount: money(l.oneTimeFeeCents) })}</div> : null}
                      {l.pairedWith ? <div className="muted">{t("cart.addedWith")}</div> : null}
                      <div>
                        <Link to={`/cart?dialog=plan&line=${l.id}`} preventScrollReset>
                          {t("cart.planDetails")}
                        </Link>
                      </div>
                    </td>
                    <td className={s.amount}>{money(l.priceCents)}</td>
                    <td>
                      {l.removable ? (
                        <Link
                          to={`/cart?dialog=remove&line=${l.id}`}
                          preventScrollReset
                          aria-label={t("cart.removeNamed", { name: l.name })}
                          className={s.remove}
                        >
                          <span aria-hidden="true">✕</span> {t("cart.remove")}
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {cart.l713 ? (
            <div className="notice notice--warning" data-testid="l713-message">
              <p>
                <span aria-hidden="true">ⓘ </span>
                {t("cart.l713Intro")}{" "}
                <Link to="/cart?dialog=fees" preventScrollReset>
                  {t("cart.l713FeeLink")}
                </Link>
              </p>
            </div>
          ) : null}

          {cart.riders.length ? (
            <section aria-labelledby="riders-title">
              <h2 id="riders-title">{t("cart.riders")}</h2>
              <ul className="grid">
                {cart.riders.map((r) => (
                  <li key={r.planId} className="card">
                    <h3>{r.name}</h3>
                    <div dangerouslySetInnerHTML={{ __html: r.shortHtml }} />
                    <p>
                      {money(r.priceCents)}
                      <span className="muted">{t("plans.perMonth")}</span>
                    </p>
                    <Form method="post">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="planId" value={r.planId} />
                      <input type="hidden" name="planPriceId" value={r.planPriceId} />
                      <button className="button button--secondary" type="submit" aria-label={t("plans.addNamed", { name: r.name })}>
                        {t("plans.add")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="notice" aria-label={t("cart.notes")}>
            {cart.adminFee ? <p>{t("cart.adminFeeNote", { carrier: cart.adminFee.carrier, percent: cart.adminFee.percent })}</p> : null}
            <p>{t("cart.optionalLifeNote")}</p>
          </section>
        </div>

        <aside className={`card ${s.summary}`} aria-labelledby="summary-title">
          <h2 id="summary-title">{t("cart.summary")}</h2>
          <dl className={s.totals}>
            <div>
              <dt>{t("cart.initialMonth")}</dt>
              <dd data-testid="initial-month">{money(cart.totals.initialMonthCents)}</dd>
            </div>
            <div>
              <dt>{t("cart.recurringMonth")}</dt>
              <dd data-testid="recurring-month">{money(cart.totals.recurringMonthCents)}</dd>
            </div>
          </dl>
          <StoreForm
            labels={{ effectiveDate: t("cart.effectiveDate") }}
            id="checkout"
            validator={effectiveDateValidator}
            defaultValues={{ effectiveDate: cart.effectiveDate ?? cart.effectiveDates[0] }}
          >
            <input type="hidden" name="intent" value="checkout" />
            <RadioGroup name="effectiveDate" options={cart.effectiveDates.map((d) => ({ value: d, label: isoToUs(d) }))} inline={false} />
            <button className="button" type="submit">
              {t("cart.proceed")}
            </button>
          </StoreForm>
          <div className="button-group">
            <Link className="button button--secondary" to="/cart?dialog=save" preventScrollReset>
              {t("cart.saveCart")}
            </Link>
            <Link className="button button--secondary" to="/plans">
              {t("cart.viewMorePlans")}
            </Link>
          </div>
          <CancelEnrollment />
        </aside>
      </div>

      <RecommendedCarousel cards={data.recommended} />

      {data.dialog === "remove" && data.dialogLine?.removable ? (
        <Dialog id="remove" title={t("cart.removeTitle")} closeTo="/cart">
          <p>{t("cart.removeQuestion", { name: data.dialogLine.name })}</p>
          <Form method="post" action="/cart" className="button-group">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={data.dialogLine.id} />
            <button className="button button--warning" type="submit">
              {t("cart.removeYes")}
            </button>
            <Link className="button button--secondary" to="/cart">
              {t("common.cancel")}
            </Link>
          </Form>
        </Dialog>
      ) : null}

      {data.dialog === "plan" && data.dialogLine ? (
        <Dialog id="plan" title={data.dialogLine.name} closeTo="/cart">
          <div dangerouslySetInnerHTML={{ __html: data.dialogLine.shortHtml }} />
          <p>
            {money(data.dialogLine.priceCents)}
            <span className="muted">{t("plans.perMonth")}</span>
          </p>
          {data.dialogLine.href ? <Link to={data.dialogLine.href}>{t("plans.moreDetails")}</Link> : null}
        </Dialog>
      ) : null}

      {showSave ? (
        <Dialog id="save-cart" title={t("cart.saveTitle")} closeTo="/cart" wide={preview !== null}>
          <p>{t("cart.saveIntro")}</p>
          <StoreForm
            labels={{ name: t("cart.yourName"), email: t("cart.email"), message: t("cart.message") }}
            id="save-cart-form"
            validator={saveCartValidator}
            action="/cart?dialog=save"
            defaultValues={preview?.values as never}
          >
            <TextField name="name" autoComplete="name" maxLength={100} />
            <TextField name="email" type="email" autoComplete="email" maxLength={254} spellCheck={false} />
            <TextAreaField name="message" hint={t("cart.messageHint")} maxLength={1000} />
            {compared.length ? (
              <CheckboxField
                name="includeComparison"
                label={t("compare.includeComparison", { plans: compared.map((p) => p.name).join(", ") })}
              />
            ) : null}
            <div className="button-group">
              <button className="button" type="submit" name="intent" value="send-quote">
                {t("cart.sendQuote")}
              </button>
              <button className="button button--secondary" type="submit" name="intent" value="preview">
                {t("cart.preview")}
              </button>
            </div>
          </StoreForm>
          {preview ? (
            <section aria-labelledby="preview-title" className={s.preview} data-testid="quote-preview" tabIndex={0}>
              <h3 id="preview-title">{t("cart.previewTitle", { subject: preview.subject })}</h3>
              <div dangerouslySetInnerHTML={{ __html: preview.html }} />
            </section>
          ) : null}
        </Dialog>
      ) : null}

      {data.dialog === "quote-sent" && data.sentTo ? (
        <Dialog id="quote-sent" title={t("cart.quoteSentTitle")} closeTo="/cart">
          <p data-testid="quote-sent">{t("cart.quoteSent", { email: data.sentTo })}</p>
          <Link className="button" to="/cart">
            {t("common.ok")}
          </Link>
        </Dialog>
      ) : null}

      {data.dialog === "fees" && cart.l713 ? (
        <Dialog id="fees" title={t("cart.l713Title")} closeTo="/cart" wide>
          {cart.l713.specialMessageHtml ? <div dangerouslySetInnerHTML={{ __html: cart.l713.specialMessageHtml }} /> : null}
          <table data-testid="l713-fees">
            <caption className="visually-hidden">{t("cart.l713Title")}</caption>
            <tbody>
              <tr>
                <th scope="row">{t("cart.fees.unionDues")}</th>
                <td>{money(cart.l713.fees.unionDues)}</td>
              </tr>
              <tr>
                <th scope="row">{t("cart.fees.annuity")}</th>
                <td>{money(cart.l713.fees.annuityFund)}</td>
              </tr>
              <tr>
                <th scope="row">{t("cart.fees.billing")}</th>
                <td>{money(cart.l713.fees.billingFees)}</td>
              </tr>
              <tr>
                <th scope="row">{t("cart.fees.association")}</th>
                <td>
                  {t("cart.fees.associationTiers", {
                    single: money(cart.l713.fees.associationDues.IO),
                    spouse: money(cart.l713.fees.associationDues.IS),
                    children: money(cart.l713.fees.associationDues.IC),
                    family: money(cart.l713.fees.associationDues.IF),
                  })}
                </td>
              </tr>
              <tr>
                <th scope="row">{t("cart.fees.marketer")}</th>
                <td>
                  {t("cart.fees.marketerRange", { from: money(cart.l713.fees.marketerFeesFrom), to: money(cart.l713.fees.marketerFeesTo) })}
                </td>
              </tr>
              <tr>
                <th scope="row">{t("cart.fees.healthWelfare")}</th>
                <td>{money(cart.l713.netPriceCents)}</td>
              </tr>
            </tbody>
          </table>
        </Dialog>
      ) : null}

      {data.dialog === "cancel" ? <CancelDialog /> : null}
    </div>
  );
}

function CancelEnrollment() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to="/cart?dialog=cancel" preventScrollReset>
        {t("cart.cancelEnrollment")}
      </Link>
    </p>
  );
}

export function CancelDialog({ action = "/cart", closeTo = "/cart" }: { action?: string; closeTo?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog id="cancel" title={t("cart.cancelEnrollment")} closeTo={closeTo}>
      <p>{t("cart.cancelQuestion")}</p>
      <Form method="post" action={action} className="button-group">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="cancel-enrollment" />
        <button className="button button--warning" type="submit">
          {t("common.yes")}
        </button>
        <Link className="button button--secondary" to={closeTo}>
          {t("common.no")}
        </Link>
      </Form>
    </Dialog>
  );
}
