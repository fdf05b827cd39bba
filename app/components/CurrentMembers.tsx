import { Form } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CurrentMembersData } from "~/views/members";
import { listHref } from "~/utils/current-members";
import { Breadcrumb } from "./Breadcrumb";
import { Dialog } from "./Dialog";
import { DependentsInfoDialog, TierForm } from "./ChooseTier";
import * as s from "./CurrentMembers.css";
import { statusDate } from "./CarrierStatusList";

/** An e-mail that may wrap only after its "@" and its dots, never mid-word (issue 26 #8). */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  let at = 0;
  const pieces = parts.map((text) => {
    const piece = { text, at, last: at + text.length === email.length };
    at += text.length;
    return piece;
  });
  return (
    <>
      {pieces.map((p) => (
        <span key={p.at}>
          {p.text}
          {p.last ? null : <wbr />}
        </span>
      ))}
    </>
  );
}

/**
 * Choose a current member (storefront §2): search (a plain GET form), a table of 5 rows per
 * page with Previous/Next, and Enroll Now → Choose Tier → dependents, each addressable by URL.
 */
export function CurrentMembers({ data, homeTo }: { data: CurrentMembersData; homeTo: string }) {
  const { t, i18n } = useTranslation();
  const { basePath, q, page, pageCount, total, members, dialog } = data;
  const list = { q, page };
  const here = listHref(basePath, list);
  return (
    <div className="stack">
      <Breadcrumb items={[{ label: t("shell.home"), to: homeTo }, { label: t("breadcrumb.currentMember") }]} />
      <h1>{t("currentMembers.title")}</h1>
      <p>{t("currentMembers.intro")}</p>

      <Form method="get" action={basePath} role="search" aria-label={t("currentMembers.searchLabel")} className={s.search}>
        <div className="field">
          <label className="label" htmlFor="member-search">
            {t("currentMembers.searchLabel")}
          </label>
          <span className="hint" id="member-search-hint">
            {t("currentMembers.searchHint")}
          </span>
          <input
            id="member-search"
            className="input"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="member-search-hint"
          />
        </div>
        <button className="button" type="submit">
          {t("currentMembers.search")}
        </button>
        {q ? (
          <Link className="button button--secondary" to={basePath}>
            {t("currentMembers.clearSearch")}
          </Link>
        ) : null}
      </Form>

      {data.signature ? (
        <p className={`notice${data.signature === "sent" ? " notice--success" : ""}`} role="status" data-testid="signature-notice">
          {t(`currentMembers.signature.${data.signature}`)}
        </p>
      ) : null}
      <p role="status" data-testid="members-count">
        {q ? t("currentMembers.found", { count: total, q }) : t("currentMembers.count", { count: total })}
      </p>

      {members.length === 0 ? (
        <p className="notice" data-testid="no-members">
          {q ? t("currentMembers.noMatch", { q }) : t("currentMembers.noMembers")}
        </p>
      ) : (
        <>
          {/* scrolls sideways on narrow screens: focusable so keyboard users can scroll it */}
          <div className="table-wrap" role="region" aria-labelledby="members-caption" tabIndex={0}>
            <table className={s.table} data-testid="members-table">
              <caption id="members-caption" className={s.caption}>
                {t("currentMembers.caption", { page, pages: pageCount })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("currentMembers.columns.name")}</th>
                  <th scope="col">{t("currentMembers.columns.dob")}</th>
                  <th scope="col">{t("currentMembers.columns.email")}</th>
                  <th scope="col">{t("currentMembers.columns.ssn")}</th>
                  <th scope="col">{t("currentMembers.columns.group")}</th>
                  <th scope="col">{t("currentMembers.columns.plans")}</th>
                  <th scope="col">{t("currentMembers.columns.carrierStatus")}</th>
                  <th scope="col">{t("currentMembers.columns.action")}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id} data-testid="member-row">
                    <th scope="row">{m.name}</th>
                    <td className={s.nowrap}>{m.dob}</td>
                    <td className={s.email}>{m.email ? <EmailText email={m.email} /> : t("currentMembers.notGiven")}</td>
                    <td className={s.nowrap} data-testid="member-ssn">
                      {m.ssn ?? t("currentMembers.notGiven")}
                    </td>
                    <td>{m.groupName ?? t("currentMembers.noGroup")}</td>
                    <td>
                      {m.plans.length === 0 ? (
                        t("currentMembers.noPlans")
                      ) : (
                        <ul className={s.plans}>
                          {m.plans.map((p, i) => (
                            <li key={i} className={p.inactive ? s.inactive : undefined} data-status={p.inactive ? "inactive" : "active"}>
                              {p.name}
                              {p.inactive ? ` ${t("currentMembers.inactive")}` : null}
                              {p.awaitingSignature ? ` ${t("currentMembers.awaitingSignature")}` : null}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td data-testid="member-carrier-status">
                      {m.plans.length === 0 ? null : (
                        <ul className={s.plans}>
                          {m.plans.map((p, i) => (
                            <li key={i} data-state={p.carrier.state}>
                              {t(`carrierStatus.short.${p.carrier.state}`, { date: statusDate(p.carrier.on, i18n.language) })}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td>
                      <Link
                        className={`button ${s.enroll}`}
                        to={listHref(basePath, list, { member: String(m.id), step: "tier" })}
                        preventScrollReset
                      >
                        {t("currentMembers.enrollNow")}
                        <span className="visually-hidden"> {t("currentMembers.enrollNowFor", { name: m.name })}</span>
                      </Link>
                      {m.historyHref ? (
                        <Link className="button button--secondary" to={m.historyHref}>
                          {t("currentMembers.history")}
                          <span className="visually-hidden"> {t("currentMembers.historyOf", { name: m.name })}</span>
                        </Link>
                      ) : null}
                      {m.awaitingSignature ? (
                        <Form method="post" action={here} className="inline-form">
                          <AuthenticityTokenInput />
                          <input type="hidden" name="memberId" value={m.id} />
                          <button className="button button--secondary" type="submit" name="intent" value="resend-signature">
                            {t("currentMembers.resendSignature")}
                            <span className="visually-hidden"> {t("currentMembers.enrollNowFor", { name: m.name })}</span>
                          </button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageCount > 1 ? (
            <nav className={s.pager} aria-label={t("currentMembers.pages")}>
              {page > 1 ? (
                <Link to={listHref(basePath, { q, page: page - 1 })} rel="prev">
                  {t("currentMembers.previous")}
                </Link>
              ) : null}
              <span>{t("currentMembers.pageOf", { page, pages: pageCount })}</span>
              {page < pageCount ? (
                <Link to={listHref(basePath, { q, page: page + 1 })} rel="next">
                  {t("currentMembers.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}

      <p>
        <Link className="button button--secondary" to={homeTo}>
          {t("common.back")}
        </Link>
      </p>

      {dialog?.step === "tier" ? (
        <Dialog id="choose-tier" title={t("tiers.choose")} closeTo={here}>
          <p data-testid="enrolling-member">{t("currentMembers.enrolling", { name: dialog.memberName })}</p>
          <TierForm hidden={{ memberId: String(dialog.memberId) }} backTo={here} />
        </Dialog>
      ) : null}
      {dialog?.step === "dependents" && dialog.tier ? (
        <DependentsInfoDialog
          tier={dialog.tier}
          closeTo={listHref(basePath, list, { member: String(dialog.memberId), step: "tier" })}
          hidden={{ memberId: String(dialog.memberId) }}
        />
      ) : null}
    </div>
  );
}
