import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useFetcher, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useTranslation } from "~/i18n-react";
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

type CompareFetcher = ReturnType<typeof useFetcher>;

/** What every Compare checkbox and the tray of one page share, worked out once (CompareScope). */
interface CompareState {
  tray: CompareTrayData;
  fetcher: CompareFetcher;
  /** Is this plan's box ticked, as the visitor sees it right now? */
  checked(planId: number): boolean;
  /** A box was changed (JavaScript): show its new state at once and send the form in place. */
  change(planId: number, checked: boolean, form: HTMLFormElement | null): void;
}

const CompareContext = createContext<CompareState | null>(null);
const NO_CHANGES: ReadonlyMap<number, boolean> = new Map();

/**
 * Works out once per page what every Compare checkbox needs — the tray's data, the plans the
 * compare form is sending right now, the boxes just changed — and hands it to the tray and the
 * cards inside through one context (a plan list has dozens of cards: no router hook in each).
 * Without it (a page that does not offer Compare) the tray and the checkboxes render nothing.
 */
export function CompareScope({ children }: { children: ReactNode }) {
  const tray = useTrayData();
  const fetcher = useFetcher({ key: FETCHER_KEY });
  // a box shows its new state at once (a controlled checkbox), until the server has answered
  const [changed, setChanged] = useState(NO_CHANGES);
  useEffect(() => {
    if (fetcher.state === "idle") setChanged(NO_CHANGES);
  }, [fetcher.state, tray]);
  const data = fetcher.formData;
  const state = useMemo<CompareState | null>(() => {
    if (!tray) return null;
    // What the compare form is sending (JavaScript), so a box shows its new state at once;
    // nothing when it removes a plan or clears the tray.
    const pending = !data || data.get("remove") || data.get("intent") === "clear" ? null : new Set(data.getAll("plans").map(Number));
    const chosen = new Set(tray.plans.map((p) => p.id));
    return {
      tray,
      fetcher,
      checked: (planId) => changed.get(planId) ?? (pending ? pending.has(planId) : chosen.has(planId)),
      change: (planId, checked, form) => {
        setChanged((before) => new Map(before).set(planId, checked));
        if (form) fetcher.submit(form, { preventScrollReset: true });
      },
    };
  }, [tray, fetcher, data, changed]);
  return <CompareContext.Provider value={state}>{children}</CompareContext.Provider>;
}

/**
 * A plan card's "Compare" checkbox. It belongs to the tray's form (form="compare-form"), with a
 * hidden `shown` field saying the card was on the page (unticking it takes the plan out). With
 * JavaScript, a change sends the form in place; without, the tray's Update button sends it.
 * It reads everything from the page's CompareScope (no router hook of its own); `label` is the
 * translated "Compare", looked up once by the card's list.
 */
export function CompareToggle({ planId, name, label }: { planId: number; name: string; label: string }) {
  const compare = useContext(CompareContext);
  if (!compare) return null;
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
        checked={compare.checked(planId)}
        onChange={(e) => compare.change(planId, e.currentTarget.checked, e.currentTarget.form)}
        data-testid={`compare-toggle-${planId}`}
      />
      <label htmlFor={id}>
        {label}
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
  const compare = useContext(CompareContext);
  const { t } = useTranslation();
  const location = useLocation();
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  if (!compare) return null;
  const { tray, fetcher } = compare;
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
        {current ? <CompareToggle planId={current.id} name={current.name} label={t("compare.toggle")} /> : null}
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
                <button
                  className="button button--link"
                  type="submit"
                  name="remove"
                  value={p.id}
                  aria-label={t("compare.removeNamed", { name: p.name })}
                >
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
