/**
 * Compare plans (issue 18): the plans a visitor chose (up to four, ids only, in the session),
 * the compare tray, the changes the compare form posts, and the side-by-side comparison for
 * the visitor's quote, built from the catalog's structured facts and the pricing engine.
 */
import { redirect } from "@remix-run/node";
import { localRedirect } from "../platform/redirect";
import type { Services } from "../services";
import type { RequestContext } from "../platform/request-context";
import type { StoreSession } from "../platform/session";
import { field } from "../platform/request";
import { carriers, planText, type Catalog, type CatalogPlan } from "../repositories/catalog";
import { planFacts } from "../repositories/plan-facts";
import { planCard, planHref } from "./plan-cards";
import { catalogFor, catalogToday, quoteFacts, shoppingContext } from "./shopping";
import type { QuoteComparison } from "./quote-email";
import type { Enrollment } from "../db/schema";
import { pricePlan, type QuoteFacts } from "~/domain/pricing";
import {
  COMPARE_MAX,
  compareRows,
  onlyDifferences,
  updateSelection,
  type ComparePlanInput,
  type CompareRow,
  type PriceCell,
} from "~/domain/compare";
import type { CompareTrayData, ComparisonData } from "~/views/compare";
import { recordIdFrom } from "~/domain/record-id";

/** A plan that may be compared: one a visitor can open (active, not the membership). */
function comparable(catalog: Catalog, id: number): CatalogPlan | null {
  const plan = catalog.plans.get(id);
  return plan && plan.active === 1 && plan.is_membership === 0 ? plan : null;
}

export function compareHref(ids: ReadonlyArray<number>) {
  return ids.length ? `/compare?plans=${ids.join(",")}` : "/compare";
}

/** The tray: the chosen plans (name, link) and the comparison's address. */
export async function compareTray(services: Services, session: StoreSession, locale: string): Promise<CompareTrayData> {
  const catalog = await catalogToday(services);
  const plans = (session.get("compare") ?? []).map((id) => comparable(catalog, id)).filter((p): p is CatalogPlan => p !== null);
  return {
    plans: plans.map((p) => ({ id: p.id, name: planText(p, locale)?.name ?? p.code, href: planHref(p) })),
    href: plans.length ? compareHref(plans.map((p) => p.id)) : null,
    max: COMPARE_MAX,
  };
}

const badForm = () => new Response("Unknown plan", { status: 400, statusText: "bad-form" });

function planIds(form: FormData, name: string): number[] | null {
  const values = form.getAll(name);
  if (values.length > 200) return null;
  const ids: number[] = [];
  for (const v of values) {
    const id = typeof v === "string" ? recordIdFrom(v.trim()) : null;
    if (id === null) return null;
    ids.push(id);
  }
  return ids;
}

/**
 * What the compare form posts (from the tray or a plan card's checkbox): `remove` takes one plan
 * out, intent `clear` empties the selection, anything else makes the plans `shown` on the page
 * exactly the ticked `plans`. A fifth plan is refused with a message and changes nothing; a plan
 * id the catalog does not offer is a bad form (400), and nothing changes either.
 */
export async function changeCompare(services: Services, session: StoreSession, form: FormData): Promise<Response> {
  const back = localRedirect(field(form, "redirectTo", 500), "/plans");
  const catalog = await catalogToday(services);
  const current = session.get("compare") ?? [];
  const done = async () => redirect(back, { headers: { "Set-Cookie": await services.sessions.commit(session) } });

  const remove = field(form, "remove", 12);
  if (remove) {
    const id = planIds(form, "remove")?.[0];
    if (!id) throw badForm();
    session.set(
      "compare",
      current.filter((p) => p !== id),
    );
    return done();
  }
  if (field(form, "intent", 20) === "clear") {
    session.unset("compare");
    return done();
  }
  const shown = planIds(form, "shown");
  const checked = planIds(form, "plans");
  if (!shown || !checked || [...shown, ...checked].some((id) => !comparable(catalog, id))) throw badForm();
  const result = updateSelection(current, shown, checked);
  if (!result.ok) {
    session.flash({ kind: "error", key: "compare.tooMany", values: { max: COMPARE_MAX }, dialog: "compare" });
    return done();
  }
  session.set("compare", result.ids);
  return done();
}

function priceCell(plan: CatalogPlan, catalog: Catalog, facts: QuoteFacts | null): PriceCell {
  if (!facts) return { kind: "noQuote" };
  const result = pricePlan(plan, catalog.priceRows.get(plan.id) ?? [], facts);
  return result.ok ? { kind: "price", priceCents: result.entries[0].priceCents } : { kind: "pricingError", errorCode: result.errorCode };
}

async function comparePlans(
  services: Services,
  catalog: Catalog,
  plans: CatalogPlan[],
  facts: QuoteFacts | null,
  locale: string,
): Promise<{ inputs: ComparePlanInput[]; rows: CompareRow[] }> {
  const [factsBy, carrierList] = await Promise.all([
    planFacts(
      services.db,
      plans.map((p) => p.id),
      locale,
    ),
    carriers(services.db),
  ]);
  const carrierName = new Map(carrierList.map((c) => [c.id, c.name]));
  const inputs = plans.map((p): ComparePlanInput => {
    const category = catalog.categories.find((c) => c.id === p.category_id);
    return {
      id: p.id,
      carrier: carrierName.get(p.carrier_id) ?? "",
      category: category ? (locale === "es" ? category.heading_es : category.heading_en) : "",
      price: priceCell(p, catalog, facts),
      facts: factsBy.get(p.id) ?? null,
    };
  });
  return { inputs, rows: compareRows(inputs) };
}

/**
 * /compare?plans=…: the chosen plans side by side for this visitor's quote. Unknown or
 * retired plan ids are 404; the caller has already refused more than four.
 */
export async function comparison(
  rc: RequestContext,
  ids: ReadonlyArray<number>,
  options: { differencesOnly: boolean },
): Promise<ComparisonData> {
  const { services } = rc;
  const ctx = await shoppingContext(rc);
  const { catalog, locale, facts } = ctx;
  const plans = ids.map((id) => comparable(catalog, id));
  if (plans.some((p) => p === null)) throw new Response("Not Found", { status: 404 });
  const chosen = plans as CatalogPlan[];
  const { rows } = await comparePlans(services, catalog, chosen, facts, locale);
  const tierLabelKey = ctx.filter?.tierLabelKey ?? null;
  return {
    ids: chosen.map((p) => p.id),
    plans: chosen.map((p) => {
      const card = planCard(catalog, p, {
        facts,
        locale,
        cartPlanIds: ctx.cartPlanIds,
        activePlanIds: ctx.activePlanIds,
        premierInCart: ctx.premierInCart,
        outcome: ctx.outcome,
      });
      return {
        id: p.id,
        name: card.name,
        href: card.href,
        inCart: card.inCart,
        current: card.current,
        hideAdd: card.hideAdd,
        directAdd: card.directAdd,
        removeHref: compareHref(chosen.filter((o) => o.id !== p.id).map((o) => o.id)),
      };
    }),
    rows: options.differencesOnly ? onlyDifferences(rows) : rows,
    differencesOnly: options.differencesOnly,
    differingRows: rows.filter((r) => r.differs).length,
    quoted: Boolean(ctx.quoted),
    tierLabelKey,
    banner: ctx.banner,
  };
}

/** The comparison a quote e-mail carries: the session's chosen plans, priced for the quote. */
export async function comparisonForEmail(
  services: Services,
  session: StoreSession,
  enrollment: Enrollment,
  locale: string,
): Promise<QuoteComparison | null> {
  const [catalog, facts] = await Promise.all([catalogFor(services, enrollment), quoteFacts(services, enrollment)]);
  const chosen = (session.get("compare") ?? []).map((id) => comparable(catalog, id)).filter((p): p is CatalogPlan => p !== null);
  if (!chosen.length) return null;
  const { rows } = await comparePlans(services, catalog, chosen, facts, locale);
  return { plans: chosen.map((p) => ({ name: planText(p, locale)?.name ?? p.code })), rows };
}
