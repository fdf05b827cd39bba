import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CompareTrayData } from "~/views/compare";
import type { ShellData } from "~/views/shell";
import * as s from "./CompareTray.css";

/** The one compare form of a page: the tray, and every Compare checkbox through form="compare-form". */
export const COMPARE_FORM_ID = "compare-form";
const FETCHER_KEY = "compare";

/**
 * The tray's data on a page that offers Compare (its route's handle says `compare: true`: the
 * plans lists and the plan page); null elsewhere, where cards show no checkbox.
 */
function useTrayData(): CompareTrayData | null {
  const offers = useMatches().some((m) => (m.handle as { compare?: boolean } | undefined)?.compare === true);
  const tray = (useRouteLoaderData("routes/_store") as { compare?: CompareTrayData } | undefined)?.compare ?? null;
  return offers ? tray : null;
}

/** The plans chosen to compare, on any store page (the cart offers to e-mail their comparison). */
export function useCompareSelection(): CompareTrayData["plans"] {
  return (useRouteLoaderData("routes/_store") as { compare?: CompareTrayData } | undefined)?.compare?.plans ?? [];
}

/**
 * Plans being changed right now (JavaScript): what the compare form is sending, so a checkbox
 * shows its new state at once; null when nothing is on its way.
 */
function usePending(): Set<number> | null {
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const data = fetcher.formData;
  if (!data || data.get("remove") || data.get("intent") === "clear") return null;
  return new Set(data.getAll("plans").map(Number));
}

/**
 * A plan card's "Compare" checkbox. It belongs to the tray's form (form="compare-form"), with a
 * hidden `shown` field saying the card was on the page (unticking it takes the plan out). With
 * JavaScript, a change sends the form in place; without, the tray's Update button sends it.
 */
export function CompareToggle({ planId, name }: { planId: number; name: string }) {
  const tray = useTrayData();
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const pending = usePending();
  // the box shows its new state at once (a controlled checkbox), until the server has answered
  const [local, setLocal] = useState<boolean | null>(null);
  const chosen = Boolean(tray?.plans.some((p) => p.id === planId));
  useEffect(() => {
    if (fetcher.state === "idle") setLocal(null);
  }, [fetcher.state, chosen]);
  if (!tray) return null;
  const checked = local ?? (pending ? pending.has(planId) : chosen);
  const id = `compare-${planId}`;
  return (
    <div className={s.toggle}>
      <input type="hidden" name="shown" value={planId} form={COMPARE_FORM_ID} />
      <input
        id={id}
        type="checkbox"
        name="plans"
        value={planId}
        form={COMPARE_FORM_ID}
        checked={checked}
        onChange={(e) => {
          setLocal(e.currentTarget.checked);
          const form = e.currentTarget.form;
          if (form) fetcher.submit(form, { preventScrollReset: true });
        }}
        data-testid={`compare-toggle-${planId}`}
      />
      <label htmlFor={id}>
        {t("compare.toggle")}
        <span className="visually-hidden"> {name}</span>
      </label>
    </div>
  );
}

/**
 * The compare tray: what is chosen (names, Remove), the link to the comparison, and the compare
 * form itself. `current`: the plan page's own plan, offered as a checkbox in the tray.
 */
export function CompareTray({ current }: { current?: { id: number; name: string } }) {
  const tray = useTrayData();
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  if (!tray) return null;
  const here = location.pathname + location.search;
  const refused = shell?.flash?.dialog === "compare" ? shell.flash : null;
  const count = tray.plans.length;
  return (
    <section className={s.tray} aria-labelledby="compare-tray-title" data-testid="compare-tray">
      <h2 id="compare-tray-title" className={s.title}>
        {t("compare.trayTitle")}
      </h2>
      <fetcher.Form method="post" action="/compare" id={COMPARE_FORM_ID} className={s.form} preventScrollReset>
        <AuthenticityTokenInput />
        <input type="hidden" name="redirectTo" value={here} />
        {current ? <CompareToggle planId={current.id} name={current.name} /> : null}
        {refused ? (
          <p className="notice notice--error" role="alert" data-testid="compare-refused">
            {t(refused.key, refused.values)}
          </p>
        ) : null}
        <p role="status" className={s.count} data-testid="compare-count">
          {count ? t("compare.chosen", { count, max: tray.max }) : t("compare.none", { max: tray.max })}
        </p>
        {count ? (
          <ul className={s.list}>
            {tray.plans.map((p) => (
              <li key={p.id} className={s.item}>
                <Link to={p.href}>{p.name}</Link>
                <button className="button button--link" type="submit" name="remove" value={p.id} aria-label={t("compare.removeNamed", { name: p.name })}>
                  {t("compare.remove")}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="button-group">
          <button className={`button button--secondary ${s.update}`} type="submit" data-testid="compare-update">
            {t("compare.update")}
          </button>
          {tray.href ? (
            <Link className="button" to={tray.href} data-testid="compare-link">
              {t("compare.compareCount", { count })}
            </Link>
          ) : null}
          {count ? (
            <button className="button button--secondary" type="submit" name="intent" value="clear">
              {t("compare.clear")}
            </button>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
